package optmain

import (
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// A limit under what the runtime holds is raised after the next
// collection, so the collector does not run back to back.
func TestMemoryLimitIsRaisedToWhatTheRuntimeHolds(t *testing.T) {
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(-1))
	keep := make([][]byte, 0, 64)
	for range 64 {
		keep = append(keep, make([]byte, 1<<20))
	}
	limitMemory(1 << 20)
	held := func() int64 {
		s := []metrics.Sample{{Name: "/memory/classes/total:bytes"}, {Name: "/memory/classes/heap/free:bytes"}, {Name: "/memory/classes/heap/released:bytes"}}
		metrics.Read(s)
		return int64(s[0].Value.Uint64() - s[1].Value.Uint64() - s[2].Value.Uint64())
	}
	require.Eventually(t, func() bool {
		runtime.GC()
		return debug.SetMemoryLimit(-1) >= held()
	}, 5*time.Second, 10*time.Millisecond)
	require.Greater(t, debug.SetMemoryLimit(-1), int64(64<<20))
	runtime.KeepAlive(keep)
}

func TestMemoryForLeavesRoomAboveTheIR(t *testing.T) {
	// The IR of a textual module is about 3x its text.
	for _, n := range []int64{4 << 20, 90e6, 1 << 30} {
		require.Greater(t, memoryFor(n), 3*n)
	}
}
