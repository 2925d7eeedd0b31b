package solver

import (
	"fmt"
	"strings"
	"testing"
)

// cellOf9 reads "r3c5" on a 9x9 grid.
func cellOf9(name string) int {
	var r, c int
	fmt.Sscanf(name, "r%dc%d", &r, &c)
	return (r-1)*9 + c - 1
}

func cells9(names ...string) []int {
	out := make([]int, len(names))
	for i, n := range names {
		out[i] = cellOf9(n)
	}
	return out
}

func maskOf(digits string) uint16 {
	var m uint16
	for _, d := range digits {
		m |= 1 << (d - '1')
	}
	return m
}

func digitsOf(m uint16) string {
	var b strings.Builder
	for d := 1; d <= 9; d++ {
		if m&(1<<(d-1)) != 0 {
			b.WriteByte(byte('0' + d))
		}
	}
	return b.String()
}

func digitsOfAll(cand []uint16) string {
	var b strings.Builder
	for _, m := range cand {
		b.WriteString(digitsOf(m) + ",")
	}
	return b.String()
}

// propagateTests: one constraint on a 9x9 grid, the candidates of some
// cells (the others hold 1-9), and what its propagation leaves.
var propagateTests = []struct {
	name string
	c    Constraint
	cand map[string]string
	want map[string]string
	ok   bool
}{
	{"cage of 2 summing to 3", &Killer{Cells: cells9("r1c1", "r1c2"), Sum: 3}, nil, map[string]string{"r1c1": "12", "r1c2": "12"}, true},
	{"cage of 3 summing to 24", &Killer{Cells: cells9("r1c1", "r1c2", "r2c1"), Sum: 24}, nil, map[string]string{"r1c1": "789", "r2c1": "789"}, true},
	{"cage with a digit placed", &Killer{Cells: cells9("r1c1", "r1c2"), Sum: 3}, map[string]string{"r1c1": "1"}, map[string]string{"r1c2": "2"}, true},
	{"cage that cannot sum", &Killer{Cells: cells9("r1c1", "r1c2"), Sum: 3}, map[string]string{"r1c1": "3"}, nil, false},
	{"thermometer", &Thermometer{Cells: cells9("r1c1", "r1c2", "r1c3")}, nil, map[string]string{"r1c1": "1234567", "r1c2": "2345678", "r1c3": "3456789"}, true},
	{"thermometer from the middle", &Thermometer{Cells: cells9("r1c1", "r1c2", "r1c3")}, map[string]string{"r1c2": "3"}, map[string]string{"r1c1": "12", "r1c3": "456789"}, true},
	{"arrow of two cells in a row", &Arrow{Circle: cells9("r1c1"), Line: cells9("r1c2", "r1c3")}, nil, map[string]string{"r1c1": "3456789", "r1c2": "12345678"}, true},
	{"arrow with a pill", &Arrow{Circle: cells9("r1c1", "r1c2"), Line: cells9("r2c1", "r3c1")}, nil, map[string]string{"r1c1": "1", "r1c2": "1234567"}, true}, // 3 <= line <= 17
	{"little killer in a box", &LittleKiller{Cells: cells9("r1c1", "r2c2", "r3c3"), Sum: 6}, nil, map[string]string{"r1c1": "123", "r3c3": "123"}, true},
	{"little killer across boxes", &LittleKiller{Cells: cells9("r1c3", "r2c4"), Sum: 4}, nil, map[string]string{"r1c3": "123", "r2c4": "123"}, true},
	{"sandwich of 35", &Sandwich{Index: 0, Sum: 35}, nil, map[string]string{"r1c1": "19", "r1c5": "2345678", "r1c9": "19"}, true},
	{"sandwich in a column", &Sandwich{Column: true, Index: 1, Sum: 0}, map[string]string{"r1c2": "1", "r2c2": "23456789", "r3c2": "23456789", "r4c2": "23456789", "r5c2": "23456789", "r6c2": "23456789", "r7c2": "23456789", "r8c2": "23456789", "r9c2": "23456789"}, map[string]string{"r2c2": "9", "r3c2": "2345678"}, true},
	{"whispers", &Whispers{Cells: cells9("r1c1", "r1c2")}, map[string]string{"r1c1": "4"}, map[string]string{"r1c2": "9"}, true},
	{"whispers from 5", &Whispers{Cells: cells9("r1c1", "r1c2")}, map[string]string{"r1c1": "5"}, nil, false},
	{"renban", &Renban{Cells: cells9("r1c1", "r1c2", "r1c3")}, map[string]string{"r1c1": "1"}, map[string]string{"r1c2": "23", "r1c3": "23"}, true},
	{"palindrome", &Palindrome{Cells: cells9("r1c1", "r1c4", "r4c4")}, map[string]string{"r1c1": "5"}, map[string]string{"r4c4": "5"}, true},
	{"between", &Between{Cells: cells9("r1c1", "r1c2", "r1c3")}, map[string]string{"r1c1": "2", "r1c3": "5"}, map[string]string{"r1c2": "34"}, true},
	{"between from 1", &Between{Cells: cells9("r1c1", "r1c2", "r2c2", "r2c3")}, map[string]string{"r1c1": "1"}, map[string]string{"r1c2": "2345678", "r2c3": "123456789"}, true},
	{"clone", &Clone{Cells: cells9("r1c1"), Clones: cells9("r5c5")}, map[string]string{"r1c1": "12"}, map[string]string{"r5c5": "12"}, true},
	{"white dot", &Difference{Cells: [2]int{0, 1}}, map[string]string{"r1c1": "5"}, map[string]string{"r1c2": "46"}, true},
	{"white dot of 3", &Difference{Cells: [2]int{0, 1}, Diff: 3}, map[string]string{"r1c1": "5"}, map[string]string{"r1c2": "28"}, true},
	{"black dot", &Ratio{Cells: [2]int{0, 9}}, map[string]string{"r1c1": "3"}, map[string]string{"r2c1": "6"}, true},
	{"black dot from 5", &Ratio{Cells: [2]int{0, 9}}, map[string]string{"r1c1": "5"}, nil, false},
	{"X", &XV{Cells: [2]int{0, 1}, Sum: 10}, map[string]string{"r1c1": "3"}, map[string]string{"r1c2": "7"}, true},
	{"V", &XV{Cells: [2]int{0, 1}, Sum: 5}, nil, map[string]string{"r1c1": "1234", "r1c2": "1234"}, true},
	{"no white dots", &NoDifference{}, map[string]string{"r1c1": "5"}, map[string]string{"r1c2": "1235789", "r2c1": "1235789", "r2c2": "123456789"}, true},
	{"no black dots", &NoRatio{}, map[string]string{"r1c1": "4"}, map[string]string{"r1c2": "1345679"}, true},
	{"no X or V", &NoXV{}, map[string]string{"r1c1": "3"}, map[string]string{"r1c2": "1345689"}, true},
	{"non-consecutive", &NonConsecutive{}, map[string]string{"r5c5": "1"}, map[string]string{"r4c5": "13456789", "r5c6": "13456789", "r4c4": "123456789"}, true},
	{"odd", &Odd{parity{Cell: 0}}, nil, map[string]string{"r1c1": "13579"}, true},
	{"even", &Even{parity{Cell: 0}}, nil, map[string]string{"r1c1": "2468"}, true},
	{"even on an odd cell", &Even{parity{Cell: 0}}, map[string]string{"r1c1": "13"}, nil, false},
	{"minimum", &Minimum{extremum{Cell: cellOf9("r5c5")}}, nil, map[string]string{"r5c5": "12345678", "r4c5": "23456789", "r4c4": "123456789"}, true},
	{"maximum in a corner", &Maximum{extremum{Cell: 0}}, map[string]string{"r1c2": "8"}, map[string]string{"r1c1": "9"}, true},
	{"quadruple of four", &Quadruple{Cells: cells9("r1c1", "r1c2", "r2c1", "r2c2"), Digits: []int{1, 2, 3, 4}}, nil, map[string]string{"r1c1": "1234", "r2c2": "1234"}, true},
	{"quadruple with one place", &Quadruple{Cells: cells9("r1c1", "r1c2", "r2c1", "r2c2"), Digits: []int{5}}, map[string]string{"r1c2": "1", "r2c1": "1", "r2c2": "2"}, map[string]string{"r1c1": "5"}, true},
	{"quadruple with no place", &Quadruple{Cells: cells9("r1c1", "r1c2"), Digits: []int{5, 5}}, map[string]string{"r1c2": "1"}, nil, false},
	{"column indexer placed", &ColumnIndexer{indexer{Cells: cells9("r1c1")}}, map[string]string{"r1c1": "5"}, map[string]string{"r1c5": "1", "r1c3": "23456789", "r1c1": "5"}, true},
	{"column indexer whose target cannot", &ColumnIndexer{indexer{Cells: cells9("r1c1")}}, map[string]string{"r1c5": "23"}, map[string]string{"r1c1": "12346789"}, true},
	{"column indexer broken", &ColumnIndexer{indexer{Cells: cells9("r1c1")}}, map[string]string{"r1c1": "5", "r1c5": "23"}, nil, false},
	{"row indexer", &RowIndexer{indexer{Cells: cells9("r3c3")}}, map[string]string{"r8c3": "12"}, map[string]string{"r3c3": "12345679", "r1c3": "123456789"}, true},
	{"row indexer placed", &RowIndexer{indexer{Cells: cells9("r3c3")}}, map[string]string{"r3c3": "8"}, map[string]string{"r1c3": "12456789", "r3c3": "8", "r8c3": "3"}, true},
	{"row indexer on itself", &RowIndexer{indexer{Cells: cells9("r3c3")}}, map[string]string{"r3c3": "3"}, map[string]string{"r1c3": "12456789", "r3c3": "3"}, true},
	{"box indexer", &BoxIndexer{indexer{Cells: cells9("r8c9")}}, map[string]string{"r8c9": "4"}, map[string]string{"r7c7": "12345789", "r9c9": "12345789", "r8c7": "6"}, true},
}

func TestConstraintPropagate(t *testing.T) {
	for _, tt := range propagateTests {
		r, err := NewRules(9, nil, nil, []Constraint{tt.c})
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		cand := make([]uint16, 81)
		for c := range cand {
			cand[c] = allDigits
		}
		for name, ds := range tt.cand {
			cand[cellOf9(name)] = maskOf(ds)
		}
		// The constraint's propagation to its fixed point (the engine
		// runs it among the singles, which are left out here).
		ok := true
		for again := true; ok && again; {
			before := string(digitsOfAll(cand))
			for _, c := range r.props {
				ok = ok && c.propagate(r, cand)
			}
			again = string(digitsOfAll(cand)) != before
		}
		if ok != tt.ok {
			t.Errorf("%s: propagate = %v, want %v", tt.name, ok, tt.ok)
			continue
		}
		for name, want := range tt.want {
			if got := digitsOf(cand[cellOf9(name)]); got != want {
				t.Errorf("%s: %s holds %s, want %s", tt.name, name, got, want)
			}
		}
	}
}

// checkSolution is a valid classic grid the check tests read.
const checkSolution = "417369825632158947958724316825437169791586432346912758289643571573291684164875293"

var checkTests = []struct {
	name string
	c    Constraint
	want bool
}{
	{"cage kept", &Killer{Cells: cells9("r1c1", "r1c2"), Sum: 5}, true},
	{"cage broken", &Killer{Cells: cells9("r1c1", "r1c2"), Sum: 6}, false},
	{"thermometer up", &Thermometer{Cells: cells9("r1c2", "r1c1", "r1c3")}, true},
	{"thermometer down", &Thermometer{Cells: cells9("r1c1", "r1c2")}, false},
	{"arrow 1+7+3 is not 9", &Arrow{Circle: cells9("r1c6"), Line: cells9("r1c2", "r1c3", "r1c4")}, false},
	{"arrow 4+1 = 5", &Arrow{Circle: cells9("r1c9"), Line: cells9("r1c1", "r1c2")}, true},
	{"pill 14", &Arrow{Circle: cells9("r1c2", "r1c1"), Line: cells9("r2c8", "r2c9", "r3c9")}, false},
	{"pill 41", &Arrow{Circle: cells9("r1c1", "r1c2"), Line: cells9("r1c5", "r1c6", "r2c3", "r2c6", "r2c8", "r3c3", "r3c8")}, false},
	{"little killer", &LittleKiller{Cells: cells9("r1c1", "r2c2", "r3c3"), Sum: 15}, true},
	{"sandwich row 1", &Sandwich{Index: 0, Sum: 7 + 3 + 6}, true},
	{"sandwich row 1 wrong", &Sandwich{Index: 0, Sum: 15}, false},
	{"whispers", &Whispers{Cells: cells9("r1c2", "r1c6")}, true},
	{"renban 3-6-9", &Renban{Cells: cells9("r1c4", "r1c5", "r1c6")}, false},
	{"renban 8-2-5", &Renban{Cells: cells9("r1c7", "r1c8", "r1c9")}, false},
	{"renban 2-1", &Renban{Cells: cells9("r2c3", "r2c4")}, true},
	{"palindrome", &Palindrome{Cells: cells9("r1c1", "r2c3", "r4c4")}, true},
	{"between", &Between{Cells: cells9("r1c2", "r1c1", "r1c6")}, true},
	{"between broken", &Between{Cells: cells9("r1c1", "r1c2", "r1c6")}, false},
	{"white dot", &Difference{Cells: [2]int{cellOf9("r1c3"), cellOf9("r1c4")}}, false},
	{"white dot 7-6", &Difference{Cells: [2]int{cellOf9("r1c3"), cellOf9("r2c3")}}, false},
	{"white dot 3-2", &Difference{Cells: [2]int{cellOf9("r1c4"), cellOf9("r2c4")}}, false},
	{"black dot 3-6", &Ratio{Cells: [2]int{cellOf9("r1c4"), cellOf9("r1c5")}}, true},
	{"X on 1+7", &XV{Cells: [2]int{cellOf9("r1c2"), cellOf9("r1c3")}, Sum: 10}, false},
	{"V 4+1", &XV{Cells: [2]int{cellOf9("r1c1"), cellOf9("r1c2")}, Sum: 5}, true},
	{"odd", &Odd{parity{Cell: cellOf9("r1c2")}}, true},
	{"even", &Even{parity{Cell: cellOf9("r1c2")}}, false},
	{"minimum 1", &Minimum{extremum{Cell: cellOf9("r1c2")}}, true},
	{"minimum 4 beside 1", &Minimum{extremum{Cell: cellOf9("r1c1")}}, false},
	{"maximum 9", &Maximum{extremum{Cell: cellOf9("r2c7")}}, true},
	{"quadruple", &Quadruple{Cells: cells9("r1c1", "r1c2", "r2c1", "r2c2"), Digits: []int{1, 3, 4, 6}}, true},
	{"quadruple missing", &Quadruple{Cells: cells9("r1c1", "r1c2", "r2c1", "r2c2"), Digits: []int{9}}, false},
	{"column indexer 2 -> r2c2 holds 3", &ColumnIndexer{indexer{Cells: cells9("r2c3")}}, true},
	{"column indexer 4 -> r1c4 is not 1", &ColumnIndexer{indexer{Cells: cells9("r1c1")}}, false},
	{"column indexers of a whole column", &ColumnIndexer{indexer{Cells: cells9("r1c1", "r2c1", "r3c1", "r4c1", "r5c1", "r6c1", "r7c1", "r8c1", "r9c1")}}, false},
	{"column indexer on itself", &ColumnIndexer{indexer{Cells: cells9("r2c5")}}, true},
	{"row indexer 8 -> r8c3 holds 3", &RowIndexer{indexer{Cells: cells9("r3c3")}}, true},
	{"row indexer 4 -> r4c1 is not 1", &RowIndexer{indexer{Cells: cells9("r1c1")}}, false},
	{"box indexer position 6 holds 4 -> position 4 holds 6", &BoxIndexer{indexer{Cells: cells9("r8c9")}}, true},
	{"box indexer position 1 holds 5 -> position 5 is not 1", &BoxIndexer{indexer{Cells: cells9("r7c7")}}, false},
	{"anti-knight broken", &AntiKnight{}, false},
	{"anti-king broken", &AntiKing{}, false},
	{"non-consecutive broken", &NonConsecutive{}, false},
}

func TestConstraintCheck(t *testing.T) {
	g := mustParseGrid(t, checkSolution)
	for _, tt := range checkTests {
		r, err := NewRules(9, nil, nil, []Constraint{tt.c})
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if got := tt.c.check(r, g[:]); got != tt.want {
			t.Errorf("%s: check = %v, want %v", tt.name, got, tt.want)
		}
		if err := r.Verify(make([]uint8, 81), g[:]); (err == nil) != tt.want {
			t.Errorf("%s: Verify = %v, want ok %v", tt.name, err, tt.want)
		}
	}
}

// TestNoRatioForbidsEveryRatioShown: under "all black dots are given", a
// puzzle with a black dot of ratio 3 forbids ratio 3 between undotted
// neighbours too, and still ratio 2, as f-puzzles' solver reads the rule.
func TestNoRatioForbidsEveryRatioShown(t *testing.T) {
	r, err := NewRules(9, nil, nil, []Constraint{&Ratio{Cells: [2]int{40, 41}, Ratio: 3}, &NoRatio{}})
	if err != nil {
		t.Fatal(err)
	}
	var no *NoRatio
	for _, c := range r.Constraints {
		if n, ok := c.(*NoRatio); ok {
			no = n
		}
	}
	if want := "All black dots are given: of two neighbours without a dot, neither is 2 or 3 times the other."; no.Describe(r) != want {
		t.Errorf("Describe = %q, want %q", no.Describe(r), want)
	}
	cand := make([]uint16, 81)
	for c := range cand {
		cand[c] = allDigits
	}
	cand[0] = maskOf("3")
	if !no.propagate(r, cand) {
		t.Fatal("propagate reported a contradiction")
	}
	if got := digitsOf(cand[1]); got != "234578" {
		t.Errorf("r1c2 next to a 3 without a dot: %q, want 234578 (no 6 for ratio 2, no 1 or 9 for ratio 3; the row, not this rule, removes the 3)", got)
	}
	// The dotted pair keeps its ratio 3 and is left out of the negative rule.
	cand[40] = maskOf("3")
	if !no.propagate(r, cand) || !strings.Contains(digitsOf(cand[41]), "9") {
		t.Errorf("the dotted pair r5c5-r5c6 lost its 9: %q", digitsOf(cand[41]))
	}
}
