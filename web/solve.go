package web

// Solve, Check and the mistake check read the clues' solution the engine's
// worker found (derived.go's solution, kept by the count job: count.go).
// What they mean for the game is worked out here, as values; the root
// applies them through its one commit path.

// solvedFill is Solve's fill from the clues' solution s: the action that
// fills the board and what the page says then (the solve's time and
// nodes: it ran once, when the clues last changed, or with a larger budget
// when Solve asked), or why there is none.
func solvedFill(s *solution) (a action, said, problem string) {
	if m := explainSolveError(s.res, s.err); m != "" {
		return action{}, "", m
	}
	return action{Kind: actFill, Grid: s.res.Solution.String()}, txtSolved(s.took, s.res.Nodes), ""
}

// checkedEntries is Check's verdict on the player's digits in g against the
// clues' solution s: the wrong cells and what the page says; ok is false
// when no check can be made (the message says why).
func checkedEntries(g *game, s *solution) (wrong []int, kind, msg string, ok bool) {
	if m := explainSolveError(s.res, s.err); m != "" {
		return nil, msgError, "Cannot check: " + m, false
	}
	n := 0
	for i, d := range g.Entries {
		if d != 0 && g.Clues[i] == 0 {
			n++
		}
	}
	wrong = g.wrongCells(s.res.Solution)
	switch {
	case n == 0:
		return wrong, msgInfo, "You have not entered any digit yet.", true
	case len(wrong) == 0 && g.Board().Clues() == 81:
		return wrong, msgOK, "Solved! Every digit is right.", true
	case len(wrong) == 0:
		return wrong, msgOK, fmtSoFar(n), true
	case len(wrong) == 1:
		return wrong, msgError, "1 digit is wrong: " + namedCellList(wrong, 8, g.cellName) + ".", true
	}
	return wrong, msgError, fmtWrong(len(wrong), namedCellList(wrong, 8, g.cellName)), true
}

// mistakeCheckText says whether the mistake check (on) is on and can work
// with the clues' solution s.
func mistakeCheckText(on bool, s *solution) string {
	switch {
	case !on:
		return txtMistakesOff
	case !s.valid:
		return txtMistakesWait
	case s.err != nil || s.res.Count != 1:
		return txtMistakesNoSol
	}
	return txtMistakesOn
}
