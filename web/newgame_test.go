package web

import (
	"fmt"
	"strings"
	"sudoku/web/worker"
	"testing"
	"time"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"sudoku/solver"
	"sudoku/solver/generate"
	"sudoku/solver/logic"
	"sudoku/web/worker/jobs"
)

func TestParseLevelAndPractice(t *testing.T) {
	for _, l := range genLevels {
		for _, s := range []string{l.String(), strings.ToLower(l.String())} {
			if got, err := parseLevel(s); err != nil || got != l {
				t.Errorf("parseLevel(%q) = %v, %v; want %v", s, got, err, l)
			}
		}
	}
	for _, s := range []string{"", "Insane", "Level(9)"} {
		if _, err := parseLevel(s); err == nil {
			t.Errorf("parseLevel(%q) took a level that does not exist", s)
		}
	}
	if _, has, err := parsePractice(""); has || err != nil {
		t.Errorf(`parsePractice("") = %v, %v; want no technique`, has, err)
	}
	if tech, has, err := parsePractice("xw"); !has || err != nil || tech != worker.Technique(logic.XWing) {
		t.Errorf(`parsePractice("xw") = %v, %v, %v`, tech, has, err)
	}
	for _, s := range []string{"ns", "cleanup", "nonsense"} { // singles are the Easy level, not a practice
		if _, _, err := parsePractice(s); err == nil {
			t.Errorf("parsePractice(%q) took a technique the page does not offer", s)
		}
	}
}

// TestTooRareNamesTechniques: every technique left out of the practice list
// is named by one of the engine's short names, and none is offered.
func TestTooRareNamesTechniques(t *testing.T) {
	for short := range tooRare {
		tech, err := logic.ParseTechnique(short)
		if err != nil || tech.ShortName() != short {
			t.Errorf("tooRare names %q: %v, %v", short, tech, err)
		}
		if _, _, err := parsePractice(short); err == nil {
			t.Errorf("%q is too rare yet offered", short)
		}
	}
}

func TestGenRequestOptions(t *testing.T) {
	q, err := newRequest("Hard", "", solver.Diagonal, 42)
	if err != nil {
		t.Fatal(err)
	}
	opt := genOptions(t, q)
	if opt.Variant != solver.Diagonal || opt.Seed != 42 || opt.Target != generate.AtLevel(logic.Hard) || opt.MaxAttempts != genAttempts {
		t.Errorf("New puzzle options = %+v", opt)
	}
	if err := opt.Check(); err != nil {
		t.Errorf("the options of a diagonal Hard puzzle: %v", err)
	}
	q, _ = newRequest("Easy", "sky", nil, 1)
	if opt := genOptions(t, q); opt.Target != generate.HardestTechnique(logic.Skyscraper) || opt.Variant != solver.Standard {
		t.Errorf("practising the Skyscraper: target %v, variant %v", opt.Target, opt.Variant)
	}
	if got := q.what(); got != "a puzzle whose hardest step is Skyscraper" {
		t.Errorf("what() = %q", got)
	}

	// The daily puzzle is generate's, from the local date alone: the time
	// of day and the rules on the page do not matter.
	loc := time.FixedZone("UTC+13", 13*3600)
	morning := dailyRequest(time.Date(2026, 11, 23, 0, 5, 0, 0, loc))
	evening := dailyRequest(time.Date(2026, 11, 23, 23, 55, 0, 0, loc))
	want := generate.DailyOptions(time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC))
	for _, q := range []genRequest{morning, evening} {
		opt := genOptions(t, q)
		if opt.Seed != want.Seed || opt.Target != want.Target || opt.Symmetry != want.Symmetry || opt.Variant != nil {
			t.Errorf("daily options %+v, want generate.DailyOptions %+v", opt, want)
		}
	}
	if got := morning.what(); got != "the daily puzzle of Monday 23 November 2026" {
		t.Errorf("what() = %q", got)
	}
}

// genOptions are the generator's options of q, as the engine's worker
// reads them from q.request().
func genOptions(t *testing.T, q genRequest) generate.Options {
	t.Helper()
	opt, err := jobs.Options(*q.request())
	if err != nil {
		t.Fatal(err)
	}
	return opt
}

func TestNewPuzzleLoadsAsNewGame(t *testing.T) {
	h := open(t, "/?p="+unique, nil)
	before := h.game()

	q, err := newRequest("Easy", "", solver.Standard, 7)
	if err != nil {
		t.Fatal(err)
	}
	resp := worker.Handle(worker.Request{Op: worker.OpGenerate, Generate: q.request()})
	p, err := resp.GeneratedPuzzle()
	if err != nil {
		t.Fatalf("generate in the worker: %v", err)
	}
	if p.Level != worker.Easy {
		t.Errorf("asked for Easy, got %v", p.Level)
	}
	h.do(func(ctx app.Context) {
		h.root.generate(ctx, q, nil) // the page says it is working and the buttons wait
		if !h.root.jobs.generating || !strings.HasPrefix(h.root.status.msg, "Generating an Easy puzzle") {
			t.Errorf("while generating: busy %v, message %q", h.root.jobs.generating, h.root.status.msg)
		}
	})
	// The generator runs outside the event handler and dispatches its
	// puzzle back: the same one, as the seed is the same.
	for deadline := time.Now().Add(time.Minute); h.root.jobs.generating && time.Now().Before(deadline); {
		time.Sleep(10 * time.Millisecond)
		h.disp.Consume()
	}
	if h.root.jobs.generating {
		t.Fatal("the generated puzzle never came back")
	}
	g := h.game()
	if g.Clues != p.Grid || g.Clues.Clues() < 17 {
		t.Fatalf("board clues %s, want the generated %s", g.Clues, p.Grid)
	}
	if h.root.editing || h.root.jobs.generating {
		t.Errorf("after loading: editing %v, busy %v", h.root.editing, h.root.jobs.generating)
	}
	if want := fmt.Sprintf("New Easy puzzle: %d clues", p.Grid.Clues()); !strings.HasPrefix(h.text("message"), want) {
		t.Errorf("message %q, want it to start %q", h.text("message"), want)
	}
	if h.text("count") != "Unique solution." {
		t.Errorf("count %q", h.text("count"))
	}
	if h.query().Get("p") != p.Grid.String() {
		t.Errorf("address bar p=%s, want the new puzzle", h.query().Get("p"))
	}
	// It is a new game like any other: undo brings the old one back.
	h.keys("Ctrl+z")
	if g := h.game(); !g.Equal(&before) {
		t.Errorf("undo after New puzzle gave clues %s", g.Clues)
	}
}

func TestDailyPuzzleFollowsItsRulesAndSaysTheDate(t *testing.T) {
	h := open(t, "/?p="+unique+"&v=diagonal", nil)
	q := dailyRequest(time.Date(2026, 11, 23, 9, 0, 0, 0, time.UTC))
	p, err := generate.Daily(nil, q.date)
	if err != nil {
		t.Fatal(err)
	}
	h.do(func(ctx app.Context) { h.root.generated(ctx, q, jobs.FromPuzzle(p), nil) })
	if g := h.game(); g.Clues != p.Grid || g.Rules() != solver.Standard {
		t.Errorf("daily loaded as clues %s, rules %s; want %s, standard", g.Clues, g.Rules().Name, p.Grid)
	}
	msg := h.text("message")
	if !strings.HasPrefix(msg, "Daily puzzle for Monday 23 November 2026: "+p.Level.String()) {
		t.Errorf("message %q lacks the date and level", msg)
	}
	h.do(func(ctx app.Context) { h.root.generated(ctx, q, jobs.FromPuzzle(p), nil) }) // again: nothing lost
	if _, actions, _ := h.root.store.History(); len(actions) != 1 {
		t.Errorf("loading the daily puzzle twice recorded %d actions", len(actions))
	}
	if msg := h.text("message"); !strings.HasPrefix(msg, "This is already the daily puzzle") {
		t.Errorf("second daily: message %q", msg)
	}
	// The generator running out of budget is said plainly.
	h.do(func(ctx app.Context) {
		h.root.generated(ctx, q, nil, fmt.Errorf("after 3 attempts: %w", worker.ErrGenerateBudget))
	})
	if msg := h.text("message"); !strings.HasPrefix(msg, "No puzzle found") || h.tag("message") == "" || h.attr("message", "role") != "alert" {
		t.Errorf("budget message %q, role %q", msg, h.attr("message", "role"))
	}
}

// Every technique the page offers to practise gives a puzzle whose hardest
// step it is, within the page's attempts (seed 1, no deadline: the same
// result on every run).
func TestPracticeTechniquesGenerate(t *testing.T) {
	if testing.Short() {
		t.Skip("a few seconds of generating")
	}
	if len(practiceTechniques) < 20 {
		t.Errorf("only %d techniques to practise", len(practiceTechniques))
	}
	for _, tech := range practiceTechniques {
		q, err := newRequest("Easy", tech.ShortName(), nil, 1)
		if err != nil {
			t.Fatal(err)
		}
		p, err := generate.Generate(genOptions(t, q))
		if err != nil {
			t.Errorf("practising %v: %v", tech, err)
			continue
		}
		if worker.Technique(p.Hardest) != tech {
			t.Errorf("practising %v: the hardest step is %v", tech, p.Hardest)
		}
	}
}

// The start sheet's Practise choice reaches the generator: New puzzle then
// makes a puzzle whose hardest step is that technique, and says so.
func TestPractiseFromTheStartSheet(t *testing.T) {
	h := open(t, "/?p="+unique, nil)
	tech := practiceTechniques[0]
	h.do(func(ctx app.Context) {
		h.root.onUI(ctx, uiEvent{name: "open:" + panelStart})
		h.root.onUI(ctx, uiEvent{name: "practice", value: tech.ShortName()})
		h.root.onUI(ctx, uiEvent{name: "new"})
	})
	for deadline := time.Now().Add(time.Minute); h.root.jobs.generating && time.Now().Before(deadline); {
		time.Sleep(10 * time.Millisecond)
		h.disp.Consume()
	}
	if g := h.game(); h.root.jobs.generating || g.Clues.String() == unique {
		t.Fatalf("no new puzzle: busy %v, clues %s", h.root.jobs.generating, g.Clues)
	}
	if msg := h.text("message"); !strings.HasSuffix(msg, "hardest step "+tech.String()+".") {
		t.Errorf("practising %v: %q", tech, msg)
	}
}
