// Package logic solves Sudoku puzzles the way a person does: one step at a
// time, each step found by a named technique and explained in one sentence.
// It gives the next step from any position (clues, digits the player placed
// and, if they like, their own candidates), checks a player's position
// against the solution, and grades puzzles. It uses only the standard
// library and builds for WebAssembly like the solver package.
//
// # Positions and steps
//
// A State is a position under a solver.Variant: NewState reads a
// solver.Position (a puzzle's clues, or a game in progress with the digits
// placed and, if the player keeps them, candidates), as solver.ParsePosition
// reads one from text in any format; State.Position gives it back, for
// solver.Position.Text to write. State.NextStep returns the
// easiest Step the allowed techniques find; State.Apply plays it. A Step
// names its Technique, the candidates of the pattern, the units used, its
// placements and eliminations, and a plain-English Explanation.
//
// Explain repeats NextStep until the grid is full and grades the puzzle
// (or the steps left from a player's position, after its mistakes); Hint
// reports a player's mistakes ("r2c3 is not 5") and then the next step
// from their own position with the mistakes put right. Both take a
// solver.Position and Options, which may carry the solution when the
// caller knows it. Puzzles without
// exactly one solution give ErrNoSolution or ErrMultipleSolutions and are
// not graded.
//
// # Variant puzzles: Position
//
// A Position is a puzzle, or a player's game, under solver.Rules of any
// size from 4x4 to 9x9: irregular regions, extra regions, killer cages,
// thermometers, dots and the other constraints of solver.ConstraintKinds.
// Position.Explain, Position.Hint and Position.State work as Explain, Hint
// and NewState do (classic and Diagonal rules go through them unchanged).
// The engine's units are then the rules' rows, columns, boxes or regions
// and the extra regions that hold every digit; shorter extra regions,
// cages, renban lines and cells a constraint makes differ (a knight's or
// king's move apart) are peers. The Constraint technique gives each
// constraint's own eliminations with the rule in words (a thermometer's
// bounds over its whole line at once). Four techniques read the
// constraints as players do: Line Bounds (a between line's inner cells
// that see each other need that many digits between its ends), Sum
// Combinations (the ways a cage, an arrow or a little killer can still
// make its sum, cells that see each other differing: "r1c3 = 1 needs r1c4
// = 8"), the Rule of 45 (a row, column, box or region, or a run of
// neighbouring rows or columns, sums to N(N+1)/2 per unit, so the cages
// inside it leave its other cells, the innies, a known sum, and the cages
// reaching into it leave their cells outside it, the outies, one; one or
// two such cells make a step, and so do one innie and one outie, whose
// difference is known) and Locked Candidates (peers) (a digit's places in
// a unit all see one cell through the constraints' peers). Contradiction
// follows an assumption through the constraints too; Trial and Error
// refutes with the rules engine's search from the position's candidates
// (solver.Rules.SolveCandidates). The uniqueness techniques run only when
// the rules are units alone on a 9x9 grid with boxes (a constraint can
// break the swap they rest on), the finned fish and the empty rectangle
// only on 3x3 boxes. Cells are numbered in a 9-wide frame, r*9+c, whatever
// the size (FrameCell and RulesCell convert), so a step's cell names read
// the same in every size.
//
// # Techniques and variants
//
// The engine reads the variant's units, so every technique works on the
// diagonal variant too (a hidden single or a naked pair on a diagonal, a
// diagonal's candidates locked in a box, chains through diagonal strong
// links), with two deliberate limits: fish use rows and columns only, and
// the unique, hidden and avoidable rectangles never use a cell of an extra
// unit, because swapping two digits in four such cells could break that
// unit. BUG+1 checks every
// unit of the variant, so its argument holds for any variant. Chains link
// candidates by strong links (the last two places of a digit in a unit, the
// last two candidates of a cell) and weak links (peers, one cell); the
// grouped chains add groups, a digit's places where two units cross (a box
// and a line, a box and a diagonal), as nodes. A chain whose two ends are
// weakly linked closes into a continuous nice loop, in which every weak link
// holds exactly one true candidate. 3D Medusa colours the
// candidates of every digit joined by strong links. Almost locked sets (n
// cells of a unit holding n+1 digits) give ALS-XZ, ALS-XY-Wing and ALS
// chains (four or five sets, each joined to the next); Sue de
// Coq splits the digits of a box-line crossing between the line and the
// box.
//
// Forcing chains are the last named techniques: they follow every
// possibility of one choice (the candidates of a cell, the places of a digit
// in a unit, a candidate being true or false) by naked and hidden singles,
// and conclude what all possibilities lead to; a possibility that leaves a
// cell or a digit without a place is impossible and drops out, as long as
// two others remain. The explanation follows each possibility only through
// the singles the conclusion needs, each with its reason. A conclusion that
// only denies an impossible possibility is left to Contradiction. The
// forcing net does the same following locked candidates too.
//
// Contradiction is the safety net after them: it assumes a candidate,
// follows naked and hidden singles, and removes the candidate when a cell
// or a unit runs out of possibilities, preferring the shortest such run.
// When no single
// assumption breaks that way, Trial and Error refutes one by a bounded
// search, so every puzzle with a unique solution is explained to the end.
// Every search is bounded (chains to 15 links, forcing chains to four
// branches, almost locked sets to four cells and 512 sets, ALS chains to
// five sets, trials to 20000 positions).
//
// # Grading
//
// Each technique has a rating in the spirit of the Sudoku Explainer (SE)
// scale and a level. The score of a puzzle is the rating of its hardest step
// (the SE way); its level is the highest level among its steps.
//
//	technique                            short  rating                                    level
//	Full House                           fh     1.0                                       Easy
//	Hidden Single                        hs     1.2 in a box, 1.5 elsewhere               Easy
//	Naked Single                         ns     2.3                                       Easy
//	Constraint                           rule   2.0                                       Easy
//	Line Bounds                          lines  2.1                                       Easy
//	Sum Combinations                     combos 2.4                                       Easy
//	Rule of 45                           45     2.5 + 0.2 for two cells                   Medium
//	Locked Candidates (pointing)         pointing 2.6                                       Medium
//	Locked Candidates (claiming)         claiming 2.8                                       Medium
//	Locked Candidates (peers)            lockedpeers 2.9                                       Medium
//	Naked Pair                           np     3.0                                       Medium
//	X-Wing                               xw     3.2                                       Hard
//	Hidden Pair                          hp     3.4                                       Medium
//	Naked Triple                         nt     3.6                                       Medium
//	Swordfish                            sf     3.8                                       Hard
//	Hidden Triple                        ht     4.0                                       Medium
//	Skyscraper                           sky    4.0                                       Hard
//	2-String Kite                        kite   4.1                                       Hard
//	Empty Rectangle                      er     4.2                                       Hard
//	Finned X-Wing                        fxw    4.3                                       Hard
//	Finned Swordfish                     fsf    4.4                                       Hard
//	XY-Wing                              ywing  4.2                                       Hard
//	XYZ-Wing                             xyz    4.4                                       Hard
//	W-Wing                               ww     4.4                                       Hard
//	Unique Rectangle                     ur     4.5                                       Hard
//	Unique Rectangle (type 2)            ur2    4.6                                       Hard
//	Unique Rectangle (type 3)            ur3    4.7                                       Hard
//	Unique Rectangle (type 4)            ur4    4.6                                       Hard
//	Unique Rectangle (type 5)            ur5    4.6                                       Hard
//	Unique Rectangle (type 6)            ur6    4.6                                       Hard
//	Hidden Rectangle                     hr     4.7                                       Hard
//	Avoidable Rectangle                  ar     4.7                                       Hard
//	Simple Colouring                     sc     4.5                                       Hard
//	Naked Quad                           nq     5.0                                       Hard
//	Jellyfish                            jf     5.2                                       Hard
//	Finned Jellyfish                     fjf    5.4                                       Hard
//	Hidden Quad                          hq     5.4                                       Hard
//	BUG+1                                bug    5.6                                       Hard
//	3D Medusa                            medusa 5.8                                       Hard
//	Sue de Coq                           sdc    6.0                                       Expert
//	X-Chain                              xc     6.5 + 0.1 per 4 nodes                     Expert
//	XY-Chain                             xyc    6.6 + 0.1 per 4 nodes                     Expert
//	Continuous Nice Loop                 cnl    7.0 + 0.1 per 4 nodes                     Expert
//	Alternating Inference Chain          aic    7.0 + 0.1 per 4 nodes                     Expert
//	Grouped Alternating Inference Chain  gaic   7.2 + 0.1 per 4 nodes                     Expert
//	ALS-XZ                               alsxz  7.3                                       Expert
//	ALS-XY-Wing                          alsxy  7.4                                       Expert
//	ALS Chain                            alschain 7.5                                       Expert
//	Death Blossom                        db     7.5                                       Expert
//	Cell Forcing Chain                   cfc    8.2 + 0.1 per 8 singles (up to 8.6)       Extreme
//	Unit Forcing Chain                   ufc    8.2 + 0.1 per 8 singles (up to 8.6)       Extreme
//	Digit Forcing Chain                  dfc    8.5 + 0.1 per 8 singles (up to 8.9)       Extreme
//	Forcing Net                          fn     8.7 + 0.1 per 8 facts (up to 9.1)         Extreme
//	Contradiction                        con    7.5 + 0.1 per 4 implications (up to 8.0); + 1.7 under constraints Extreme
//	Trial and Error                      trial  9.0 + 1.7 under constraints               Extreme
//
// The engine tries the techniques in this order, so the first step found is
// the easiest by rating, but for the safety nets: Contradiction and Trial
// and Error come after the forcing chains, which rate as Sudoku Explainer's
// cell, region and dynamic forcing chains (8.0-9.0), above its Nishio
// (7.5). Under rules with constraints the two rate 1.7 higher
// (Contradiction 9.2 to 9.7, Trial and Error 10.7), above every named
// technique, so a variant puzzle that needs them never scores below one
// that does not; the variant techniques (Line Bounds, Sum Combinations,
// the Rule of 45) rate between the Constraint step and locked candidates,
// as players meet them early, and Locked Candidates (peers), a digit whose
// places in a unit all see one cell through the constraints' peers (a
// knight's or king's move, a cage), just after the locked candidates it
// generalises. The techniques SE lacks rate by their place
// in HoDoKu's order:
// the finned X-Wing (sashimi too) after the skyscraper, the 2-string kite
// and the empty rectangle, which take many of its eliminations, the
// rectangles beside the unique rectangle, 3D Medusa and Sue de Coq before
// the chains, the continuous nice loop as an alternating inference chain,
// the ALS techniques after the chains (the ALS chain between the
// ALS-XY-Wing and the Death Blossom). Options.Techniques
// restricts them; Cleanup (a candidate that a filled peer rules out, found
// only in players' own candidates) rates 1.0.
//
// # Example
//
//	ex, err := logic.Explain(solver.Position{Clues: puzzle}, logic.Options{})
//	if err != nil { ... }
//	for i, st := range ex.Steps {
//		fmt.Printf("%d. %v: %s\n", i+1, st.Technique, st.Explanation)
//	}
//	fmt.Println(ex.Level, ex.Score)
package logic
