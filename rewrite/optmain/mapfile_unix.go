//go:build unix

package optmain

import (
	"os"
	"syscall"
)

// mapThreshold is the size from which an input file is mapped rather than
// read: mapped bytes are outside the Go heap, so the garbage collector's
// headroom (a multiple of the live heap) is not spent on them, which
// lowers peak memory by about the file's size on large inputs. MLIR's
// tools map large inputs the same way.
const mapThreshold = 1 << 20

// readFile returns the contents of a regular file of mapThreshold bytes
// or more as a read-only mapping that is never unmapped (parsed IR refers
// to its bytes for the life of the process), other files read whole.
// Like any mapped input, the file must not be truncated while the tool
// runs.
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
	if size := fi.Size(); fi.Mode().IsRegular() && size >= mapThreshold && size == int64(int(size)) {
		if b, err := syscall.Mmap(int(f.Fd()), 0, int(size), syscall.PROT_READ, syscall.MAP_PRIVATE); err == nil {
			return b, nil
		}
	}
	return os.ReadFile(path)
}
