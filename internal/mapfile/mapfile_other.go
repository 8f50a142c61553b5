//go:build !(linux || darwin || freebsd || netbsd || openbsd)

package mapfile

import (
	"errors"
	"os"
	"unsafe"
)

func addr(b []byte) uintptr { return uintptr(unsafe.Pointer(unsafe.SliceData(b))) }

func mapRead(*os.File, int) ([]byte, error) { return nil, errors.New("no mmap on this system") }

func release([]byte) {}
