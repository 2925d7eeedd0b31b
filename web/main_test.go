package web

import (
	"os"
	"testing"
	"time"

	_ "sudoku/web/worker/jobs" // the engine's jobs, run natively (worker.Handle)
)

// TestMain lifts the wall-clock limits of the engine's jobs for the tests:
// they bound a job on a player's device, and on a loaded test machine
// they would turn a result check into a timed test (a variant puzzle's
// solve that needs 70,000 nodes ran out of its 3 s under a load of 20).
// The node budgets stay, so every job is still bounded; the tests of
// budgets set them small themselves. The address bar is written at every
// change, as the tests of links expect.
func TestMain(m *testing.M) {
	countTime, solveTime, watchTime = time.Hour, time.Hour, time.Hour
	urlEvery = 0 // the address bar written at every change; TestAddressBarWaits sets its own
	os.Exit(m.Run())
}
