package scan

// photoFloors are the least TestPhotos accepts, set just under what the
// shipped weights gave on ../shared/data/scan (2026-11-25: training 126
// of 128 photos exact, 99.21% of cells; held-out 27 of 32, 96.53%): the
// share of cells read right (a photo whose grid is not found counts its
// 81 cells wrong) and of photos read exactly.
var photoFloors = struct{ trainCells, trainExact, heldCells, heldExact float64 }{
	trainCells: 0.991, trainExact: 0.975, heldCells: 0.962, heldExact: 0.80,
}
