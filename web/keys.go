package web

// mode is what a digit typed or pressed on the keypad does to the selected
// cell (SudokuPad's modes, switched with Z, X, C and V).
type mode int

const (
	modeCurrent mode = iota - 1 // in a command: whatever mode the page is in when it runs
	modeNormal                  // places the digit
	modeCorner                  // toggles a corner mark (a candidate)
	modeCentre                  // toggles a centre mark
	modeColour                  // toggles a colour
)

// modes lists the modes in key order, with their names and keys.
var modes = []struct {
	mode      mode
	name, key string
}{
	{modeNormal, "Normal", "z"},
	{modeCorner, "Corner", "x"},
	{modeCentre, "Centre", "c"},
	{modeColour, "Colour", "v"},
}

// keyPress is a key pressed on the board, as the browser reports it: Key is
// KeyboardEvent.key, Code is KeyboardEvent.code (the physical key, which
// tells digits apart whatever Shift makes of them).
type keyPress struct {
	Key, Code        string
	Shift, Ctrl, Alt bool // Ctrl is Ctrl or Cmd
}

// command is what a key press asks of the page.
type command struct {
	kind  cmdKind
	digit uint8 // cmdDigit
	mode  mode  // cmdDigit (the mode it is typed in), cmdMode
	dr    int   // cmdMove: rows down
	dc    int   // cmdMove: columns right
	to    int   // cmdJump: where to, see jump*
}

type cmdKind int

const (
	cmdDigit cmdKind = iota + 1
	cmdErase
	cmdMove
	cmdJump
	cmdUndo
	cmdRedo
	cmdMode
)

// Targets of cmdJump.
const (
	jumpRowStart = iota // Home
	jumpRowEnd          // End
	jumpFirst           // Ctrl+Home
	jumpLast            // Ctrl+End
)

// keyCommand maps a key press on the board to a command; ok is false for
// keys the board leaves to the browser (Tab, Ctrl+C, ...). It is pure so
// that the board can decide at once whether to prevent the key's default
// action.
//
// Digits: alone they act in the mode the page is in when the command runs
// (modeCurrent: a V typed just before counts even if the page has not
// repainted yet); Shift+digit toggles a corner mark and Ctrl+digit a centre
// mark whatever the mode (SudokuPad's keys).
func keyCommand(k keyPress) (command, bool) {
	if k.Alt {
		return command{}, false
	}
	if d := digitOf(k); d != 0 {
		m := modeCurrent
		switch {
		case k.Ctrl:
			m = modeCentre
		case k.Shift:
			m = modeCorner
		}
		return command{kind: cmdDigit, digit: d, mode: m}, true
	}
	if k.Ctrl {
		switch k.Key {
		case "z", "Z":
			if k.Shift {
				return command{kind: cmdRedo}, true
			}
			return command{kind: cmdUndo}, true
		case "y", "Y":
			return command{kind: cmdRedo}, true
		case "Home":
			return command{kind: cmdJump, to: jumpFirst}, true
		case "End":
			return command{kind: cmdJump, to: jumpLast}, true
		}
		return command{}, false
	}
	switch k.Key {
	case "0", ".", " ", "Backspace", "Delete":
		return command{kind: cmdErase}, true
	case "ArrowUp":
		return command{kind: cmdMove, dr: -1}, true
	case "ArrowDown":
		return command{kind: cmdMove, dr: 1}, true
	case "ArrowLeft":
		return command{kind: cmdMove, dc: -1}, true
	case "ArrowRight":
		return command{kind: cmdMove, dc: 1}, true
	case "Home":
		return command{kind: cmdJump, to: jumpRowStart}, true
	case "End":
		return command{kind: cmdJump, to: jumpRowEnd}, true
	}
	for _, m := range modes {
		if k.Key == m.key || k.Key == string(m.key[0]-'a'+'A') {
			return command{kind: cmdMode, mode: m.mode}, true
		}
	}
	return command{}, false
}

// digitOf returns the digit 1-9 a key stands for, or 0. The physical key
// counts first: Shift+1 reports the key "!" on a US layout.
func digitOf(k keyPress) uint8 {
	for _, prefix := range []string{"Digit", "Numpad"} {
		if len(k.Code) == len(prefix)+1 && k.Code[:len(prefix)] == prefix {
			if c := k.Code[len(prefix)]; c >= '1' && c <= '9' {
				return c - '0'
			}
		}
	}
	if len(k.Key) == 1 && k.Key[0] >= '1' && k.Key[0] <= '9' {
		return k.Key[0] - '0'
	}
	return 0
}

// move returns the cell dr rows down and dc columns right of cell, wrapping
// around within the row and the column.
func move(cell, dr, dc int) int { return moveIn(9, cell, dr, dc) }

// moveIn is move on an n x n grid.
func moveIn(n, cell, dr, dc int) int {
	r, c := cell/n, cell%n
	r, c = (r+dr+n)%n, (c+dc+n)%n
	return r*n + c
}

// jump returns the cell a cmdJump goes to from cell.
func jump(cell, to int) int { return jumpIn(9, cell, to) }

// jumpIn is jump on an n x n grid.
func jumpIn(n, cell, to int) int {
	switch to {
	case jumpRowStart:
		return cell / n * n
	case jumpRowEnd:
		return cell/n*n + n - 1
	case jumpFirst:
		return 0
	}
	return n*n - 1
}
