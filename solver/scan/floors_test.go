package scan

// photoFloors are the least TestPhotos accepts, set just under what the
// shipped weights gave on ../shared/data/scan (see the README's figures):
// the share of cells read right (a photo whose grid is not found counts
// its 81 cells wrong) and of photos read exactly.
var photoFloors = struct{ trainCells, trainExact, heldCells, heldExact float64 }{
	trainCells: 0.990, trainExact: 0.96, heldCells: 0.96, heldExact: 0.80,
}
