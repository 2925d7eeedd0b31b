package logic

import "fmt"

// Positions returns the position before each step and, last, the position
// after them all: len(ex.Steps)+1 states, replayed from ex.Start. It fails
// only when a step does not fit the position it follows (an Explanation
// built by hand).
func (ex *Explanation) Positions() ([]State, error) {
	out := make([]State, 0, len(ex.Steps)+1)
	s := ex.Start
	if s.t == nil {
		return nil, fmt.Errorf("explanation has no start position")
	}
	out = append(out, s)
	for i, st := range ex.Steps {
		if err := s.Apply(st); err != nil {
			return nil, fmt.Errorf("step %d (%v): %w", i+1, st.Technique, err)
		}
		out = append(out, s)
	}
	return out, nil
}
