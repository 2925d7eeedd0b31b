package logic

import (
	"testing"

	"sudoku/solver"
)

// TestSharedTables checks the solver's cell sets that the tables take over:
// PeerSet agrees with IsPeer, UnitSet with Unit, for every variant.
func TestSharedTables(t *testing.T) {
	for _, v := range solver.Variants() {
		for c := 0; c < 81; c++ {
			ps := cellSet(v.PeerSet(c))
			for p := 0; p < 81; p++ {
				if ps.has(p) != v.IsPeer(c, p) {
					t.Errorf("%s: PeerSet(%d) has %d: %v, IsPeer %v", v, c, p, ps.has(p), v.IsPeer(c, p))
				}
			}
		}
		for u := 0; u < v.NumUnits(); u++ {
			us := cellSet(v.UnitSet(u))
			if us.count() != 9 {
				t.Errorf("%s: UnitSet(%d) has %d cells", v, u, us.count())
			}
			for _, c := range v.Unit(u) {
				if !us.has(int(c)) {
					t.Errorf("%s: UnitSet(%d) lacks %d", v, u, c)
				}
			}
		}
	}
}
