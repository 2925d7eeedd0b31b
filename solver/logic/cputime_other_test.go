//go:build !linux

package logic

import "time"

// threadCPU is not available here; TestTiming reports wall time only.
func threadCPU() (time.Duration, bool) { return 0, false }
