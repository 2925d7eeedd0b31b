package generate

// rng is SplitMix64: a tiny generator whose output depends only on its
// seed, the same on every platform and every Go release, so that a seed
// (and a date for Daily) names one puzzle for good.
type rng struct{ s uint64 }

// mix64 is the SplitMix64 output function: a bijection of uint64 that
// spreads every input bit over the whole word.
func mix64(z uint64) uint64 {
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}

func (r *rng) next() uint64 {
	r.s += 0x9e3779b97f4a7c15
	return mix64(r.s)
}

// intn returns a number in [0, n) for 0 < n < 2^32 (the bias, below
// n/2^32, does not matter here).
func (r *rng) intn(n int) int {
	return int((r.next() >> 32) * uint64(n) >> 32)
}

// shuffle puts the first n elements behind swap in random order
// (Fisher-Yates).
func (r *rng) shuffle(n int, swap func(i, j int)) {
	for i := n - 1; i > 0; i-- {
		swap(i, r.intn(i+1))
	}
}

// SeedAt returns the seed of the i-th puzzle of a run started from seed: a
// run of many puzzles gives puzzle i the same seed whatever the order or
// the number of goroutines that make them.
func SeedAt(seed uint64, i int) uint64 {
	return mix64(seed ^ mix64(uint64(i)+0x632be59bd9b4e019))
}
