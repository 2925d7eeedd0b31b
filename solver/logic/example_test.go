package logic_test

import (
	"fmt"

	"sudoku/solver"
	"sudoku/solver/logic"
)

func ExampleExplain() {
	g, _ := solver.Parse("..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..")
	ex, err := logic.Explain(solver.Position{Clues: g}, logic.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	for i, st := range ex.Steps[:3] {
		fmt.Printf("%d. %v: %s\n", i+1, st.Technique, st.Explanation)
	}
	fmt.Println(ex.Level, ex.Score, len(ex.Steps), "steps")
	// Output:
	// 1. Hidden Single: In box 1, 6 can only go in r2c2.
	// 2. Hidden Single: In box 1, 8 can only go in r1c2.
	// 3. Hidden Single: In box 2, 1 can only go in r1c6.
	// Easy 1.2 49 steps
}

func ExampleState_NextStep() {
	p, _ := solver.ParsePosition("4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........", solver.ReadOptions{})
	s, _ := logic.NewState(p)
	st, _ := s.NextStep(logic.Options{})
	fmt.Println(st.Technique, st.Placements, st.Eliminations)
	fmt.Println(st.Explanation)
	// Output:
	// Hidden Single [r9c3=7] []
	// In box 7, 7 can only go in r9c3.
}
