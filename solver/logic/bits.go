package logic

import "math/bits"

// cellSet is a set of cells, bit c%64 of word c/64.
type cellSet [2]uint64

func (s *cellSet) add(c int)            { s[c>>6] |= 1 << (c & 63) }
func (s *cellSet) remove(c int)         { s[c>>6] &^= 1 << (c & 63) }
func (s cellSet) has(c int) bool        { return s[c>>6]&(1<<(c&63)) != 0 }
func (s cellSet) and(o cellSet) cellSet { return cellSet{s[0] & o[0], s[1] & o[1]} }
func (s cellSet) or(o cellSet) cellSet  { return cellSet{s[0] | o[0], s[1] | o[1]} }
func (s cellSet) andNot(o cellSet) cellSet {
	return cellSet{s[0] &^ o[0], s[1] &^ o[1]}
}
func (s cellSet) empty() bool { return s[0]|s[1] == 0 }
func (s cellSet) count() int  { return bits.OnesCount64(s[0]) + bits.OnesCount64(s[1]) }

// subsetOf reports whether every cell of s is in o.
func (s cellSet) subsetOf(o cellSet) bool { return s[0]&^o[0] == 0 && s[1]&^o[1] == 0 }

// cells returns the cells of s in increasing order.
func (s cellSet) cells() []int {
	out := make([]int, 0, s.count())
	for w := 0; w < 2; w++ {
		for x := s[w]; x != 0; x &= x - 1 {
			out = append(out, w*64+bits.TrailingZeros64(x))
		}
	}
	return out
}

// first returns the lowest cell of s, or -1.
func (s cellSet) first() int {
	if s[0] != 0 {
		return bits.TrailingZeros64(s[0])
	}
	if s[1] != 0 {
		return 64 + bits.TrailingZeros64(s[1])
	}
	return -1
}

// digitMask is a set of digits: bit d-1 stands for digit d.
type digitMask uint16

const allDigits digitMask = 0x1ff

func bit(d int) digitMask          { return 1 << uint(d-1) } // 0 for a digit out of range
func (m digitMask) has(d int) bool { return m&bit(d) != 0 }
func (m digitMask) count() int     { return bits.OnesCount16(uint16(m)) }
func (m digitMask) lowest() int    { return bits.TrailingZeros16(uint16(m)) + 1 }

// digits returns the digits of m in increasing order.
func (m digitMask) digits() []int {
	out := make([]int, 0, m.count())
	for x := m; x != 0; x &= x - 1 {
		out = append(out, bits.TrailingZeros16(uint16(x))+1)
	}
	return out
}

// candSet is a set of candidates (cell, digit), bit c*9+d-1.
type candSet [12]uint64

func candIndex(c, d int) int { return c*9 + d - 1 }

func (s *candSet) add(i int)     { s[i>>6] |= 1 << (i & 63) }
func (s candSet) has(i int) bool { return s[i>>6]&(1<<(i&63)) != 0 }

func trailing(x uint64) int { return bits.TrailingZeros64(x) }
