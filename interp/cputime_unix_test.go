//go:build unix

package interp

import (
	"syscall"
	"time"
)

// processCPUTime returns the user+system CPU time used by the process so
// far: on a loaded machine a one-thread benchmark's CPU time per run moves
// far less than its wall time.
func processCPUTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
