//go:build unix

package tensor

import (
	"fmt"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// TestReadFIFORefused: tensor files that are FIFOs are refused before they
// are opened; opening one would block until something writes to it.
func TestReadFIFORefused(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		name string
		read func(string) (*Tensor, error)
		want string
	}{
		{"x.npy", ReadNpyFile, "npy: %s is not a regular file"},
		{"x.pb", ReadTensorProtoFile, "%s is not a regular file"},
	} {
		path := filepath.Join(dir, c.name)
		if err := syscall.Mkfifo(path, 0o644); err != nil {
			t.Skipf("mkfifo: %v", err)
		}
		done := make(chan error, 1)
		go func() { _, err := c.read(path); done <- err }()
		select {
		case err := <-done:
			if err == nil || err.Error() != fmt.Sprintf(c.want, path) {
				t.Errorf("%s: got %v, want %q", c.name, err, fmt.Sprintf(c.want, path))
			}
		case <-time.After(5 * time.Second):
			t.Fatalf("%s: reading a FIFO blocked", c.name)
		}
	}
}
