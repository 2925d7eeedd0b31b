package logic

import (
	"syscall"
	"time"
	"unsafe"
)

// threadCPU returns the CPU time used so far by the calling OS thread
// (clock_gettime with CLOCK_THREAD_CPUTIME_ID), which a busy machine does
// not inflate the way it does wall time. The caller locks itself to its
// thread.
func threadCPU() (time.Duration, bool) {
	var ts syscall.Timespec
	const clockThreadCPUTime = 3
	if _, _, errno := syscall.Syscall(syscall.SYS_CLOCK_GETTIME, clockThreadCPUTime, uintptr(unsafe.Pointer(&ts)), 0); errno != 0 {
		return 0, false
	}
	return time.Duration(ts.Nano()), true
}
