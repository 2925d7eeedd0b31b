package main

import (
	"flag"
	"fmt"
	"strings"

	"sudoku/solver"
)

// variantFlags is the one way every command names its rules: -variant NAME,
// with -diagonal kept as an alias for -variant diagonal.
type variantFlags struct {
	name     string
	diagonal bool
}

// addVariantFlags declares -variant and -diagonal on fs. what completes the
// help text ("" for nothing), e.g. " unless a line's note names a variant".
func addVariantFlags(fs *flag.FlagSet, what string) *variantFlags {
	vf := new(variantFlags)
	fs.StringVar(&vf.name, "variant", "standard", "the rules, by `NAME`"+what+":"+variantRules())
	fs.BoolVar(&vf.diagonal, "diagonal", false, "short for -variant diagonal")
	return vf
}

// get returns the chosen variant, or an error for an unknown name or for
// -diagonal given with another variant.
func (vf *variantFlags) get() (*solver.Variant, error) {
	v, err := solver.LookupVariant(vf.name)
	if err != nil {
		return nil, fmt.Errorf("-variant %q: unknown variant (known: %s)", vf.name, variantNames())
	}
	if vf.diagonal {
		if v != solver.Standard && v != solver.Diagonal {
			return nil, fmt.Errorf("-diagonal and -variant %s: choose one", v.Name)
		}
		v = solver.Diagonal
	}
	return v, nil
}

// variantRules lists the known variants, one a line: name and rule.
func variantRules() string {
	var b strings.Builder
	for _, v := range solver.Variants() {
		fmt.Fprintf(&b, "\n  %s: %s", v.Name, v.Rule)
	}
	return b.String()
}

func variantNames() string {
	var names []string
	for _, v := range solver.Variants() {
		names = append(names, v.Name)
	}
	return strings.Join(names, ", ")
}
