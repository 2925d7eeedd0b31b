package logic

import (
	"fmt"
	"strings"

	"sudoku/solver"
)

// A Technique is one way of reasoning a player uses to find a step.
type Technique int

// The techniques, in the order the engine tries them (easiest first).
const (
	Cleanup            Technique = iota // a candidate that a filled peer rules out
	FullHouse                           // the last empty cell of a unit
	HiddenSingle                        // a digit with one place left in a unit
	NakedSingle                         // a cell with one candidate left
	Constraint                          // a variant's constraint (a cage, a thermometer, a dot, ...) rules out candidates
	LineBounds                          // a thermometer's or a between line's cells bound each other over the whole line
	SumCombinations                     // the ways a sum's cells (an arrow, a little killer, a cage) can still make it
	RuleOf45                            // innies and outies: a house's cages leave one or two cells of known sum
	LockedPointing                      // a box's digit confined to one line
	LockedClaiming                      // a line's (or diagonal's) digit confined to one other unit
	LockedPeers                         // a unit's places of a digit all see one cell, through the constraints' peers
	NakedPair                           // two cells of a unit with the same two candidates
	XWing                               // fish of size 2
	HiddenPair                          // two digits with the same two places in a unit
	NakedTriple                         // three cells of a unit with three candidates between them
	Swordfish                           // fish of size 3
	HiddenTriple                        // three digits confined to three cells of a unit
	Skyscraper                          // two parallel strong links joined at one end
	TwoStringKite                       // a row and a column strong link joined in a box
	EmptyRectangle                      // a box's places in one row and one column, and a strong link
	FinnedXWing                         // an X-Wing with fins in one box (sashimi too)
	FinnedSwordfish                     // a Swordfish with fins in one box
	XYWing                              // a bivalue pivot and two bivalue pincers
	XYZWing                             // a trivalue pivot and two bivalue pincers
	WWing                               // two equal bivalue cells joined by a strong link
	UniqueRectangle                     // type 1: a deadly pattern avoided
	URType2                             // a rectangle whose roof shares one extra digit
	URType3                             // a rectangle whose roof's extra digits form a naked subset with other cells
	URType4                             // a rectangle whose roof holds one of its digits as a strong link
	URType5                             // a rectangle whose cells with extras share one extra digit
	URType6                             // a rectangle with two bivalue corners and an X-Wing on one digit
	HiddenRectangle                     // a rectangle with one bivalue corner and strong links at the opposite one
	AvoidableRectangle                  // type 1: three solved cells of a rectangle avoid a swap
	SimpleColouring                     // two-colouring of one digit's strong links
	NakedQuad                           // four cells of a unit with four candidates between them
	Jellyfish                           // fish of size 4
	FinnedJellyfish                     // a Jellyfish with fins in one box
	HiddenQuad                          // four digits confined to four cells of a unit
	BUGPlusOne                          // all cells bivalue but one
	Medusa                              // colouring of candidates of every digit (3D Medusa)
	SueDeCoq                            // a box-line crossing whose digits split between the line and the box
	XChain                              // alternating chain on one digit
	XYChain                             // chain of bivalue cells
	NiceLoop                            // an alternating chain that closes into a continuous loop
	AIC                                 // alternating inference chain
	GroupedAIC                          // the same with groups of cells as nodes
	ALSXZ                               // two almost locked sets joined by a restricted common digit
	ALSXYWing                           // a pivot almost locked set joined to two others
	ALSChain                            // almost locked sets joined in a chain by restricted common digits
	DeathBlossom                        // a stem cell with an almost locked set for each candidate
	CellForcingChain                    // every candidate of a cell leads by singles to one conclusion
	UnitForcingChain                    // every place of a digit in a unit leads to one conclusion
	DigitForcingChain                   // a candidate true and false lead to one conclusion
	ForcingNet                          // a forcing chain that follows locked candidates too
	Contradiction                       // an assumption that singles refute
	TrialAndError                       // an assumption refuted by exhausting its possibilities
	numTechniques
)

// Level is a difficulty grade.
type Level int

// The levels, from the hardest technique a solve needs.
const (
	Easy Level = iota
	Medium
	Hard
	Expert
	Extreme
)

var levelNames = [...]string{"Easy", "Medium", "Hard", "Expert", "Extreme"}

// String returns the level's name, such as "Hard".
func (l Level) String() string {
	if l < 0 || int(l) >= len(levelNames) {
		return fmt.Sprintf("Level(%d)", int(l))
	}
	return levelNames[l]
}

// techInfo is the one home of a technique: its name, the short name
// players type, its rating and level, a note on how the rating grows (for
// the package documentation); its finder is find's case.
type techInfo struct {
	name   string
	short  string
	rating float64
	level  Level
	note   string // how a step's rating may exceed the base rating
}

// techTable declares every technique, in the order of the constants, and
// find its finder. The table of the package documentation is checked
// against it by a test, and every technique's finder by another.
var techTable = [numTechniques]techInfo{
	Cleanup:            {"Cleanup", "cleanup", 1.0, Easy, ""},
	FullHouse:          {"Full House", "fh", 1.0, Easy, ""},
	HiddenSingle:       {"Hidden Single", "hs", 1.2, Easy, "in a box, 1.5 elsewhere"},
	NakedSingle:        {"Naked Single", "ns", 2.3, Easy, ""},
	Constraint:         {"Constraint", "rule", 2.0, Easy, ""},
	LineBounds:         {"Line Bounds", "lines", 2.1, Easy, ""},
	SumCombinations:    {"Sum Combinations", "combos", 2.4, Easy, ""},
	RuleOf45:           {"Rule of 45", "45", 2.5, Medium, "+ 0.2 for two cells"},
	LockedPointing:     {"Locked Candidates (pointing)", "pointing", 2.6, Medium, ""},
	LockedClaiming:     {"Locked Candidates (claiming)", "claiming", 2.8, Medium, ""},
	LockedPeers:        {"Locked Candidates (peers)", "lockedpeers", 2.9, Medium, ""},
	NakedPair:          {"Naked Pair", "np", 3.0, Medium, ""},
	XWing:              {"X-Wing", "xw", 3.2, Hard, ""},
	HiddenPair:         {"Hidden Pair", "hp", 3.4, Medium, ""},
	NakedTriple:        {"Naked Triple", "nt", 3.6, Medium, ""},
	Swordfish:          {"Swordfish", "sf", 3.8, Hard, ""},
	HiddenTriple:       {"Hidden Triple", "ht", 4.0, Medium, ""},
	Skyscraper:         {"Skyscraper", "sky", 4.0, Hard, ""},
	TwoStringKite:      {"2-String Kite", "kite", 4.1, Hard, ""},
	EmptyRectangle:     {"Empty Rectangle", "er", 4.2, Hard, ""},
	FinnedXWing:        {"Finned X-Wing", "fxw", 4.3, Hard, ""},
	FinnedSwordfish:    {"Finned Swordfish", "fsf", 4.4, Hard, ""},
	XYWing:             {"XY-Wing", "ywing", 4.2, Hard, ""},
	XYZWing:            {"XYZ-Wing", "xyz", 4.4, Hard, ""},
	WWing:              {"W-Wing", "ww", 4.4, Hard, ""},
	UniqueRectangle:    {"Unique Rectangle", "ur", 4.5, Hard, ""},
	URType2:            {"Unique Rectangle (type 2)", "ur2", 4.6, Hard, ""},
	URType3:            {"Unique Rectangle (type 3)", "ur3", 4.7, Hard, ""},
	URType4:            {"Unique Rectangle (type 4)", "ur4", 4.6, Hard, ""},
	URType5:            {"Unique Rectangle (type 5)", "ur5", 4.6, Hard, ""},
	URType6:            {"Unique Rectangle (type 6)", "ur6", 4.6, Hard, ""},
	HiddenRectangle:    {"Hidden Rectangle", "hr", 4.7, Hard, ""},
	AvoidableRectangle: {"Avoidable Rectangle", "ar", 4.7, Hard, ""},
	SimpleColouring:    {"Simple Colouring", "sc", 4.5, Hard, ""},
	NakedQuad:          {"Naked Quad", "nq", 5.0, Hard, ""},
	Jellyfish:          {"Jellyfish", "jf", 5.2, Hard, ""},
	FinnedJellyfish:    {"Finned Jellyfish", "fjf", 5.4, Hard, ""},
	HiddenQuad:         {"Hidden Quad", "hq", 5.4, Hard, ""},
	BUGPlusOne:         {"BUG+1", "bug", 5.6, Hard, ""},
	Medusa:             {"3D Medusa", "medusa", 5.8, Hard, ""},
	SueDeCoq:           {"Sue de Coq", "sdc", 6.0, Expert, ""},
	XChain:             {"X-Chain", "xc", 6.5, Expert, "+ 0.1 per 4 nodes"},
	XYChain:            {"XY-Chain", "xyc", 6.6, Expert, "+ 0.1 per 4 nodes"},
	NiceLoop:           {"Continuous Nice Loop", "cnl", 7.0, Expert, "+ 0.1 per 4 nodes"},
	AIC:                {"Alternating Inference Chain", "aic", 7.0, Expert, "+ 0.1 per 4 nodes"},
	GroupedAIC:         {"Grouped Alternating Inference Chain", "gaic", 7.2, Expert, "+ 0.1 per 4 nodes"},
	ALSXZ:              {"ALS-XZ", "alsxz", 7.3, Expert, ""},
	ALSXYWing:          {"ALS-XY-Wing", "alsxy", 7.4, Expert, ""},
	ALSChain:           {"ALS Chain", "alschain", 7.5, Expert, ""},
	DeathBlossom:       {"Death Blossom", "db", 7.5, Expert, ""},
	CellForcingChain:   {"Cell Forcing Chain", "cfc", 8.2, Extreme, "+ 0.1 per 8 singles (up to 8.6)"},
	UnitForcingChain:   {"Unit Forcing Chain", "ufc", 8.2, Extreme, "+ 0.1 per 8 singles (up to 8.6)"},
	DigitForcingChain:  {"Digit Forcing Chain", "dfc", 8.5, Extreme, "+ 0.1 per 8 singles (up to 8.9)"},
	ForcingNet:         {"Forcing Net", "fn", 8.7, Extreme, "+ 0.1 per 8 facts (up to 9.1)"},
	Contradiction:      {"Contradiction", "con", 7.5, Extreme, "+ 0.1 per 4 implications (up to 8.0); + 1.7 under constraints"},
	TrialAndError:      {"Trial and Error", "trial", 9.0, Extreme, "+ 1.7 under constraints"},
}

// fallbackLift raises the ratings of Contradiction and Trial and Error
// under rules with constraints (to 9.2-9.7 and 10.7), above every named
// technique: they come after the forcing chains in the engine's order, so
// a variant puzzle that needs them scores above one that does not. The
// classic ratings (Sudoku Explainer's Nishio at 7.5) stay as they are.
const fallbackLift = 1.7

// find runs the finder of technique t. The finders are reached through
// this switch alone, not from techTable, so that a program that names
// techniques and reads explanations without searching for steps (the web
// page, whose engine runs in a Web Worker) links none of them.
func (s *State) find(t Technique, opt *Options) (Step, bool) {
	switch t {
	case Cleanup:
		return s.findCleanup()
	case FullHouse:
		return s.findFullHouse()
	case HiddenSingle:
		return s.findHiddenSingle()
	case NakedSingle:
		return s.findNakedSingle()
	case Constraint:
		return s.findConstraint()
	case LineBounds:
		return s.findLineBounds()
	case SumCombinations:
		return s.findSumCombinations()
	case RuleOf45:
		return s.findRuleOf45()
	case LockedPointing:
		return s.findLocked(true)
	case LockedClaiming:
		return s.findLocked(false)
	case LockedPeers:
		return s.findLockedPeers()
	case NakedPair:
		return s.findNaked(2)
	case XWing:
		return s.findFish(2)
	case HiddenPair:
		return s.findHidden(2)
	case NakedTriple:
		return s.findNaked(3)
	case Swordfish:
		return s.findFish(3)
	case HiddenTriple:
		return s.findHidden(3)
	case Skyscraper:
		return s.findTwoLinks(Skyscraper)
	case TwoStringKite:
		return s.findTwoLinks(TwoStringKite)
	case EmptyRectangle:
		return s.findEmptyRectangle()
	case FinnedXWing:
		return s.findFinnedFish(2)
	case FinnedSwordfish:
		return s.findFinnedFish(3)
	case XYWing:
		return s.findXYWing()
	case XYZWing:
		return s.findXYZWing()
	case WWing:
		return s.findWWing()
	case UniqueRectangle:
		return s.findUniqueRectangle()
	case URType2:
		return s.findURType2()
	case URType3:
		return s.findURType3()
	case URType4:
		return s.findURType4()
	case URType5:
		return s.findURType5()
	case URType6:
		return s.findURType6()
	case HiddenRectangle:
		return s.findHiddenRectangle()
	case AvoidableRectangle:
		return s.findAvoidableRectangle()
	case SimpleColouring:
		return s.findColouring()
	case NakedQuad:
		return s.findNaked(4)
	case Jellyfish:
		return s.findFish(4)
	case FinnedJellyfish:
		return s.findFinnedFish(4)
	case HiddenQuad:
		return s.findHidden(4)
	case BUGPlusOne:
		return s.findBUG()
	case Medusa:
		return s.findMedusa()
	case SueDeCoq:
		return s.findSueDeCoq()
	case XChain:
		return s.findChain(modeX, XChain)
	case XYChain:
		return s.findChain(modeXY, XYChain)
	case NiceLoop:
		return s.findChain(modeLoop, NiceLoop)
	case AIC:
		return s.findChain(modeAIC, AIC)
	case GroupedAIC:
		return s.findChain(modeGrouped, GroupedAIC)
	case ALSXZ:
		return s.findALSXZ()
	case ALSXYWing:
		return s.findALSXYWing()
	case ALSChain:
		return s.findALSChain()
	case DeathBlossom:
		return s.findDeathBlossom()
	case CellForcingChain:
		return s.findForcing(CellForcingChain)
	case UnitForcingChain:
		return s.findForcing(UnitForcingChain)
	case DigitForcingChain:
		return s.findForcing(DigitForcingChain)
	case ForcingNet:
		return s.findForcingNet()
	case Contradiction:
		st, ok := s.findContradiction(opt.Solution, opt.cache)
		if len(s.t.cons) == 0 {
			return st, ok
		}
		if !ok {
			st, ok = s.findRuleContradiction(opt.Solution, opt.cache)
		}
		st.Rating += fallbackLift
		return st, ok
	case TrialAndError:
		st, ok := s.findTrial(opt.Solution)
		if len(s.t.cons) > 0 {
			st.Rating += fallbackLift
		}
		return st, ok
	}
	panic("logic: no finder for " + t.String())
}

// String returns the technique's name as players know it, such as "X-Wing".
func (t Technique) String() string {
	if t < 0 || t >= numTechniques {
		return fmt.Sprintf("Technique(%d)", int(t))
	}
	return techTable[t].name
}

// ShortName returns the technique's short name, such as "xw" for X-Wing
// or "ur" for Unique Rectangle; ParseTechnique accepts it.
func (t Technique) ShortName() string {
	if t < 0 || t >= numTechniques {
		return ""
	}
	return techTable[t].short
}

// Rating returns the technique's base difficulty on the Sudoku Explainer
// scale (see the package documentation); a step may rate a little higher.
func (t Technique) Rating() float64 {
	if t < 0 || t >= numTechniques {
		return 0
	}
	return techTable[t].rating
}

// Level returns the grade of a puzzle whose hardest step uses t.
func (t Technique) Level() Level {
	if t < 0 || t >= numTechniques {
		return Extreme
	}
	return techTable[t].level
}

// Techniques returns every technique in the order the engine tries them.
func Techniques() []Technique {
	out := make([]Technique, numTechniques)
	for i := range out {
		out[i] = Technique(i)
	}
	return out
}

// ParseTechnique returns the technique named s; case, spaces, '-' and '_'
// do not matter ("xwing", "X-Wing", "hidden_single"), and short names work
// too ("aic", "ur", "bug", "kite", "pointing"; see ShortName). An unknown
// name gives an error wrapping solver.ErrUnknown.
func ParseTechnique(s string) (Technique, error) {
	k := techKey(s)
	for t := Technique(0); t < numTechniques; t++ {
		if techKey(techTable[t].name) == k || techTable[t].short == k {
			return t, nil
		}
	}
	if t, ok := techAliases[k]; ok {
		return t, nil
	}
	return 0, fmt.Errorf("unknown technique %q: %w", s, solver.ErrUnknown)
}

// techAliases are other names players use, beside each technique's short
// name.
var techAliases = map[string]Technique{
	"innies": RuleOf45, "outies": RuleOf45, "inniesandouties": RuleOf45, "ruleof45": RuleOf45, "cagecombinations": SumCombinations,
	"bug1": BUGPlusOne, "niceloop": NiceLoop, "continuousloop": NiceLoop, "sashimixwing": FinnedXWing, "colouring": SimpleColouring, "groupedaic": GroupedAIC, "coloring": SimpleColouring, "simplecoloring": SimpleColouring,
}

func techKey(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		if (r >= 'a' && r <= 'z') || (r >= '0' && r <= '9') {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// A TechniqueSet is a set of techniques; the zero value means "all".
type TechniqueSet uint64

// AllTechniques holds every technique.
const AllTechniques = TechniqueSet(1<<numTechniques - 1)

// SetOf returns the set holding ts.
func SetOf(ts ...Technique) TechniqueSet {
	var s TechniqueSet
	for _, t := range ts {
		s |= 1 << t
	}
	return s
}

// Has reports whether t is in the set; the zero set holds every technique.
func (s TechniqueSet) Has(t Technique) bool { return s == 0 || s&(1<<t) != 0 }
