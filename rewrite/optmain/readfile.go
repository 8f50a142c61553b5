package optmain

import (
	"io"
	"os"

	"github.com/mlc-go/mlc/internal/mapfile"
)

// readFile returns a file's contents. A regular file of
// mapfile.MinMapBytes or more is mapped rather than read: mapped bytes are
// outside the Go heap, so the garbage collector's headroom (a multiple of
// the live heap) is not spent on them, which lowers peak memory by about
// the file's size on large inputs, as MLIR's tools map theirs. Parsed IR
// may alias the bytes and a mapping is never unmapped; like any mapped
// input, the file must not be truncated while the tool runs.
func readFile(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if !fi.Mode().IsRegular() {
		return io.ReadAll(f) // a pipe or a device: no size to map
	}
	d, err := mapfile.Read(f, fi.Size())
	if err != nil {
		return nil, err
	}
	return d.Bytes(), nil
}
