package compile

import (
	"errors"
	"io/fs"
	"os"
)

// renameNoReplaceFallback checks, then renames (a race with another
// writer of to is possible where the system has no renameat2).
func renameNoReplaceFallback(from, to string) error {
	if _, err := os.Lstat(to); err == nil {
		return &os.LinkError{Op: "rename", Old: from, New: to, Err: fs.ErrExist}
	} else if !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	return os.Rename(from, to)
}

// exchangeFallback swaps a and b with three renames through a name
// beside a; for a moment b does not exist.
func exchangeFallback(a, b string) error {
	aside := a + ".old"
	if err := os.Rename(b, aside); err != nil {
		return err
	}
	if err := os.Rename(a, b); err != nil {
		os.Rename(aside, b)
		return err
	}
	return os.Rename(aside, a)
}
