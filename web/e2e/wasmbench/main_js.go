//go:build js && wasm

package main

import (
	"fmt"
	"syscall/js"
)

func main() {
	g := js.Global()
	text := g.Get("wasmbenchPuzzles")
	if text.Type() != js.TypeString {
		g.Set("wasmbenchError", "the page did not set wasmbenchPuzzles")
		return
	}
	secs := 3.0
	if s := g.Get("wasmbenchSeconds"); s.Type() == js.TypeNumber {
		secs = s.Float()
	}
	rep, err := measure(text.String(), secs)
	if err != nil {
		g.Set("wasmbenchError", err.Error())
		return
	}
	fmt.Println(rep.line())
	g.Set("wasmbenchResult", rep.line())
}
