package main

// The explain, hint and grade commands: the logic engine of solver/logic
// on the command line.
//
//	sudoku explain [-variant NAME] [-json] [-techniques LIST] [PUZZLE]
//	sudoku hint [-variant NAME] [-json] [-puzzle CLUES] [-techniques LIST] [STATE]
//	sudoku grade [-variant NAME] [-json] [-j N] [FILE...]
//
// Explain prints the numbered steps that solve a puzzle (an argument, a file
// holding one puzzle, or standard input), then its level and score; -json
// prints one object instead. Hint reads a player's position
// (any puzzle form, a candidate grid or the sudokuwiki "S9B" form), lists
// the placed digits and removed candidates that contradict the solution,
// and prints the next step. Grade grades every puzzle of the files and
// prints a summary. PUZZLE and STATE default to standard input.

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"strings"
	"sync/atomic"

	"sudoku/solver"
	"sudoku/solver/logic"
)

// jsonStep is a step as the -json output writes it.
type jsonStep struct {
	Technique    string            `json:"technique"`
	Placements   []logic.Candidate `json:"placements"`
	Eliminations []logic.Candidate `json:"eliminations"`
	Explanation  string            `json:"explanation"`
	Rating       float64           `json:"rating"`
	Pattern      []logic.Candidate `json:"pattern"`
	Units        []string          `json:"units"`
	Links        []jsonLink        `json:"links"`
}

// jsonLink is a chain's link: {"from":{"cell":"r1c2","digit":3},"to":…,"strong":true}.
type jsonLink struct {
	From   logic.Candidate `json:"from"`
	To     logic.Candidate `json:"to"`
	Strong bool            `json:"strong"`
}

func toJSONStep(st logic.Step, v *solver.Variant) jsonStep {
	js := jsonStep{
		Technique:    st.Technique.String(),
		Placements:   nonNil(st.Placements),
		Eliminations: nonNil(st.Eliminations),
		Explanation:  st.Explanation,
		Rating:       round1(st.Rating),
		Pattern:      nonNil(st.Pattern),
		Units:        []string{},
		Links:        []jsonLink{},
	}
	for _, l := range st.Links {
		js.Links = append(js.Links, jsonLink{l.From, l.To, l.Strong})
	}
	for _, u := range st.Units {
		js.Units = append(js.Units, v.UnitName(u))
	}
	return js
}

func nonNil(cs []logic.Candidate) []logic.Candidate {
	if cs == nil {
		return []logic.Candidate{}
	}
	return cs
}

func round1(x float64) float64 { return float64(int(x*10+0.5)) / 10 }

// techniquesFlag parses -techniques: a comma-separated list of technique
// names, "all" or empty for every technique.
func techniquesFlag(s string) (logic.TechniqueSet, error) {
	if s == "" || s == "all" {
		return 0, nil
	}
	var set logic.TechniqueSet
	for _, name := range strings.Split(s, ",") {
		t, err := logic.ParseTechnique(strings.TrimSpace(name))
		if err != nil {
			return 0, err
		}
		set |= logic.SetOf(t)
	}
	return set, nil
}

func techniqueNames() string {
	var names []string
	for _, t := range logic.Techniques() {
		names = append(names, t.String())
	}
	return strings.Join(names, ", ")
}

// readInput returns the text of the one argument (or of the file it names),
// or all of stdin when there is none or it is "-". fromFile tells whether
// the text came from a file or stdin rather than the argument itself.
func readInput(args []string, stdin io.Reader) (text, name string, fromFile bool, err error) {
	switch {
	case len(args) > 1:
		return "", "", false, fmt.Errorf("want one puzzle, got %d arguments", len(args))
	case len(args) == 1 && args[0] != "-":
		if st, err := os.Stat(args[0]); err == nil && st.Mode().IsRegular() {
			b, err := os.ReadFile(args[0])
			return string(b), args[0], true, err
		}
		return args[0], "arg 1", false, nil
	}
	b, err := io.ReadAll(io.LimitReader(stdin, 1<<20))
	if err != nil {
		return "", "", false, err
	}
	return string(b), "stdin", true, nil
}

// readPuzzle reads the one puzzle of an argument, a file or stdin. A file
// may be in any form solver.NewReader reads but must hold one puzzle.
func readPuzzle(text, name string, fromFile bool) (solver.Grid, error) {
	if !fromFile {
		g, err := solver.Parse(text)
		if err != nil {
			return g, errors.New(parseErr(name, err))
		}
		return g, nil
	}
	r := solver.NewReader(strings.NewReader(text))
	e, err := r.Next()
	if err == io.EOF {
		return solver.Grid{}, fmt.Errorf("%s: no puzzle found", name)
	}
	if err != nil {
		return solver.Grid{}, fmt.Errorf("%s: %v", name, err)
	}
	if e.Err != nil {
		return solver.Grid{}, errors.New(parseErr(name, e.Err))
	}
	if _, err := r.Next(); err != io.EOF {
		return solver.Grid{}, fmt.Errorf("%s holds more than one puzzle (sudoku grade takes files of many)", name)
	}
	return e.Grid, nil
}

// parseErr formats a parse error as the solve command does: "arg 1:1:3: bad
// character 'x'".
func parseErr(name string, err error) string {
	pos, msg := where(item{src: name}, err)
	return pos + ": " + msg
}

func runExplain(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("explain", flag.ContinueOnError)
	fs.SetOutput(stderr)
	vf := addVariantFlags(fs, "")
	asJSON := fs.Bool("json", false, "print one JSON object")
	techs := fs.String("techniques", "", "comma-separated `LIST` of allowed techniques (default all): "+techniqueNames())
	gifPath := fs.String("gif", "", "also draw the steps as an animated GIF in `FILE`")
	gifFrames := fs.Int("gif-frames", defaultGIFFrames, "at most `N` frames in the -gif animation")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: sudoku explain [flags] [PUZZLE]")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	v, err := vf.get()
	if err != nil {
		fmt.Fprintln(stderr, "sudoku explain:", err)
		return 2
	}
	set, err := techniquesFlag(*techs)
	if err == nil && *gifFrames < 2 {
		err = fmt.Errorf("-gif-frames %d: want at least 2", *gifFrames)
	}
	if err != nil {
		fmt.Fprintln(stderr, "sudoku explain:", err)
		return 2
	}
	text, name, fromFile, err := readInput(fs.Args(), stdin)
	if err != nil {
		fmt.Fprintln(stderr, "sudoku explain:", err)
		return 2
	}
	g, err := readPuzzle(text, name, fromFile)
	if err != nil {
		fmt.Fprintln(stderr, "sudoku explain:", err)
		return 1
	}
	ex, err := logic.Explain(g, v, logic.Options{Techniques: set})
	if err != nil {
		fmt.Fprintf(stderr, "sudoku explain: %s: %v\n", name, err)
		return 1
	}
	if *asJSON {
		out := struct {
			Puzzle             string     `json:"puzzle"`
			Variant            string     `json:"variant"`
			Solution           string     `json:"solution"`
			Level              string     `json:"level"`
			Score              float64    `json:"score"`
			Total              float64    `json:"total"`
			Solved             bool       `json:"solved"`
			NeedsContradiction bool       `json:"needs_contradiction"`
			Steps              []jsonStep `json:"steps"`
		}{g.String(), v.Name, ex.Solution.String(), ex.Level.String(), round1(ex.Score), round1(ex.Total), ex.Solved, ex.NeedsContradiction, []jsonStep{}}
		for _, st := range ex.Steps {
			out.Steps = append(out.Steps, toJSONStep(st, v))
		}
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(out); err != nil {
			fmt.Fprintln(stderr, "sudoku explain:", err)
			return 1
		}
	} else {
		fmt.Fprintf(stdout, "Puzzle:   %s (%s)\n", g, v.Name)
		for i, st := range ex.Steps {
			fmt.Fprintf(stdout, "%3d. %s: %s\n", i+1, st.Technique, st.Explanation)
		}
		if ex.Solved {
			fmt.Fprintf(stdout, "Solution: %s\nLevel:    %s, score %.1f (%d steps)\n", ex.Solution, ex.Level, ex.Score, len(ex.Steps))
		}
	}
	if *gifPath != "" {
		if err := writeFileAtomic(*gifPath, func(w io.Writer) error { return explainGIF(w, ex, *gifFrames) }); err != nil {
			fmt.Fprintln(stderr, "sudoku explain: -gif:", err)
			return 2
		}
	}
	if !ex.Solved {
		fmt.Fprintf(stderr, "sudoku explain: %s: stuck after %d steps: %v\n", name, len(ex.Steps), logic.ErrStuck)
		return 1
	}
	return 0
}

func runHint(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("hint", flag.ContinueOnError)
	fs.SetOutput(stderr)
	vf := addVariantFlags(fs, "")
	asJSON := fs.Bool("json", false, "print one JSON object")
	clues := fs.String("puzzle", "", "the puzzle's clues, when STATE does not tell them from placed digits")
	techs := fs.String("techniques", "", "comma-separated `LIST` of allowed techniques (default all)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: sudoku hint [flags] [STATE]")
		fmt.Fprintln(stderr, "STATE: a puzzle, a 729-character candidate grid, a pencil-mark grid or sudokuwiki's S9B form")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	v, err := vf.get()
	if err != nil {
		fmt.Fprintln(stderr, "sudoku hint:", err)
		return 2
	}
	set, err := techniquesFlag(*techs)
	if err != nil {
		fmt.Fprintln(stderr, "sudoku hint:", err)
		return 2
	}
	text, name, _, err := readInput(fs.Args(), stdin)
	if err != nil {
		fmt.Fprintln(stderr, "sudoku hint:", err)
		return 2
	}
	pos, err := logic.ParsePosition(text)
	if err != nil {
		fmt.Fprintln(stderr, "sudoku hint:", parseErr(name, err))
		return 1
	}
	if *clues != "" {
		g, err := solver.Parse(*clues)
		if err != nil {
			fmt.Fprintln(stderr, "sudoku hint:", parseErr("-puzzle", err))
			return 1
		}
		all := pos.Puzzle
		for c := 0; c < 81; c++ {
			if pos.Placed[c] != 0 {
				all[c] = pos.Placed[c]
			}
			if g[c] != 0 && all[c] != 0 && all[c] != g[c] {
				fmt.Fprintf(stderr, "sudoku hint: %s holds %d but the clue is %d\n", solver.CellName(c), all[c], g[c])
				return 1
			}
			if g[c] != 0 && all[c] == 0 {
				fmt.Fprintf(stderr, "sudoku hint: clue %s (%d) is missing from the position\n", solver.CellName(c), g[c])
				return 1
			}
			if g[c] == 0 && all[c] != 0 {
				pos.Placed[c] = all[c]
			} else {
				pos.Placed[c] = 0
			}
		}
		pos.Puzzle, pos.GivensKnown = g, true
	}
	h, err := pos.Hint(v, logic.Options{Techniques: set})
	if err != nil && !errors.Is(err, logic.ErrStuck) {
		if errors.Is(err, logic.ErrNoSolution) && !pos.GivensKnown {
			err = fmt.Errorf("%w with the filled cells as clues: a placed digit may be wrong; give the clues with -puzzle to find it", err)
		}
		fmt.Fprintf(stderr, "sudoku hint: %s: %v\n", name, err)
		return 1
	}
	if *asJSON {
		out := struct {
			Mistakes []string  `json:"mistakes"`
			Step     *jsonStep `json:"step"`
			Complete bool      `json:"complete"`
			Position string    `json:"position"`
		}{Mistakes: []string{}, Position: h.Fixed.SudokuWiki()}
		for _, m := range h.Mistakes {
			out.Mistakes = append(out.Mistakes, m.String())
		}
		if h.HasStep {
			js := toJSONStep(h.Step, v)
			out.Step = &js
		}
		out.Complete = h.Fixed.Solved() && len(h.Mistakes) == 0
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		enc.Encode(out)
	} else {
		if len(h.Mistakes) == 0 {
			fmt.Fprintln(stdout, "No mistakes.")
		} else {
			fmt.Fprintf(stdout, "Mistakes (%d):\n", len(h.Mistakes))
			for _, m := range h.Mistakes {
				fmt.Fprintf(stdout, "  %s\n", m)
			}
		}
		switch {
		case h.HasStep && len(h.Mistakes) > 0:
			fmt.Fprintf(stdout, "Next step, once they are put right: %s: %s\n", h.Step.Technique, h.Step.Explanation)
		case h.HasStep:
			fmt.Fprintf(stdout, "Next step: %s: %s\n", h.Step.Technique, h.Step.Explanation)
		case h.Fixed.Solved() && len(h.Mistakes) == 0:
			fmt.Fprintln(stdout, "The grid is complete and correct.")
		case h.Fixed.Solved():
			fmt.Fprintln(stdout, "Once they are put right, the grid is complete.")
		}
	}
	if errors.Is(err, logic.ErrStuck) {
		fmt.Fprintf(stderr, "sudoku hint: %s: %v\n", name, err)
		return 1
	}
	return 0
}

// gradeResult is one puzzle graded, or why it was not.
type gradeResult struct {
	File               string  `json:"file"`
	Line               int     `json:"line"`
	Puzzle             string  `json:"puzzle,omitempty"`
	Level              string  `json:"level,omitempty"`
	Score              float64 `json:"score,omitempty"`
	Steps              int     `json:"steps,omitempty"`
	NeedsContradiction bool    `json:"needs_contradiction,omitempty"`
	Error              string  `json:"error,omitempty"`
	level              logic.Level
	pos                string // "file:line" or "file:line:col" for messages
}

func runGrade(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("grade", flag.ContinueOnError)
	fs.SetOutput(stderr)
	vf := addVariantFlags(fs, " unless a line's note names a variant")
	asJSON := fs.Bool("json", false, "print one JSON object with every result and the summary")
	jobs := fs.Int("j", runtime.NumCPU(), "puzzles graded at once")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: sudoku grade [flags] [FILE...]")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	v, err := vf.get()
	if err != nil {
		fmt.Fprintln(stderr, "sudoku grade:", err)
		return 2
	}
	if *jobs < 1 {
		fmt.Fprintf(stderr, "sudoku grade: -j %d: want at least 1\n", *jobs)
		return 2
	}
	srcs, err := openSources(nil, fs.Args(), stdin)
	if err != nil {
		fmt.Fprintln(stderr, "sudoku grade:", err)
		return 2
	}
	defer closeSources(srcs)
	var items []item
	var consumed atomic.Int64
	readItems(srcs, &consumed, func(it item) { items = append(items, it) })
	results := make([]gradeResult, len(items))
	solveParallel(len(items), *jobs, func(i int) {
		it := items[i]
		r := gradeResult{File: it.src, Line: it.Line, pos: it.src}
		if it.Line > 0 {
			r.pos = fmt.Sprintf("%s:%d", it.src, it.Line)
		}
		if it.Err != nil {
			r.pos, r.Error = where(it, it.Err)
			results[i] = r
			return
		}
		r.Puzzle = it.Grid.String()
		ex, err := logic.Explain(it.Grid, it.variant(v), logic.Options{})
		switch {
		case errors.Is(err, logic.ErrNoSolution):
			r.Error = "no solution"
		case errors.Is(err, logic.ErrMultipleSolutions):
			r.Error = "multiple solutions"
		case err != nil:
			r.Error = err.Error()
		case !ex.Solved:
			r.Error = logic.ErrStuck.Error()
		default:
			r.Level, r.level, r.Score, r.Steps, r.NeedsContradiction = ex.Level.String(), ex.Level, round1(ex.Score), len(ex.Steps), ex.NeedsContradiction
		}
		results[i] = r
	})
	if len(results) == 0 {
		fmt.Fprintln(stderr, "sudoku grade: no puzzles found")
		return 1
	}
	var perLevel [5]int
	graded, failed, noContra := 0, 0, 0
	for _, r := range results {
		if r.Error != "" {
			failed++
			continue
		}
		graded++
		perLevel[r.level]++
		if !r.NeedsContradiction {
			noContra++
		}
	}
	pct := 0.0
	if graded > 0 {
		pct = 100 * float64(noContra) / float64(graded)
	}
	if *asJSON {
		levels := map[string]int{}
		for l, n := range perLevel {
			levels[logic.Level(l).String()] = n
		}
		out := struct {
			Puzzles []gradeResult `json:"puzzles"`
			Summary any           `json:"summary"`
		}{results, struct {
			Puzzles            int            `json:"puzzles"`
			Graded             int            `json:"graded"`
			Failed             int            `json:"failed"`
			Levels             map[string]int `json:"levels"`
			NoContradictionPct float64        `json:"no_contradiction_pct"`
		}{len(results), graded, failed, levels, round1(pct)}}
		if out.Puzzles == nil {
			out.Puzzles = []gradeResult{}
		}
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		enc.Encode(out)
	} else {
		for _, r := range results {
			pos := r.pos
			if r.Error != "" {
				fmt.Fprintf(stdout, "%s: %s\n", pos, r.Error)
				continue
			}
			extra := ""
			if r.NeedsContradiction {
				extra = ", needs contradiction"
			}
			fmt.Fprintf(stdout, "%s: %s %.1f (%d steps%s)\n", pos, r.Level, r.Score, r.Steps, extra)
		}
		var parts []string
		for l, n := range perLevel {
			parts = append(parts, fmt.Sprintf("%s %d", logic.Level(l), n))
		}
		fmt.Fprintf(stdout, "%d puzzles: %d graded (%s), %.1f%% of them without contradiction; %d not graded\n",
			len(results), graded, strings.Join(parts, ", "), pct, failed)
	}
	if failed > 0 {
		return 1
	}
	return 0
}
