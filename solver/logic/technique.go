package logic

import (
	"fmt"
	"strings"
)

// A Technique is one way of reasoning a player uses to find a step.
type Technique int

// The techniques, in the order the engine tries them (easiest first).
const (
	Cleanup         Technique = iota // a candidate that a filled peer rules out
	FullHouse                        // the last empty cell of a unit
	HiddenSingle                     // a digit with one place left in a unit
	NakedSingle                      // a cell with one candidate left
	LockedPointing                   // a box's digit confined to one line
	LockedClaiming                   // a line's (or diagonal's) digit confined to one other unit
	NakedPair                        // two cells of a unit with the same two candidates
	XWing                            // fish of size 2
	HiddenPair                       // two digits with the same two places in a unit
	NakedTriple                      // three cells of a unit with three candidates between them
	Swordfish                        // fish of size 3
	HiddenTriple                     // three digits confined to three cells of a unit
	Skyscraper                       // two parallel strong links joined at one end
	TwoStringKite                    // a row and a column strong link joined in a box
	EmptyRectangle                   // a box's places in one row and one column, and a strong link
	FinnedSwordfish                  // a Swordfish with fins in one box
	XYWing                           // a bivalue pivot and two bivalue pincers
	XYZWing                          // a trivalue pivot and two bivalue pincers
	WWing                            // two equal bivalue cells joined by a strong link
	UniqueRectangle                  // type 1: a deadly pattern avoided
	SimpleColouring                  // two-colouring of one digit's strong links
	NakedQuad                        // four cells of a unit with four candidates between them
	Jellyfish                        // fish of size 4
	HiddenQuad                       // four digits confined to four cells of a unit
	BUGPlusOne                       // all cells bivalue but one
	XChain                           // alternating chain on one digit
	XYChain                          // chain of bivalue cells
	AIC                              // alternating inference chain
	GroupedAIC                       // the same with groups of cells as nodes
	Contradiction                    // an assumption that singles refute
	TrialAndError                    // an assumption refuted by exhausting its possibilities
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

type techInfo struct {
	name   string
	rating float64
	level  Level
}

var techTable = [numTechniques]techInfo{
	Cleanup:         {"Cleanup", 1.0, Easy},
	FullHouse:       {"Full House", 1.0, Easy},
	HiddenSingle:    {"Hidden Single", 1.2, Easy},
	NakedSingle:     {"Naked Single", 2.3, Easy},
	LockedPointing:  {"Locked Candidates (pointing)", 2.6, Medium},
	LockedClaiming:  {"Locked Candidates (claiming)", 2.8, Medium},
	NakedPair:       {"Naked Pair", 3.0, Medium},
	XWing:           {"X-Wing", 3.2, Hard},
	HiddenPair:      {"Hidden Pair", 3.4, Medium},
	NakedTriple:     {"Naked Triple", 3.6, Medium},
	Swordfish:       {"Swordfish", 3.8, Hard},
	HiddenTriple:    {"Hidden Triple", 4.0, Medium},
	Skyscraper:      {"Skyscraper", 4.0, Hard},
	TwoStringKite:   {"2-String Kite", 4.1, Hard},
	EmptyRectangle:  {"Empty Rectangle", 4.2, Hard},
	FinnedSwordfish: {"Finned Swordfish", 4.4, Hard},
	XYWing:          {"XY-Wing", 4.2, Hard},
	XYZWing:         {"XYZ-Wing", 4.4, Hard},
	WWing:           {"W-Wing", 4.4, Hard},
	UniqueRectangle: {"Unique Rectangle", 4.5, Hard},
	SimpleColouring: {"Simple Colouring", 4.5, Hard},
	NakedQuad:       {"Naked Quad", 5.0, Hard},
	Jellyfish:       {"Jellyfish", 5.2, Hard},
	HiddenQuad:      {"Hidden Quad", 5.4, Hard},
	BUGPlusOne:      {"BUG+1", 5.6, Hard},
	XChain:          {"X-Chain", 6.5, Expert},
	XYChain:         {"XY-Chain", 6.6, Expert},
	AIC:             {"Alternating Inference Chain", 7.0, Expert},
	GroupedAIC:      {"Grouped Alternating Inference Chain", 7.2, Expert},
	Contradiction:   {"Contradiction", 7.5, Extreme},
	TrialAndError:   {"Trial and Error", 9.0, Extreme},
}

// String returns the technique's name as players know it, such as "X-Wing".
func (t Technique) String() string {
	if t < 0 || t >= numTechniques {
		return fmt.Sprintf("Technique(%d)", int(t))
	}
	return techTable[t].name
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
// do not matter ("xwing", "X-Wing", "hidden_single"), and a few short names
// work too ("aic", "ur", "bug", "kite", "pointing"). An unknown name gives
// an error.
func ParseTechnique(s string) (Technique, error) {
	k := techKey(s)
	for t := Technique(0); t < numTechniques; t++ {
		if techKey(techTable[t].name) == k {
			return t, nil
		}
	}
	if t, ok := techAliases[k]; ok {
		return t, nil
	}
	return 0, fmt.Errorf("unknown technique %q", s)
}

// techAliases are the short names players use.
var techAliases = map[string]Technique{
	"bug": BUGPlusOne, "bug1": BUGPlusOne, "ur": UniqueRectangle, "aic": AIC, "groupedaic": GroupedAIC,
	"pointing": LockedPointing, "claiming": LockedClaiming, "kite": TwoStringKite, "er": EmptyRectangle, "colouring": SimpleColouring,
	"coloring": SimpleColouring, "simplecoloring": SimpleColouring, "ywing": XYWing, "trial": TrialAndError,
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
