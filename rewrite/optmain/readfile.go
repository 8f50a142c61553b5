package optmain

import (
	"io"
	"os"

	"github.com/mlc-go/mlc/internal/mapfile"
)

// readFile returns a file's contents and, for a mapped file, a function
// that drops the pages of a part of them from memory (nil otherwise). A
// regular file of
// mapfile.MinMapBytes or more is mapped rather than read: mapped bytes are
// outside the Go heap, so the garbage collector's headroom (a multiple of
// the live heap) is not spent on them, which lowers peak memory by about
// the file's size on large inputs, as MLIR's tools map theirs. Parsed IR
// may alias the bytes and a mapping is never unmapped; like any mapped
// input, the file must not be truncated while the tool runs.
func readFile(path string) ([]byte, func(part []byte), error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, nil, err
	}
	if !fi.Mode().IsRegular() {
		b, err := io.ReadAll(f) // a pipe or a device: no size to map
		return b, nil, err
	}
	d, err := mapfile.Read(f, fi.Size())
	if err != nil {
		return nil, nil, err
	}
	if !d.Mapped() {
		return d.Bytes(), nil, nil
	}
	return d.Bytes(), d.Release, nil
}
