// Package web is the Sudoku page: go-app v9 components compiled to
// WebAssembly by cmd/app.
//
// The state of the page is a Game (clues, the user's digits, the variant),
// held by the root component, the only place that changes it. From the Game
// the page derives everything it shows: conflicting cells, the live solution
// count (bounded by a node budget, since Go on wasm cannot be interrupted),
// the share link in the address bar and the saved copy in local storage.
//
// The files: game.go (the model, pure Go), link.go (share links), save.go
// (local storage format), root.go, board.go, keypad.go (components).
package web
