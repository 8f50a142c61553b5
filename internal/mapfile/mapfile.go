// Package mapfile gives read-only access to a file's bytes without
// holding them on the Go heap: large files are mapped into memory, so
// their pages are read on first touch and can be dropped from the
// process's resident memory again once a consumer has streamed them
// (model weights being printed, for instance). Small files, and systems
// without mmap, are read into an ordinary buffer.
//
// A mapping is never unmapped: slices of it may be held anywhere (IR
// resource blobs alias it), and the address space is released when the
// process ends. Callers must not write to the bytes.
package mapfile

import (
	"errors"
	"fmt"
	"io"
	"os"
)

// MinMapBytes is the size from which a file is mapped rather than read;
// below it a mapping saves nothing worth its page-granular cost.
const MinMapBytes = 1 << 20

// Data is a file's contents.
type Data struct {
	bytes  []byte
	mapped bool
}

// Map maps the first size bytes of f (size must not exceed the file's
// length, and must be positive).
func Map(f *os.File, size int64) (*Data, error) {
	if size <= 0 || int64(int(size)) != size {
		return nil, fmt.Errorf("cannot map %d bytes", size)
	}
	b, err := mapRead(f, int(size))
	if err != nil {
		return nil, err
	}
	return &Data{bytes: b, mapped: true}, nil
}

// Read returns the first size bytes of f (size must not exceed the
// file's length), mapping them when the file is large enough.
func Read(f *os.File, size int64) (*Data, error) {
	if size < 0 || int64(int(size)) != size {
		return nil, fmt.Errorf("size %d cannot be held in memory", size)
	}
	if size >= MinMapBytes {
		if d, err := Map(f, size); err == nil {
			return d, nil
		}
		// Fall back to reading: some file systems cannot be mapped.
	}
	buf := make([]byte, size)
	if _, err := f.ReadAt(buf, 0); err != nil && !(errors.Is(err, io.EOF) && size == 0) {
		return nil, err
	}
	return &Data{bytes: buf}, nil
}

// Bytes is the file's contents; read-only.
func (d *Data) Bytes() []byte { return d.bytes }

// Mapped reports whether the bytes are a file mapping.
func (d *Data) Mapped() bool { return d.mapped }

// Holds reports whether part lies inside d's bytes.
func (d *Data) Holds(part []byte) bool {
	if len(part) == 0 || len(d.bytes) == 0 {
		return false
	}
	lo, hi := addr(d.bytes), addr(d.bytes)+uintptr(len(d.bytes))
	p := addr(part)
	return p >= lo && p+uintptr(len(part)) <= hi
}

// Release tells the system that the whole pages inside part (a slice of
// d's bytes) are not needed in memory now; they stay readable and are
// read back from the file on the next touch. It does nothing for a
// buffer on the heap or for a part outside d.
func (d *Data) Release(part []byte) {
	if !d.mapped || !d.Holds(part) {
		return
	}
	release(part)
}
