package generate

import (
	"fmt"

	"sudoku/solver/logic"
)

type targetKind int

const (
	anyTarget targetKind = iota
	levelTarget
	scoreTarget
	techniqueTarget
	usesTarget
)

// A Target is the difficulty asked of a puzzle, as logic.Explain grades it.
// The zero value accepts any puzzle.
type Target struct {
	kind     targetKind
	level    logic.Level
	min, max float64
	tech     logic.Technique
}

// Any accepts every puzzle; it is the zero Target.
func Any() Target { return Target{} }

// AtLevel asks for a puzzle that logic.Explain grades at level l.
func AtLevel(l logic.Level) Target { return Target{kind: levelTarget, level: l} }

// ScoreBetween asks for a puzzle whose score (the rating of its hardest
// step, as logic.Explain gives it) lies in [min, max].
func ScoreBetween(min, max float64) Target { return Target{kind: scoreTarget, min: min, max: max} }

// HardestTechnique asks for a puzzle whose hardest step in logic.Explain's
// solution uses technique t: the highest-rated step (of equal ratings, the
// one the engine tries later) uses t, and no step uses a technique the
// engine tries after t.
func HardestTechnique(t logic.Technique) Target { return Target{kind: techniqueTarget, tech: t} }

// UsingTechnique asks for a puzzle whose solution by logic.Explain uses
// technique t in at least one step, whatever else it needs. Such puzzles
// are graded to the end, so this target costs more per attempt than the
// others.
func UsingTechnique(t logic.Technique) Target { return Target{kind: usesTarget, tech: t} }

// String describes the target: "any", "level Hard", "score 4.0-5.5",
// "hardest technique X-Wing".
func (t Target) String() string {
	switch t.kind {
	case levelTarget:
		return "level " + t.level.String()
	case scoreTarget:
		return fmt.Sprintf("score %.1f-%.1f", t.min, t.max)
	case techniqueTarget:
		return "hardest technique " + t.tech.String()
	case usesTarget:
		return "technique " + t.tech.String()
	}
	return "any"
}

// check reports a target that no puzzle can meet.
func (t Target) check() error {
	switch t.kind {
	case levelTarget:
		if t.level < logic.Easy || t.level > logic.Extreme {
			return fmt.Errorf("%v: %w", t, ErrOptions)
		}
	case scoreTarget:
		lo, hi := logic.FullHouse.Rating(), logic.TrialAndError.Rating()
		if !(t.min <= t.max) || t.max < lo || t.min > hi { // NaN bounds make an empty range too
			return fmt.Errorf("%v: no puzzle scores so (scores run from %.1f to %.1f): %w", t, lo, hi, ErrOptions)
		}
	case techniqueTarget, usesTarget:
		known := false
		for _, k := range logic.Techniques() {
			known = known || k == t.tech
		}
		if !known || t.tech == logic.Cleanup {
			return fmt.Errorf("%v: no puzzle needs it: %w", t, ErrOptions)
		}
	}
	return nil
}

// allowed returns the techniques to try while rating: the longest prefix
// of the engine's order that can still give a step within the target.
// NextStep with this set finds the very steps it finds with every
// technique, as long as those fall in the prefix; when it finds none, the
// full engine would have needed a technique beyond the target.
func (t Target) allowed() logic.TechniqueSet {
	ts := logic.Techniques()
	last := len(ts) - 1
	switch t.kind {
	case levelTarget:
		for last >= 0 && ts[last].Level() > t.level {
			last--
		}
	case scoreTarget:
		for last >= 0 && ts[last].Rating() > t.max {
			last--
		}
	case techniqueTarget:
		for last >= 0 && ts[last] != t.tech {
			last--
		}
	}
	return logic.SetOf(ts[:last+1]...)
}

// singlesOnly reports whether only puzzles that singles solve can meet the
// target (Easy, or a hardest technique among the singles).
func (t Target) singlesOnly() bool {
	switch t.kind {
	case levelTarget:
		return t.level == logic.Easy
	case techniqueTarget:
		return t.tech.Level() == logic.Easy
	}
	return false
}

// tooHard reports whether a step already puts the puzzle beyond the target.
func (t Target) tooHard(st logic.Step) bool {
	switch t.kind {
	case levelTarget:
		return st.Technique.Level() > t.level
	case scoreTarget:
		return st.Rating > t.max
	}
	return false
}

// meets reports whether a grade meets the target.
func (t Target) meets(g grade) bool {
	switch t.kind {
	case levelTarget:
		return g.level == t.level
	case scoreTarget:
		return g.score >= t.min && g.score <= t.max
	case techniqueTarget:
		return g.hardest == t.tech
	case usesTarget:
		return g.used&(1<<uint(t.tech)) != 0
	}
	return true
}
