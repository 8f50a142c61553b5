package onnxpb

import (
	"fmt"
	"os"

	"github.com/mlc-go/mlc/internal/mapfile"
)

// MaxModelBytes is protobuf's message size limit; larger models keep
// their weights in external data files.
const MaxModelBytes = 2<<30 - 1

// ReadFile reads a model file after checking that it is a regular file
// (a device or a pipe has no size to check, and /dev/zero would never
// end) of at most protobuf's size limit. A large file is mapped rather
// than copied to the heap, so its weights are resident only while used:
// decode it with DecodePassing and the data's Release.
func ReadFile(path string) (*mapfile.Data, error) {
	// Stat before opening: opening a FIFO blocks until it has a writer.
	if fi, err := os.Stat(path); err != nil {
		return nil, err
	} else if !fi.IsDir() && !fi.Mode().IsRegular() {
		return nil, fmt.Errorf("is not a regular file")
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if fi.IsDir() {
		return nil, fmt.Errorf("is a directory")
	}
	if !fi.Mode().IsRegular() {
		return nil, fmt.Errorf("is not a regular file")
	}
	if fi.Size() > MaxModelBytes {
		return nil, fmt.Errorf("%d bytes exceeds protobuf's 2 GiB limit (large weights belong in external data files)", fi.Size())
	}
	return mapfile.Read(f, fi.Size())
}
