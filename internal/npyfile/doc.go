// Package npyfile builds NumPy .npy files the way NumPy's format spec
// describes them, apart from the code under test (solver's reader and
// writer), for the tests of package solver and of the CLI. It imports
// nothing of the project, so package solver's own tests can use it; the
// test helpers that need package solver are in sudoku/internal/sudokutest.
package npyfile
