package onnx

import (
	"os"
	"strings"
	"testing"

	"github.com/mlc-go/mlc/ir"
)

// A model path that is not a regular file is refused before any read:
// /dev/zero has no size to check and would never end.
func TestModelFileMustBeRegular(t *testing.T) {
	for _, path := range []string{"/dev/zero", t.TempDir()} {
		if _, err := os.Stat(path); err != nil {
			continue
		}
		_, err := ImportFile(ir.NewContext(), path, Options{})
		if err == nil || !(strings.Contains(err.Error(), "not a regular file") || strings.Contains(err.Error(), "is a directory")) {
			t.Errorf("%s: got %v, want a 'not a regular file' or 'is a directory' error", path, err)
		}
	}
}
