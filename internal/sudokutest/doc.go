// Package sudokutest holds the helpers the tests of every package share:
// puzzles that must parse (MustParse), the shared corpora beside the
// repository (SharedData), a variant made only for tests (Windoku), and NumPy
// files built apart from the code under test (NPY). It is imported by tests
// only; the check of a solve's result against a corpus is sudoku/internal/corpus,
// which `sudoku bench` uses too.
package sudokutest
