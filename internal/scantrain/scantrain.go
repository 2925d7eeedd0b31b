// Package scantrain trains the digit classifier of solver/scan: it cuts
// labelled cells out of synthetic photos (internal/scansynth) and out of
// the training photos (internal/scandata, never the held-out fifth),
// through the reader's own Extract, and fits a scan.Net to them by
// stochastic gradient descent. cmd/train-scan is its command.
package scantrain

import (
	"image"
	"math"
	"math/rand/v2"
	"os"
	"sync"

	"sudoku/internal/persp"
	"sudoku/internal/scandata"
	"sudoku/internal/scansynth"
	"sudoku/solver"
	"sudoku/solver/scan"
)

// Sample is one cell's features and its class (0: a mark that is no
// digit, 1-9 the digit printed).
type Sample struct {
	X     []float32
	Class uint8
}

// cellSamples labels the cells of a found grid with the truth: a cell
// with a mark gets its digit, or class 0 when the truth says empty.
// Cells without a mark are not samples (the classifier never sees them).
func cellSamples(ex *scan.Extraction, truth solver.Grid) []Sample {
	var out []Sample
	for c, f := range ex.Features {
		if f != nil {
			out = append(out, Sample{X: f, Class: truth[c]})
		}
	}
	return out
}

// Synthetic draws n photos in the given fonts with styles at random
// (seeded by seed; the same seed gives the same samples), reads them with
// scan.Extract on workers goroutines, and keeps the cells of the photos
// whose grid was found within 3% of its true corners. It returns the
// samples and how many photos were kept.
func Synthetic(n int, fonts []scansynth.Font, seed uint64, workers int) ([]Sample, int) {
	per := make([][]Sample, n)
	parallel(n, workers, func(i int) {
		rng := rand.New(rand.NewPCG(seed, uint64(i)))
		g := scansynth.RandomGrid(rng, 0.2+0.3*rng.Float64())
		img, corners, err := scansynth.Render(rng, g, fonts[i%len(fonts)], style(rng))
		if err != nil {
			return
		}
		ex, err := scan.Extract(img)
		if err != nil || !near(ex.Corners, corners) {
			return
		}
		per[i] = cellSamples(ex, g)
	})
	var out []Sample
	kept := 0
	for _, s := range per {
		if s != nil {
			kept++
		}
		out = append(out, s...)
	}
	return out, kept
}

// style draws a photo's style: scansynth.Random, and some of the time
// print touching the grid, a bowing page, faint print, stains and folds
// in empty cells, a real page's look (texture, show-through, specks,
// bits of line, grey boxes, crumpling, thinned strokes), faint print in
// a deep shadow or a hard shadow's edge.
func style(rng *rand.Rand) scansynth.Style {
	s := scansynth.Random(rng)
	s.Touch = rng.IntN(4) == 0
	if rng.IntN(3) == 0 {
		s.Bow = (rng.Float64()*2 - 1) * 0.025
	}
	if rng.IntN(4) == 0 {
		s.Faint = 0.5 * rng.Float64()
	}
	if rng.IntN(4) == 0 {
		// Stains and folds in empty cells: marks that are no digit.
		s.Smudges = rng.IntN(7)
		s.Folds = rng.IntN(2)
	}
	// A real page's look (2026-11-26, seventh pass): newsprint's
	// texture and the other side's print, specks and bits of line in
	// empty cells, grey boxes, a crumpled sheet, thinned strokes.
	if rng.IntN(3) == 0 {
		s.Texture = rng.Float64()
		if rng.IntN(2) == 0 {
			s.ShowThrough = 0.15 * rng.Float64()
		}
	}
	if rng.IntN(5) == 0 {
		s.Specks = rng.IntN(6)
		s.LineBits = rng.IntN(4)
	}
	if rng.IntN(8) == 0 {
		s.ShadeBoxes = 0.1 + 0.3*rng.Float64()
	}
	if rng.IntN(6) == 0 {
		s.Thin = rng.Float64()
		if rng.IntN(2) == 0 { // thinned print on newsprint
			s.Texture = 0.5 + 0.5*rng.Float64()
			s.ShowThrough = 0.15 * rng.Float64()
		}
	}
	if rng.IntN(8) == 0 {
		s.Crumple = 4 * rng.Float64()
	}
	switch rng.IntN(8) {
	case 0: // faint print in a deep shadow
		s.Faint = 0.4 + 0.3*rng.Float64()
		s.Shadow = 0.5 + 0.3*rng.Float64()
	case 1: // a hard shadow's edge across the grid
		s.Shadow = 0.6 + 0.25*rng.Float64()
		s.HardShadow = 1 + 8*rng.Float64()
	}
	return s
}

// near reports whether the found corners are within 3% of the grid's
// side of the true ones.
func near(found [4]scan.Point, truth [4]persp.Point) bool {
	side := math.Hypot(truth[1].X-truth[0].X, truth[1].Y-truth[0].Y)
	for i := range found {
		if math.Hypot(found[i].X-truth[i].X, found[i].Y-truth[i].Y) > 0.03*side {
			return false
		}
	}
	return true
}

// PhotoGrid is one training photo and the grid the reader found in it
// (nil when none was found).
type PhotoGrid struct {
	Photo scandata.Photo
	Ex    *scan.Extraction
}

// Extract finds the grid in each photo that is not held out (never a
// held-out one), in order, on workers goroutines.
func Extract(photos []scandata.Photo, workers int) ([]PhotoGrid, error) {
	var out []PhotoGrid
	for _, p := range photos {
		if !p.HeldOut {
			out = append(out, PhotoGrid{Photo: p})
		}
	}
	errs := make([]error, len(out))
	parallel(len(out), workers, func(i int) {
		img, err := decodeFile(out[i].Photo.Path)
		if err != nil {
			errs[i] = err
			return
		}
		out[i].Ex, _ = scan.Extract(img) // no grid: nil
	})
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	return out, nil
}

// Samples returns the cells of the grids as samples, keeping only grids
// where marks and printed digits agree on at least 78 of 81 cells (a grid
// found out of place would teach wrong labels), and how many it kept.
func Samples(grids []PhotoGrid) ([]Sample, int) {
	var out []Sample
	kept := 0
	for _, g := range grids {
		if g.Ex == nil {
			continue
		}
		agree := 0
		for c, f := range g.Ex.Features {
			if (f != nil) == (g.Photo.Truth[c] != 0) {
				agree++
			}
		}
		if agree < 78 {
			continue
		}
		kept++
		out = append(out, cellSamples(g.Ex, g.Photo.Truth)...)
	}
	return out, kept
}

// Photos reads the photos that are not held out and returns their cells'
// samples (see Samples) and how many photos were kept.
func Photos(photos []scandata.Photo) ([]Sample, int, error) {
	grids, err := Extract(photos, 1)
	if err != nil {
		return nil, 0, err
	}
	s, kept := Samples(grids)
	return s, kept, nil
}

// PhotoWeight is how many times each photo cell counts in training
// against one synthetic cell: the photos are the print to read.
const PhotoWeight = 3

// Fit trains a net on the synthetic samples and the photo samples, each
// photo sample PhotoWeight times.
func Fit(synth, photo []Sample, opt Options) *scan.Net {
	all := append([]Sample(nil), synth...)
	for i := 0; i < PhotoWeight; i++ {
		all = append(all, photo...)
	}
	return Train(all, opt)
}

// Result is how one photo was read: Got is nil when no grid was found.
type Result struct {
	Photo scandata.Photo
	Fold  int
	Got   *solver.Grid
	Raw   *solver.Grid // the classifier's best reading, before the solver's corrections
}

// CrossValidate measures how the reader does on photos it did not train
// on, within the training photos alone: the grids are split into k folds
// (grid i in fold i%k); for each fold a net is trained on the synthetic
// samples and the other folds' photos, and the fold's photos are read
// with it and read (the solver's corrections included, as read says).
// It returns each photo's reading, in the order of grids.
func CrossValidate(synth []Sample, grids []PhotoGrid, k int, opt Options, read scan.Options) []Result {
	out := make([]Result, len(grids))
	for f := 0; f < k; f++ {
		var train []PhotoGrid
		for i, g := range grids {
			if i%k != f {
				train = append(train, g)
			}
		}
		photo, _ := Samples(train)
		net := Fit(synth, photo, opt)
		for i, g := range grids {
			if i%k != f {
				continue
			}
			out[i] = Result{Photo: g.Photo, Fold: f}
			if g.Ex == nil {
				continue
			}
			read.Net = net
			rd, err := g.Ex.Read(read)
			if err != nil {
				panic(err) // a net of our own: cannot fail
			}
			out[i].Got = &rd.Digits
			raw := read
			raw.NoCorrect = true
			if rd, err = g.Ex.Read(raw); err != nil {
				panic(err)
			}
			out[i].Raw = &rd.Digits
		}
	}
	return out
}

func decodeFile(path string) (image.Image, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return scan.Decode(f)
}

// Options shape the training.
type Options struct {
	Hidden int     // hidden units
	Epochs int     // passes over the samples
	Rate   float64 // the first learning rate; it falls linearly to a tenth
	Seed   uint64
}

// Train fits a net to the samples by plain stochastic gradient descent on
// the cross-entropy, one sample at a time in a shuffled order per epoch,
// each sample a little moved, turned and thickened at random (augment).
// It is deterministic for a seed, and returns the net with its weights
// rounded to what MarshalBinary stores (scan.Net.Quantize), so that what
// is measured is what ships.
func Train(samples []Sample, opt Options) *scan.Net {
	rng := rand.New(rand.NewPCG(opt.Seed, 7))
	in := scan.FeatureLen
	n := scan.NewNet(in, opt.Hidden)
	s1 := math.Sqrt(2 / float64(in))
	for i := range n.W1 {
		n.W1[i] = float32(rng.NormFloat64() * s1)
	}
	s2 := math.Sqrt(2 / float64(opt.Hidden))
	for i := range n.W2 {
		n.W2[i] = float32(rng.NormFloat64() * s2)
	}
	order := make([]int, len(samples))
	for i := range order {
		order[i] = i
	}
	x := make([]float32, in)
	hid := make([]float32, opt.Hidden)
	dh := make([]float32, opt.Hidden)
	total := opt.Epochs * len(samples)
	step := 0
	for ep := 0; ep < opt.Epochs; ep++ {
		rng.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
		for _, k := range order {
			lr := float32(opt.Rate * (1 - 0.9*float64(step)/float64(total)))
			step++
			augment(rng, samples[k].X, x)
			p := n.Forward(x, hid)
			// Output layer gradient: p - onehot.
			clear(dh)
			for c := 0; c < scan.Classes; c++ {
				g := p[c]
				if uint8(c) == samples[k].Class {
					g--
				}
				w := n.W2[c*opt.Hidden : (c+1)*opt.Hidden]
				for j, h := range hid {
					dh[j] += g * w[j]
					w[j] -= lr * g * h
				}
				n.B2[c] -= lr * g
			}
			for j, h := range hid {
				if h <= 0 {
					continue
				}
				g := dh[j]
				w := n.W1[j*in : (j+1)*in]
				for i, v := range x {
					if v != 0 {
						w[i] -= lr * g * v
					}
				}
				n.B1[j] -= lr * g
			}
		}
	}
	n.Quantize()
	return n
}

// augment copies src to dst through a small random affine map (scaled
// by 0.9-1.1, turned by up to 6 degrees, sheared by up to 0.12, shifted
// by up to a pixel each way) with its ink scaled by 0.8-1.15 and, half
// the time, raised to a power of 0.55-1.8 (thinner or bolder strokes):
// the digits of fonts and photos not seen in training differ by as much.
// The geometric features are kept.
func augment(rng *rand.Rand, src, dst []float32) {
	const side = 20
	const c = (side - 1) / 2.0
	sc := 0.9 + 0.2*rng.Float64()
	a := (rng.Float64()*2 - 1) * 6 * math.Pi / 180
	sh := (rng.Float64()*2 - 1) * 0.12
	dx, dy := (rng.Float64()*2-1)*1, (rng.Float64()*2-1)*1
	k := float32(0.8 + 0.35*rng.Float64())
	// Half the time, the ink raised to a power of 0.55-1.8: strokes a
	// little thinner or bolder than any font and print drew them.
	gamma := float32(1)
	if rng.IntN(2) == 0 {
		gamma = float32(math.Exp((rng.Float64()*2 - 1) * 0.6))
	}
	// The inverse map: output pixel to source pixel.
	cs, sn := math.Cos(a)/sc, math.Sin(a)/sc
	m00, m01, m10, m11 := cs, sn+sh*cs, -sn, cs-sh*sn
	at := func(x, y int) float32 {
		if x < 0 || y < 0 || x >= side || y >= side {
			return 0
		}
		return src[y*side+x]
	}
	for y := 0; y < side; y++ {
		for x := 0; x < side; x++ {
			u, v := float64(x)-c-dx, float64(y)-c-dy
			sx, sy := m00*u+m01*v+c, m10*u+m11*v+c
			x0, y0 := int(math.Floor(sx)), int(math.Floor(sy))
			fx, fy := float32(sx-float64(x0)), float32(sy-float64(y0))
			val := (at(x0, y0)*(1-fx)+at(x0+1, y0)*fx)*(1-fy) + (at(x0, y0+1)*(1-fx)+at(x0+1, y0+1)*fx)*fy
			if gamma != 1 && val > 0 {
				val = float32(math.Pow(float64(val), float64(gamma)))
			}
			dst[y*side+x] = min(val*k, 1)
		}
	}
	copy(dst[side*side:], src[side*side:])
}

// Accuracy returns the share of samples whose most probable class is theirs.
func Accuracy(n *scan.Net, samples []Sample) float64 {
	if len(samples) == 0 {
		return 0
	}
	hid := make([]float32, n.Hidden)
	right := 0
	for _, s := range samples {
		p := n.Forward(s.X, hid)
		best := 0
		for c := 1; c < scan.Classes; c++ {
			if p[c] > p[best] {
				best = c
			}
		}
		if uint8(best) == s.Class {
			right++
		}
	}
	return float64(right) / float64(len(samples))
}

// parallel calls f(i) for every i in [0, n) on workers goroutines (at
// least one) and returns when all calls have returned.
func parallel(n, workers int, f func(i int)) {
	var wg sync.WaitGroup
	next := make(chan int)
	for w := 0; w < max(workers, 1); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				f(i)
			}
		}()
	}
	for i := range n {
		next <- i
	}
	close(next)
	wg.Wait()
}
