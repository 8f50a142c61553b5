//go:build unix

package tensor

import (
	"syscall"
	"time"
)

// processCPUTime returns the user+system CPU time used by the process so
// far, so that benchmarks can report throughput per CPU-second, which a
// loaded machine does not distort the way it distorts wall-clock time.
func processCPUTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
