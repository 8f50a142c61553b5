//go:build !unix

package interp

import "time"

// processCPUTime is not measured here; benchmarks report 0.
func processCPUTime() time.Duration { return 0 }
