package solver_test

import (
	"fmt"

	"sudoku/solver"
	"sudoku/solver/trace"
)

// A traced solve, its first events and the position a Replay reaches.
func ExampleTraceSolve() {
	g, _ := solver.Parse("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
	prop, _ := solver.LookupEngine("prop")
	res, tr, err := solver.TraceSolve(prop, g, solver.Options{}, 0)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, e := range tr.Events[16:19] {
		fmt.Println(e.Text(solver.Standard))
	}
	rp := trace.NewReplay()
	for _, e := range tr.Events {
		if err := rp.Apply(e); err != nil {
			fmt.Println(err)
			return
		}
	}
	fmt.Println(len(tr.Events), "events; the replay reaches the solution:", rp.Grid == res.Solution)
	// Output:
	// assign r9c3=4 (clue)
	// eliminate r9c2=4 (r9c3 holds 4)
	// eliminate r9c4=4 (r9c3 holds 4)
	// 971 events; the replay reaches the solution: true
}
