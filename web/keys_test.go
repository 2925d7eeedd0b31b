package web

import "testing"

var keyCases = []struct {
	k    keyPress
	want command
	ok   bool
}{
	{keyPress{Key: "5", Code: "Digit5"}, command{kind: cmdDigit, digit: 5, mode: modeCurrent}, true},
	// Shift+5 is "%" on a US layout: the physical key tells the digit.
	{keyPress{Key: "%", Code: "Digit5", Shift: true}, command{kind: cmdDigit, digit: 5, mode: modeCorner}, true},
	{keyPress{Key: "5", Code: "Numpad5", Ctrl: true}, command{kind: cmdDigit, digit: 5, mode: modeCentre}, true},
	{keyPress{Key: "5", Code: "Digit5", Ctrl: true, Shift: true}, command{kind: cmdDigit, digit: 5, mode: modeCentre}, true},
	{keyPress{Key: "9"}, command{kind: cmdDigit, digit: 9, mode: modeCurrent}, true},
	{keyPress{Key: "z"}, command{kind: cmdMode, mode: modeNormal}, true},
	{keyPress{Key: "X"}, command{kind: cmdMode, mode: modeCorner}, true},
	{keyPress{Key: "c"}, command{kind: cmdMode, mode: modeCentre}, true},
	{keyPress{Key: "v"}, command{kind: cmdMode, mode: modeColour}, true},
	{keyPress{Key: "z", Ctrl: true}, command{kind: cmdUndo}, true},
	{keyPress{Key: "Z", Ctrl: true, Shift: true}, command{kind: cmdRedo}, true},
	{keyPress{Key: "y", Ctrl: true}, command{kind: cmdRedo}, true},
	{keyPress{Key: "Home", Ctrl: true}, command{kind: cmdJump, to: jumpFirst}, true},
	{keyPress{Key: "End", Ctrl: true}, command{kind: cmdJump, to: jumpLast}, true},
	{keyPress{Key: "Home"}, command{kind: cmdJump, to: jumpRowStart}, true},
	{keyPress{Key: "End"}, command{kind: cmdJump, to: jumpRowEnd}, true},
	{keyPress{Key: "ArrowUp"}, command{kind: cmdMove, dr: -1}, true},
	{keyPress{Key: "ArrowLeft"}, command{kind: cmdMove, dc: -1}, true},
	{keyPress{Key: "Backspace"}, command{kind: cmdErase}, true},
	{keyPress{Key: "0", Code: "Digit0"}, command{kind: cmdErase}, true},
	// Left to the browser.
	{keyPress{Key: "Tab"}, command{}, false},
	{keyPress{Key: "v", Ctrl: true}, command{}, false},
	{keyPress{Key: "c", Ctrl: true}, command{}, false},
	{keyPress{Key: "5", Code: "Digit5", Alt: true}, command{}, false},
	{keyPress{Key: "q"}, command{}, false},
}

func TestKeyCommand(t *testing.T) {
	for _, c := range keyCases {
		got, ok := keyCommand(c.k)
		if got != c.want || ok != c.ok {
			t.Errorf("keyCommand(%+v) = %+v, %v; want %+v, %v", c.k, got, ok, c.want, c.ok)
		}
	}
}

func TestMoveAndJump(t *testing.T) {
	for _, c := range []struct{ cell, dr, dc, want int }{
		{0, 0, -1, 8}, {8, 0, 1, 0}, {0, -1, 0, 72}, {80, 1, 0, 8}, {40, 1, 1, 50},
	} {
		if got := move(c.cell, c.dr, c.dc); got != c.want {
			t.Errorf("move(%d, %d, %d) = %d, want %d", c.cell, c.dr, c.dc, got, c.want)
		}
	}
	for _, c := range []struct{ cell, to, want int }{
		{40, jumpRowStart, 36}, {40, jumpRowEnd, 44}, {40, jumpFirst, 0}, {40, jumpLast, 80},
	} {
		if got := jump(c.cell, c.to); got != c.want {
			t.Errorf("jump(%d, %d) = %d, want %d", c.cell, c.to, got, c.want)
		}
	}
}
