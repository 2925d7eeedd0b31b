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
	// ..9..85.1..83.9.....1.7..3..5.941..2.........8..753.9..8..9.7.....1.64..1.48..9..
	// Medium 30 clues
}
