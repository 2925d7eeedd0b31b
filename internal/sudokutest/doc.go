// Package sudokutest holds the helpers the tests of every package share:
// reading puzzles that must be valid, the test corpora, a variant made
// only for tests, NumPy files built apart from the code under test, and
// the one check of a solve's result against a corpus note. It is imported
// by tests only.
package sudokutest
