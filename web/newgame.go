package web

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"sudoku/solver"
	"sudoku/web/worker"
)

// genRequest is what the New puzzle and Daily puzzle controls ask of the
// generator. Its options are pure data, so that tests can check them.
type genRequest struct {
	daily   bool
	date    time.Time // the day of a daily puzzle, in the player's time zone
	level   worker.Level
	tech    worker.Technique
	hasTech bool            // practise tech: the puzzle's hardest step uses it
	variant *solver.Variant // the page's rules (a daily puzzle is standard)
	seed    uint64
}

// levelNames are the levels the page offers, easiest first.
var genLevels = []worker.Level{worker.Easy, worker.Medium, worker.Hard, worker.Expert, worker.Extreme}

// practiceTechniques are the techniques offered to practise, in the
// engine's order: every technique beyond the singles (for those, ask for an
// Easy puzzle) but those the generator finds too rarely as a puzzle's
// hardest step to promise one within the page's budget.
var practiceTechniques = func() []worker.Technique {
	var ts []worker.Technique
	for _, t := range worker.Techniques() {
		if t.Level() > worker.Easy && !tooRare[t.ShortName()] && !rulesOnly[t.ShortName()] {
			ts = append(ts, t)
		}
	}
	return ts
}()

// tooRare are the techniques that were the hardest step of a puzzle for at
// most two of the seeds 1, 2 and 3 natively, within genAttempts attempts and
// 2 s (the page runs about five times slower than native code).
// TestPracticeTechniquesGenerate checks that every other one is found.
var tooRare = map[string]bool{ // by short name
	"sf": true, "ht": true, "ur5": true, // Swordfish, Hidden Triple, Unique Rectangle Type 5
	"ar": true, "nq": true, "jf": true, // Avoidable Rectangle, Naked Quad, Jellyfish
	"fjf": true, "hq": true, "alsxz": true, // Finned Jellyfish, Hidden Quad, ALS-XZ
	"db": true, "ufc": true, "dfc": true, // Death Blossom, Unit and Digit Forcing Chains
	"fn": true, "con": true, "trial": true, // Forcing Net, Contradiction, Trial and Error
	// Since the finned Swordfish is found in its plain form too, it takes
	// most of the steps Simple Colouring took as a hardest step (seed 1: none
	// in 5000 attempts).
	"sc": true,
}

// rulesOnly are the techniques that read a variant's constraints (killer
// cages, constraint peers), which the generator's classic puzzles never
// have.
var rulesOnly = map[string]bool{
	"45":          true, // Rule of 45
	"lockedpeers": true, // Locked Candidates (peers)
}

// parseLevel reads a level by its name ("Easy" … "Extreme", any case).
func parseLevel(s string) (worker.Level, error) {
	for _, l := range genLevels {
		if strings.EqualFold(s, l.String()) {
			return l, nil
		}
	}
	return 0, fmt.Errorf("unknown level %q", s)
}

// parsePractice reads the practice select's value: "" for none, else a
// technique's short name among practiceTechniques.
func parsePractice(s string) (worker.Technique, bool, error) {
	if s == "" {
		return 0, false, nil
	}
	for _, t := range practiceTechniques {
		if t.ShortName() == s {
			return t, true, nil
		}
	}
	return 0, false, fmt.Errorf("unknown technique %q", s)
}

// newRequest is the request of the New puzzle button.
func newRequest(level, practice string, v *solver.Variant, seed uint64) (genRequest, error) {
	l, err := parseLevel(level)
	if err != nil {
		return genRequest{}, err
	}
	t, has, err := parsePractice(practice)
	if err != nil {
		return genRequest{}, err
	}
	if v == nil {
		v = solver.Standard
	}
	return genRequest{level: l, tech: t, hasTech: has, variant: v, seed: seed}, nil
}

// dailyRequest is the request of the Daily puzzle button for the day of now.
func dailyRequest(now time.Time) genRequest {
	y, m, d := now.Date()
	return genRequest{daily: true, date: time.Date(y, m, d, 0, 0, 0, 0, now.Location()), variant: solver.Standard}
}

// request is q as the engine's worker takes it: a daily puzzle is
// generate.DailyOptions of its local date (the same for everyone); a new
// one has rotational symmetry when the rules allow it (the worker decides), and the level
// asked, or the technique to practise as its hardest step. The generator
// tries at most genAttempts puzzles.
func (q genRequest) request() *worker.GenerateRequest {
	if q.daily {
		return &worker.GenerateRequest{Daily: q.date.Format(time.DateOnly), MaxAttempts: genAttempts}
	}
	w := &worker.GenerateRequest{Variant: q.variant.Name, Level: q.level, Technique: q.tech, HasTechnique: q.hasTech,
		Seed: q.seed, MaxAttempts: genAttempts}
	w.Symmetry = worker.SymmetryAuto // rotational when the rules allow it
	return w
}

// what names the puzzle asked for: "an Easy puzzle", "a puzzle whose
// hardest step is an X-Wing", "the daily puzzle of Monday 23 November 2026".
func (q genRequest) what() string {
	switch {
	case q.daily:
		return "the daily puzzle of " + q.date.Format("Monday 2 January 2006")
	case q.hasTech:
		return "a puzzle whose hardest step is " + q.tech.String()
	case q.level == worker.Easy || q.level == worker.Expert || q.level == worker.Extreme:
		return "an " + q.level.String() + " puzzle"
	}
	return "a " + q.level.String() + " puzzle"
}

// loadAction is the action loading a generated puzzle: the clues and the
// puzzle's rules, everything else cleared.
func loadAction(p *worker.Puzzle) action {
	return action{Kind: actLoad, Grid: p.Grid.String(), Name: p.Variant}
}

func txtGenerating(q genRequest) string { return "Generating " + q.what() + "…" }

// txtGenerated describes a new puzzle: "New Hard puzzle: 24 clues, hardest
// step X-Wing." or "Daily puzzle for Monday 23 November 2026: Easy, 24 clues."
func txtGenerated(q genRequest, p *worker.Puzzle) string {
	if q.daily {
		return fmt.Sprintf("Daily puzzle for %s: %s, %d clues. The same for everyone today: share it with Copy link.",
			q.date.Format("Monday 2 January 2006"), p.Level, p.Grid.Clues())
	}
	return fmt.Sprintf("New %s puzzle: %d clues, hardest step %s.", p.Level, p.Grid.Clues(), p.Hardest)
}

func txtGenFailed(q genRequest, err error) string {
	if errors.Is(err, worker.ErrGenerateBudget) {
		return fmt.Sprintf("No puzzle found: %s could not be made within %s in this browser. Try again, or pick an easier level or another technique.",
			q.what(), formatDuration(genTime))
	}
	return "The generator failed: " + err.Error() + "."
}

// levelName is the level chosen on the start sheet, Easy by default.
func (s genState) levelName() string {
	if s.level == "" {
		return worker.Easy.String()
	}
	return s.level
}

// newPuzzle is New puzzle's request at the chosen level, or with the
// chosen technique to practise, for the rules v, from a time-based seed.
func (s genState) newPuzzle(v *solver.Variant, now time.Time) (genRequest, error) {
	return newRequest(s.levelName(), s.practice, v, uint64(now.UnixNano()))
}
