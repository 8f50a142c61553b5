package onnx

import (
	"fmt"
	"os"
)

// maxModelBytes is protobuf's message size limit; larger models keep
// their weights in external data files.
const maxModelBytes = 2<<30 - 1

// readModelFile reads a model file after checking its size.
func readModelFile(path string) ([]byte, error) {
	fi, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if fi.IsDir() {
		return nil, fmt.Errorf("is a directory")
	}
	if fi.Size() > maxModelBytes {
		return nil, fmt.Errorf("%d bytes exceeds protobuf's 2 GiB limit (large weights belong in external data files)", fi.Size())
	}
	return os.ReadFile(path)
}
