package web

import (
	"runtime"
	"sort"
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v9/pkg/app"
)

// renderCounts counts the renders of each component of the page since it
// started, by component: what a key press costs in go-app's work, a figure
// the machine's load does not change. Tests read it (renderCounts.of), and
// so does `make measure` in the browser, through the page's
// sudokuRenders(), which returns the counts as "name=n ..." text.
type renderCounts map[string]int

var renders = renderCounts{}

// add counts one render of the component name.
func (c renderCounts) add(name string) { c[name]++ }

// of returns the counts so far, a copy.
func (c renderCounts) of() map[string]int {
	out := make(map[string]int, len(c))
	for k, v := range c {
		out[k] = v
	}
	return out
}

// String writes the counts as "board=3 row=12", by name.
func (c renderCounts) String() string {
	names := make([]string, 0, len(c))
	for k := range c {
		names = append(names, k)
	}
	sort.Strings(names)
	var b strings.Builder
	for i, k := range names {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(k + "=" + strconv.Itoa(c[k]))
	}
	return b.String()
}

// exposeRenders sets the page's sudokuRenders() (in the browser only), and
// sudokuMemory(), the Go heap's figures for make measure: {gc: the
// garbage collections so far, heap: the bytes allocated and not yet
// collected, sys: the bytes of memory the page's Go code holds}.
func exposeRenders() {
	if !app.IsClient {
		return
	}
	app.Window().Set("sudokuRenders", app.FuncOf(func(this app.Value, args []app.Value) any {
		return renders.String()
	}))
	app.Window().Set("sudokuMemory", app.FuncOf(func(this app.Value, args []app.Value) any {
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		return map[string]any{"gc": m.NumGC, "heap": m.HeapAlloc, "sys": m.Sys}
	}))
}
