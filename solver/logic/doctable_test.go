package logic

import (
	"fmt"
	"os"
	"strings"
	"testing"
)

// docTable writes the technique table of the package documentation from
// techTable, as doc.go must hold it.
func docTable() string {
	var b strings.Builder
	fmt.Fprintf(&b, "//\t%-36s %-6s %-41s %s\n", "technique", "short", "rating", "level")
	for t := FullHouse; t < numTechniques; t++ {
		ti := techTable[t]
		r := fmt.Sprintf("%.1f", ti.rating)
		if ti.note != "" {
			r += " " + ti.note
		}
		fmt.Fprintf(&b, "//\t%-36s %-6s %-41s %s\n", ti.name, ti.short, r, ti.level)
	}
	return b.String()
}

// TestDocTable checks that the package documentation lists every technique
// with its short name, rating and level, in the engine's order.
func TestDocTable(t *testing.T) {
	doc, err := os.ReadFile("doc.go")
	if err != nil {
		t.Fatal(err)
	}
	if want := docTable(); !strings.Contains(string(doc), want) {
		t.Errorf("doc.go does not hold the technique table; want\n%s", want)
	}
}

// TestTechniqueTable checks every entry of techTable: a name, a short name
// that ParseTechnique maps back, a rating on the scale (the finders:
// TestEveryTechniqueHasAFinder).
func TestTechniqueTable(t *testing.T) {
	short := map[string]Technique{}
	for tech := Technique(0); tech < numTechniques; tech++ {
		ti := techTable[tech]
		if ti.name == "" || ti.short == "" || ti.rating < 1 || ti.rating > 10 {
			t.Errorf("technique %d: incomplete entry %+v", int(tech), ti)
			continue
		}
		if o, dup := short[ti.short]; dup {
			t.Errorf("%v and %v share the short name %q", o, tech, ti.short)
		}
		short[ti.short] = tech
		for _, s := range []string{ti.name, ti.short} {
			if got, err := ParseTechnique(s); err != nil || got != tech {
				t.Errorf("ParseTechnique(%q) = %v, %v, want %v", s, got, err, tech)
			}
		}
	}
}
