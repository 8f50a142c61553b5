//go:build unix

package onnx

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/mlc-go/mlc/ir"
)

// TestFIFOs: a FIFO as the model or as external data is refused without
// opening it (opening a FIFO blocks until a writer comes).
func TestFIFOs(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "model.onnx")
	if err := syscall.Mkfifo(filepath.Join(dir, "fifo.bin"), 0o644); err != nil {
		t.Skip("no FIFOs here:", err)
	}
	if err := syscall.Mkfifo(filepath.Join(dir, "fifo.onnx"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, externalModel("fifo.bin", 0, 8), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ model, want string }{
		{path, "initializer 'w': external data 'fifo.bin' is not a regular file"},
		{filepath.Join(dir, "fifo.onnx"), "cannot read model: is not a regular file"},
	} {
		done := make(chan error, 1)
		go func() {
			_, err := ImportFile(newCtx(), tc.model, Options{})
			done <- err
		}()
		select {
		case err := <-done:
			if err == nil {
				t.Fatalf("%s: import succeeded", tc.model)
			}
			msg := (*ir.SourceMgr)(nil).Format(err.(*ir.Diagnostic))
			if !strings.Contains(msg, tc.want) || !strings.HasPrefix(msg, tc.model+":1:") {
				t.Errorf("got %q, want %q", msg, tc.want)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("%s: import blocked on a FIFO", tc.model)
		}
	}
}
