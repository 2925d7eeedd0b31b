package generate_test

import (
	"fmt"

	"sudoku/solver/generate"
	"sudoku/solver/logic"
)

func ExampleGenerate() {
	p, err := generate.Generate(generate.Options{
		Target:   generate.AtLevel(logic.Medium),
		Symmetry: generate.Rotational,
		Seed:     7,
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(p.Grid)
	fmt.Println(p.Level, p.Clues(), "clues")
	// Output:
	// .29......8..92.4..4....1..9....59.289.83.26.126.81....6..1....3..1.38..6......51.
	// Medium 32 clues
}
