package web

import (
	"encoding/json"
	"math"
	"reflect"
	"strings"
	"testing"
	"time"
)

// FuzzSave reads arbitrary bytes as saved work from local storage (JSON
// into saved, then fromSaved, as loadSaved does). It never panics. Work it
// accepts holds a sound game and starting point (verifyGame), a history no
// longer than a store keeps (maxHistory), times the page's clock can hold (0 up to the largest time.Duration, on the session
// and on every action that carries one), saves again to JSON that reads
// back to the same session, and undoing every action gives the starting
// point back while redoing them all gives the game the whole history makes.
//
//	go test ./web -run '^$' -fuzz '^FuzzSave$' -fuzztime 30s
func FuzzSave(f *testing.F) {
	for _, raw := range badSaves {
		f.Add([]byte(raw))
	}
	f.Add([]byte(`{"version":1,"clues":"` + unique + `","entries":".6` + empty[2:] + `","diagonal":true}`))
	games := linkSeedGames(f)
	s := newStore(games[len(games)-1])
	for _, a := range scriptedGame {
		s.Do(a)
	}
	s.Undo()
	for _, ss := range []session{{store: s, elapsed: 61_500, paused: true, mistakes: true, link: "p=" + unique}, {store: newStore(game{}), editing: true}} {
		data, err := json.Marshal(toSaved(ss))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	for _, g := range variantSeedGames(f) {
		s := newStore(linkSeedGames(f)[0])
		s.Do(action{Kind: actLoad, Grid: g.Clues.String(), Rules: rulesJSON(g.Custom), Title: g.Title})
		s.Do(action{Kind: actPlace, Cell: 7, Digit: 1})
		for _, ss := range []session{{store: s}, {store: newStore(g)}} {
			data, err := json.Marshal(toSaved(ss))
			if err != nil {
				f.Fatal(err)
			}
			f.Add(data)
		}
	}
	f.Add([]byte(`{"version":2,"base":{"clues":"` + unique + `","entries":"` + empty + `","variant":"standard"},"elapsed_ms":9223372036854775807}`))
	f.Add([]byte(`{"version":2,"base":{"clues":"` + unique + `","entries":"` + empty + `","variant":"standard"},"actions":[{"k":"clear","t":-5}],"pos":1}`))
	f.Add([]byte(`{"version":2,"base":{"clues":"` + unique + `","entries":"` + empty + `","variant":"standard"},"actions":[` +
		strings.Repeat(`{"k":"place","c":1,"d":5},{"k":"place","c":1},`, maxHistory/2) + `{"k":"clear"}],"pos":0}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > 1<<16 {
			return
		}
		var s saved
		if err := json.Unmarshal(data, &s); err != nil {
			return
		}
		ss, err := fromSaved(s)
		if err != nil {
			if err.Error() == "" {
				t.Fatalf("fromSaved(%s): an empty error", data)
			}
			return
		}
		base, actions, pos := ss.store.History()
		if len(actions) > maxHistory {
			t.Fatalf("fromSaved: a history of %d actions, more than a store keeps (%d)", len(actions), maxHistory)
		}
		verifyGame(t, "saved starting point", base)
		verifyGame(t, "saved game", ss.store.Game())
		const maxMs = math.MaxInt64 / int64(time.Millisecond)
		if ss.elapsed < 0 || ss.elapsed > maxMs {
			t.Fatalf("fromSaved(%s): %d ms played, beyond the clock", data, ss.elapsed)
		}
		for i, a := range actions {
			if a.Played < 0 || a.Played > maxMs {
				t.Fatalf("fromSaved(%s): action %d gives back %d ms played, beyond the clock", data, i+1, a.Played)
			}
		}

		out, err := json.Marshal(toSaved(ss))
		if err != nil {
			t.Fatalf("saving %s again: %v", data, err)
		}
		var s2 saved
		if err := json.Unmarshal(out, &s2); err != nil {
			t.Fatalf("saved %s as %s, which does not decode: %v", data, out, err)
		}
		back, err := fromSaved(s2)
		if err != nil {
			t.Fatalf("saved %s as %s, which does not load: %v", data, out, err)
		}
		g, w := back.store.Game(), ss.store.Game()
		b2, a2, p2 := back.store.History()
		if !g.Equal(&w) || !b2.Equal(&base) || p2 != pos || !reflect.DeepEqual(a2, actions) ||
			back.elapsed != ss.elapsed || back.paused != ss.paused || back.editing != ss.editing || back.mistakes != ss.mistakes || back.link != ss.link {
			t.Fatalf("saved %s as %s, which loads as another session", data, out)
		}

		st := ss.store
		for st.Undo() {
		}
		if g := st.Game(); !g.Equal(&base) {
			t.Fatalf("fromSaved(%s): undoing every action does not give the starting point", data)
		}
		for st.Redo() {
		}
		all, err := restoreStore(base, actions, len(actions))
		if err != nil {
			t.Fatalf("fromSaved(%s): the whole history does not restore: %v", data, err)
		}
		if g, w := st.Game(), all.Game(); !g.Equal(&w) {
			t.Fatalf("fromSaved(%s): redoing every action gives another game than the whole history", data)
		}
	})
}
