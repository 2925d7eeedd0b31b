// Package e2e holds the browser end-to-end tests of the web app: the real
// server binary (bin/server, or built on the fly) serves the real app.wasm to
// a real headless Chromium driven with chromedp.
//
// Run them with `make test` (or `make e2e`). Without Chromium they skip with a
// message saying how to install it (apt-get install -y chromium); under CI
// (CI=true) a missing browser or bundle is a failure. SUDOKU_SERVER names the
// server binary to test; CHROMIUM the browser.
package e2e
