package web

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
)

// backup is everything the page saves, as one JSON file: the session (game,
// history, time), the settings and the statistics. Export writes it; import
// reads it whole and writes nothing unless every part is sound.
type backup struct {
	App      string     `json:"app"`
	Version  int        `json:"version"`
	Save     *saved     `json:"save,omitempty"`
	Settings *settings  `json:"settings,omitempty"`
	Stats    *statsBook `json:"stats,omitempty"`
}

const (
	backupApp     = "sudoku"
	backupVersion = 1
	// maxImportBytes bounds an imported file: a full history is far smaller.
	maxImportBytes = 4 << 20
)

var errBackup = errors.New("not a file exported by this page")

// readBackup reads and checks an exported file. It fails, saying why, on
// anything but a sound export: other JSON, another version, a session that
// does not restore, settings or statistics out of range.
func readBackup(text []byte) (backup, error) {
	if len(text) > maxImportBytes {
		return backup{}, fmt.Errorf("%w: larger than %d bytes", errBackup, maxImportBytes)
	}
	var b backup
	dec := json.NewDecoder(bytes.NewReader(text))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&b); err != nil {
		return backup{}, fmt.Errorf("%w: %v", errBackup, err)
	}
	if dec.More() {
		return backup{}, fmt.Errorf("%w: text after the data", errBackup)
	}
	if b.App != backupApp || b.Version != backupVersion {
		return backup{}, fmt.Errorf("%w: app %q, version %d", errBackup, b.App, b.Version)
	}
	if b.Save != nil {
		if _, err := fromSaved(*b.Save); err != nil {
			return backup{}, fmt.Errorf("the saved game cannot be restored: %v", err)
		}
	}
	if b.Settings != nil {
		if err := b.Settings.check(); err != nil {
			return backup{}, err
		}
	}
	if b.Stats != nil {
		if err := b.Stats.check(); err != nil {
			return backup{}, err
		}
	}
	return b, nil
}
