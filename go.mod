module sudoku

go 1.26.0

require (
	github.com/chromedp/cdproto v0.159.0 // test only: browser end-to-end tests in web/e2e
	github.com/chromedp/chromedp v0.23.0 // test only: browser end-to-end tests in web/e2e
	github.com/maxence-charriere/go-app/v9 v9.8.0
)

require golang.org/x/image v0.48.0 // WebP decoding in solver/scan; fonts for the synthetic training and test photos

// Fonts for the photo reader's synthetic training photos (internal/scansynth, cmd/train-scan
// only): serif and sans digits beside Go's own, pinned here so training stays the same offline.
require (
	github.com/go-fonts/latin-modern v0.3.2
	github.com/go-fonts/stix v0.2.2
)

require (
	github.com/go-json-experiment/json v0.0.0-20260213210345-44df1a37e875 // indirect
	github.com/google/uuid v1.3.0 // indirect
	golang.org/x/sys v0.50.0 // indirect
	golang.org/x/text v0.44.0 // indirect
)
