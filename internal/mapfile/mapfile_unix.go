//go:build linux || darwin || freebsd || netbsd || openbsd

package mapfile

import (
	"os"
	"syscall"
	"unsafe"
)

func addr(b []byte) uintptr { return uintptr(unsafe.Pointer(unsafe.SliceData(b))) }

func mapRead(f *os.File, size int) ([]byte, error) {
	return syscall.Mmap(int(f.Fd()), 0, size, syscall.PROT_READ, syscall.MAP_PRIVATE)
}

// release drops the whole pages inside part. The mapping is private and
// never written, so dropping a page loses nothing: the next touch reads
// it from the file again.
func release(part []byte) {
	page := uintptr(os.Getpagesize())
	skip := (page - addr(part)%page) % page
	if uintptr(len(part)) < skip+page {
		return
	}
	n := (uintptr(len(part)) - skip) &^ (page - 1)
	_ = syscall.Madvise(part[skip:skip+n], syscall.MADV_DONTNEED)
}
