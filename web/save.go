package web

import (
	"errors"
	"fmt"

	"sudoku/solver"
)

// storageKey is where the page keeps the user's work in local storage.
const storageKey = "sudoku.save"

// saveVersion is the format version of saved work; a different version is
// not read (and not overwritten).
const saveVersion = 1

// saved is the stored form of a Game.
type saved struct {
	Version  int    `json:"version"`
	Clues    string `json:"clues"`
	Entries  string `json:"entries"`
	Diagonal bool   `json:"diagonal"`
}

func toSaved(g Game) saved {
	return saved{Version: saveVersion, Clues: g.Clues.String(), Entries: g.Entries.String(), Diagonal: g.Diagonal}
}

var errSaveVersion = errors.New("saved by another version of the app")

// fromSaved checks and converts saved work.
func fromSaved(s saved) (Game, error) {
	if s.Version != saveVersion {
		return Game{}, errSaveVersion
	}
	clues, err := solver.Parse(s.Clues)
	if err != nil {
		return Game{}, fmt.Errorf("clues: %w", err)
	}
	entries, err := solver.Parse(s.Entries)
	if err != nil {
		return Game{}, fmt.Errorf("entries: %w", err)
	}
	for i, d := range entries {
		if d != 0 && clues[i] != 0 {
			return Game{}, fmt.Errorf("an entry on the clue %s", solver.CellName(i))
		}
	}
	return Game{Clues: clues, Entries: entries, Diagonal: s.Diagonal}, nil
}
