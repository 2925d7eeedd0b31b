package solver

// PeerSet returns the peers of cell c (0..80) as a 128-bit set, bit p%64 of
// word p/64 for each peer p: the table IsPeer reads, for packages that work
// on cell sets (the logic package). It costs a copy of two words.
func (v *Variant) PeerSet(c int) [2]uint64 { return v.peerMask[c] }

// UnitSet returns the cells of unit u (0..NumUnits()-1) as a 128-bit set in
// the layout of PeerSet.
func (v *Variant) UnitSet(u int) [2]uint64 {
	var s [2]uint64
	for _, c := range v.units[u] {
		s[c/64] |= 1 << (c % 64)
	}
	return s
}
