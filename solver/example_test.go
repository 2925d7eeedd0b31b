package solver_test

import (
	"fmt"
	"strings"

	"sudoku/solver"
)

func ExampleSolve() {
	g, err := solver.Parse("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
	if err != nil {
		fmt.Println(err)
		return
	}
	res, err := solver.Solve(g, solver.Options{Limit: 2})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(res.CountString(2), "solution")
	fmt.Print(res.Solution.Pretty())
	// Output:
	// 1 solution
	// 4 1 7 | 3 6 9 | 8 2 5
	// 6 3 2 | 1 5 8 | 9 4 7
	// 9 5 8 | 7 2 4 | 3 1 6
	// ------+-------+------
	// 8 2 5 | 4 3 7 | 1 6 9
	// 7 9 1 | 5 8 6 | 4 3 2
	// 3 4 6 | 9 1 2 | 7 5 8
	// ------+-------+------
	// 2 8 9 | 6 4 3 | 5 7 1
	// 5 7 3 | 2 9 1 | 6 8 4
	// 1 6 4 | 8 7 5 | 2 9 3
}

func ExampleParse_error() {
	_, err := solver.Parse("4.....8.5.3...x......7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
	fmt.Println(err)
	_, err = solver.Parse("4.....8.5.3")
	fmt.Println(err)
	// Output:
	// line 1, column 15: bad character 'x'
	// line 1: puzzle has 11 cells, want 81
}

func ExampleVariant_Check() {
	g, _ := solver.Parse("55" + strings.Repeat(".", 79))
	fmt.Println(solver.Standard.Check(g))
	// Output: digit 5 appears twice in row 1: r1c1 and r1c2
}

func ExampleSolve_diagonal() {
	g, _ := solver.Parse("2.............62....1....7...6..8...3...9...7...6..4...4....8....52.............3")
	for _, v := range []*solver.Variant{solver.Standard, solver.Diagonal} {
		res, _ := solver.Solve(g, solver.Options{Variant: v, Limit: 2})
		fmt.Printf("%s: %s solutions\n", v, res.CountString(2))
	}
	// Output:
	// standard: 2+ solutions
	// diagonal: 1 solutions
}

func ExampleNewReader() {
	text := "# two puzzles and a bad line\n" +
		"4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......:1\n" +
		"4.....8.5.3\n" +
		"..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..\n"
	r := solver.NewReader(strings.NewReader(text), solver.ReadOptions{})
	for {
		e, err := r.Next()
		if err != nil {
			break
		}
		if e.Err != nil {
			fmt.Println(e.Err)
			continue
		}
		fmt.Println(e.Line, e.Clues.Clues(), "clues", e.Note)
	}
	// Output:
	// 2 17 clues 1
	// line 3: puzzle has 11 cells, want 81
	// 4 32 clues
}

func ExampleParseFPuzzles() {
	// A 4x4 killer with one given, as f-puzzles writes it.
	js := `{"size":4,"grid":[[{"value":1,"given":true},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],
		"killercage":[{"cells":["R1C2","R2C2"],"value":"6"},{"cells":["R3C1","R3C2"],"value":"3"},{"cells":["R3C3","R4C3"],"value":"6"},{"cells":["R2C3","R2C4"],"value":"3"}]}`
	p, err := solver.ParseFPuzzles(js, "example")
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, s := range p.Rules.Describe() {
		fmt.Println(s)
	}
	res, _ := p.Rules.Solve(p.Givens, solver.Options{Limit: 2})
	fmt.Println(res.Count, "solution:", res.Solution)
	// Output:
	// Rows, columns and 2x2 boxes hold 1 to 4 once.
	// The cage r1c2 and r2c2 sums to 6 without repeats.
	// The cage r3c1 and r3c2 sums to 3 without repeats.
	// The cage r3c3 and r4c3 sums to 6 without repeats.
	// The cage r2c3 and r2c4 sums to 3 without repeats.
	// 1 solution: [1 2 3 4 3 4 1 2 2 1 4 3 4 3 2 1]
}
