// Command train-scan trains the digit classifier of the photo reader
// (package sudoku/solver/scan) and writes its weights, by default to
// solver/scan/digits.bin, which the package embeds. Run it from the
// repository root (`make train-scan`):
//
//	train-scan [-grids N] [-photos DIR] [-hidden N] [-epochs N] [-seed N] [-o FILE | -folds K]
//
// It learns from the cells of -grids synthetic photos drawn in Go's own
// fonts (regular, medium, bold, mono, mono bold) and from the newspaper
// photos of -photos that are not held out (package internal/scandata:
// every 5th photo by name is held out, never trained on). Without the
// photos it trains on the synthetic ones alone and says so. It prints
// what it used and the accuracy per cell on each source; the same flags
// give the same weights.
//
// With -folds K it writes nothing and measures instead: the training
// photos are split into K folds, and each fold is read by a net trained
// on the synthetic photos and the other folds (photos read exactly,
// cells right, failures by cause). The held-out photos take no part.
package main

import (
	"flag"
	"fmt"
	"log"
	"os"
	"runtime"
	"strings"
	"time"

	"sudoku/internal/scandata"
	"sudoku/internal/scansynth"
	"sudoku/internal/scantrain"
	"sudoku/solver"
	"sudoku/solver/scan"
)

var noVote *bool

func main() {
	log.SetPrefix("train-scan: ")
	log.SetFlags(0)
	grids := flag.Int("grids", 1600, "synthetic photos to draw")
	photos := flag.String("photos", scandata.Dir, "folder of the newspaper photos (NAME.jpg and NAME.dat)")
	hidden := flag.Int("hidden", 64, "hidden units")
	epochs := flag.Int("epochs", 12, "passes over the samples")
	seed := flag.Uint64("seed", 1, "seed of the synthetic photos and of the training")
	out := flag.String("o", "solver/scan/digits.bin", "file to write the weights to")
	noVote = flag.Bool("novote", false, "with -folds: read each digit as cut, without the vote over other cuts")
	check := flag.String("check", "", "read the training photos with the weights in `FILE` and print the figures, instead of training")
	folds := flag.Int("folds", 0, "cross-validate on the training photos in `K` folds instead of writing weights")
	flag.Usage = func() {
		fmt.Fprintln(os.Stderr, "usage: train-scan [flags]")
		flag.PrintDefaults()
		os.Exit(2)
	}
	flag.Parse()
	if flag.NArg() > 0 || *grids < 0 || *hidden < 1 || *epochs < 1 || *folds < 0 || *folds == 1 {
		flag.Usage()
	}
	start := time.Now()
	if *check != "" {
		checkWeights(*check, *photos, start)
		return
	}
	synth, kept := scantrain.Synthetic(*grids, scansynth.TrainFonts(), *seed, runtime.NumCPU())
	log.Printf("synthetic: %d of %d photos kept, %d cells (%.1fs)", kept, *grids, len(synth), time.Since(start).Seconds())
	opt := scantrain.Options{Hidden: *hidden, Epochs: *epochs, Rate: 0.01, Seed: *seed}
	var real []scantrain.Sample
	ps, err := scandata.List(*photos)
	if err != nil && *folds > 0 {
		log.Fatalf("cross-validation needs the photos: %v", err)
	}
	if err != nil {
		log.Printf("no photos (%v): synthetic cells only", err)
	} else {
		grids, err := scantrain.Extract(ps, runtime.NumCPU())
		if err != nil {
			log.Fatal(err)
		}
		if *folds > 0 {
			crossValidate(synth, grids, *folds, opt, start)
			return
		}
		var n int
		real, n = scantrain.Samples(grids)
		log.Printf("photos: %d of %d training photos kept, %d cells (%.1fs)", n, len(grids), len(real), time.Since(start).Seconds())
	}
	net := scantrain.Fit(synth, real, opt)
	log.Printf("trained %d-%d-%d on %d synthetic and %d photo cells (x%d) (%.1fs): accuracy per marked cell %.4f synthetic, %.4f photos",
		net.In, net.Hidden, 10, len(synth), len(real), scantrain.PhotoWeight, time.Since(start).Seconds(), scantrain.Accuracy(net, synth), scantrain.Accuracy(net, real))
	b, err := net.MarshalBinary()
	if err != nil {
		log.Fatal(err)
	}
	if err := os.WriteFile(*out, b, 0o644); err != nil {
		log.Fatal(err)
	}
	log.Printf("wrote %s (%d bytes) in %.1fs", *out, len(b), time.Since(start).Seconds())
}

// crossValidate prints how the reader does, fold by fold and in all, on
// training photos the net of each fold did not train on, and each photo
// not read exactly with its wrong cells.
func crossValidate(synth []scantrain.Sample, grids []scantrain.PhotoGrid, k int, opt scantrain.Options, start time.Time) {
	report(scantrain.CrossValidate(synth, grids, k, opt, scan.Options{NoVote: *noVote}), k, start)
}

// report prints the readings' figures, by fold and in all, and each
// photo not read exactly with its wrong cells.
func report(res []scantrain.Result, k int, start time.Time) {
	folds := make([]scandata.Tally, k)
	var all, raw scandata.Tally
	hasRaw := false
	for _, r := range res {
		hasRaw = hasRaw || r.Raw != nil
	}
	for _, r := range res {
		folds[r.Fold].Add(r.Photo.Truth, r.Got)
		all.Add(r.Photo.Truth, r.Got)
		if hasRaw {
			raw.Add(r.Photo.Truth, r.Raw)
		}
		switch {
		case r.Got == nil:
			log.Printf("%s: no grid found", r.Photo.Name)
		case *r.Got != r.Photo.Truth:
			var bad []string
			for c, want := range r.Photo.Truth {
				if got := r.Got[c]; got != want {
					bad = append(bad, fmt.Sprintf("%s %d read %d", solver.CellName(c), want, got))
				}
			}
			log.Printf("%s: %s", r.Photo.Name, strings.Join(bad, ", "))
		}
	}
	for f, t := range folds {
		log.Printf("fold %d of %d: %v", f+1, k, t)
	}
	if hasRaw {
		log.Printf("cross-validated, %d folds, without the solver's corrections: %v", k, raw)
	}
	log.Printf("cross-validated, %d folds (%.1fs): %v", k, time.Since(start).Seconds(), all)
}

// checkWeights reads the training photos (never the held-out ones) with
// the weights in file and prints the figures and each photo not read
// exactly.
func checkWeights(file, dir string, start time.Time) {
	b, err := os.ReadFile(file)
	if err != nil {
		log.Fatal(err)
	}
	net := new(scan.Net)
	if err := net.UnmarshalBinary(b); err != nil {
		log.Fatal(err)
	}
	ps, err := scandata.List(dir)
	if err != nil {
		log.Fatal(err)
	}
	grids, err := scantrain.Extract(ps, runtime.NumCPU())
	if err != nil {
		log.Fatal(err)
	}
	var res []scantrain.Result
	for _, g := range grids {
		r := scantrain.Result{Photo: g.Photo}
		if g.Ex != nil {
			rd, err := g.Ex.Read(scan.Options{Net: net, NoVote: *noVote})
			if err != nil {
				log.Fatal(err)
			}
			r.Got = &rd.Digits
		}
		res = append(res, r)
	}
	report(res, 1, start)
}
