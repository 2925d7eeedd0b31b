package web

import (
	"strconv"

	"github.com/maxence-charriere/go-app/v9/pkg/app"
)

// keypad is the on-screen digit pad for mouse and touch: 1 to 9 and erase,
// applied to the selected cell in the current mode. Each digit shows how
// many are still to place; the highlighted digit's key is pressed.
type keypad struct {
	app.Compo

	Remaining [10]int
	Max       uint8 // the largest digit of the puzzle (a variant's size); 0 for 9
	Highlight uint8
	HideLeft  bool                                      // the settings hide how many are left
	OnDigit   *callback[func(ctx app.Context, d uint8)] // 0 erases
}

var keypadDigits = []uint8{1, 2, 3, 4, 5, 6, 7, 8, 9, 0}

func (k *keypad) Render() app.UI {
	renders.add("keypad")
	return app.Div().Class("keypad").Role("group").Aria("label", "Digits").Body(
		app.Range(keypadDigits).Slice(func(i int) app.UI {
			d := keypadDigits[i]
			id := "key-" + strconv.Itoa(int(d))
			if d == 0 {
				return app.Button().ID(id).Class("key erase").Aria("label", "Erase").Text("⌫").OnClick(k.onClick(0))
			}
			if k.Max != 0 && d > k.Max {
				return nil // not a digit of this puzzle
			}
			left := k.Remaining[d]
			class := "key"
			if left == 0 {
				class += " done"
			}
			if k.HideLeft {
				return app.Button().ID(id).Class(class).Aria("pressed", d == k.Highlight).OnClick(k.onClick(d)).
					Body(app.Span().Class("key-digit").Text(strconv.Itoa(int(d))))
			}
			return app.Button().ID(id).Class(class).
				Aria("label", strconv.Itoa(int(d))+", "+strconv.Itoa(left)+" left").
				Aria("pressed", d == k.Highlight).
				OnClick(k.onClick(d)).
				Body(
					app.Span().Class("key-digit").Text(strconv.Itoa(int(d))),
					app.Text(" "), // the visible text reads "1 7", as the name "1, 7 left" does
					app.Span().Class("key-left").Aria("hidden", true).Text(strconv.Itoa(left)),
				)
		}),
	)
}

func (k *keypad) onClick(d uint8) app.EventHandler {
	return func(ctx app.Context, e app.Event) {
		k.OnDigit.call(ctx, func(f func(app.Context, uint8)) { f(ctx, d) })
	}
}

// modeSwitch is the on-screen choice of what a digit does (Normal, Corner,
// Centre, Colour), for touch; the keys Z, X, C and V do the same.
type modeSwitch struct {
	app.Compo

	Mode     mode
	OnChange *callback[func(ctx app.Context, m mode)]
}

func (s *modeSwitch) Render() app.UI {
	renders.add("modes")
	return app.Div().ID("modes").Class("modes").Role("group").Aria("label", "What a digit does").Body(
		app.Range(modes).Slice(func(i int) app.UI {
			m := modes[i]
			class := "mode"
			if m.mode == s.Mode {
				class += " on"
			}
			return app.Button().ID("mode-"+m.key).Class(class).
				Aria("pressed", m.mode == s.Mode).
				Title(m.name + " (" + string(m.key[0]-'a'+'A') + ")").
				Text(m.name).OnClick(s.onClick(m.mode))
		}),
	)
}

func (s *modeSwitch) onClick(m mode) app.EventHandler {
	return func(ctx app.Context, e app.Event) {
		s.OnChange.call(ctx, func(f func(app.Context, mode)) { f(ctx, m) })
	}
}
