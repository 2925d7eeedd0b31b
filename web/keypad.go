package web

import (
	"strconv"

	"github.com/maxence-charriere/go-app/v9/pkg/app"
)

// keypad is the on-screen digit pad for mouse and touch: 1 to 9 and erase,
// applied to the selected cell.
type keypad struct {
	app.Compo

	OnDigit func(ctx app.Context, d uint8) // 0 erases
}

var keypadDigits = []uint8{1, 2, 3, 4, 5, 6, 7, 8, 9, 0}

func (k *keypad) Render() app.UI {
	return app.Div().Class("keypad").Role("group").Aria("label", "Digits").Body(
		app.Range(keypadDigits).Slice(func(i int) app.UI {
			d := keypadDigits[i]
			label, aria := strconv.Itoa(int(d)), "Digit "+strconv.Itoa(int(d))
			class := "key"
			if d == 0 {
				label, aria, class = "⌫", "Erase", "key erase"
			}
			return app.Button().ID("key-"+strconv.Itoa(int(d))).Class(class).
				Aria("label", aria).Text(label).OnClick(k.onClick(d))
		}),
	)
}

func (k *keypad) onClick(d uint8) app.EventHandler {
	return func(ctx app.Context, e app.Event) {
		if k.OnDigit != nil {
			ctx.Emit(func() { k.OnDigit(ctx, d) })
		}
	}
}
