package main

import (
	"fmt"
	"io"
	"os"
	"strings"
	"sync/atomic"
	"time"
)

// progressMinBytes is the input size from which solve shows a progress bar.
const progressMinBytes = 1 << 20

// isTerminal reports whether w is a character device (a terminal).
func isTerminal(w any) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// progress draws "[=====>     ]  45%  12345 puzzles" on w every 200 ms
// until stop is called, which erases it.
type progress struct {
	w        io.Writer
	total    int64
	consumed *atomic.Int64
	done     *atomic.Int64
	quit     chan struct{}
	finished chan struct{}
}

func startProgress(w io.Writer, total int64, consumed, done *atomic.Int64) *progress {
	p := &progress{w: w, total: total, consumed: consumed, done: done,
		quit: make(chan struct{}), finished: make(chan struct{})}
	go p.loop()
	return p
}

func (p *progress) loop() {
	defer close(p.finished)
	t := time.NewTicker(200 * time.Millisecond)
	defer t.Stop()
	for {
		select {
		case <-p.quit:
			fmt.Fprint(p.w, "\r\033[K")
			return
		case <-t.C:
			frac := float64(p.consumed.Load()) / float64(p.total)
			frac = min(max(frac, 0), 1)
			const width = 30
			n := int(frac * width)
			bar := strings.Repeat("=", n) + strings.Repeat(" ", width-n)
			fmt.Fprintf(p.w, "\r[%s] %3.0f%%  %d puzzles", bar, frac*100, p.done.Load())
		}
	}
}

func (p *progress) stop() {
	if p == nil {
		return
	}
	close(p.quit)
	<-p.finished
}
