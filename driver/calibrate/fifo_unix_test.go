//go:build unix

package calibrate

import (
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestFIFORefused: a FIFO in a set is refused without opening it (which
// would block until a writer came).
func TestFIFORefused(t *testing.T) {
	fn := mainOf(t, parse(t, twoArgs))
	dir := t.TempDir()
	good(t, dir, "test_data_set_0", 1)
	p := filepath.Join(dir, "test_data_set_0", "a.npy")
	if err := syscall.Unlink(p); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(p, 0o644); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	done := make(chan error, 1)
	go func() { _, err := LoadDataset(dir, fn); done <- err }()
	select {
	case err := <-done:
		if err == nil || !strings.Contains(err.Error(), "a.npy is not a regular file") {
			t.Errorf("got %v", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("LoadDataset blocked on a FIFO")
	}
}
