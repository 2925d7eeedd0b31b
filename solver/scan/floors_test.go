package scan

// photoFloors are the least TestPhotos accepts, set just under what the
// shipped weights gave on ../shared/data/scan (2026-11-26, the weights
// stored as half-precision floats: training 127 of 128 photos exact,
// 99.22% of cells; held-out 27 of 32, 96.37%; 28 and 96.41% before): the
// share of cells read right (a photo whose grid is not found counts its
// 81 cells wrong) and of photos read exactly.
var photoFloors = struct{ trainCells, trainExact, heldCells, heldExact float64 }{
	trainCells: 0.991, trainExact: 0.98, heldCells: 0.962, heldExact: 0.84,
}
