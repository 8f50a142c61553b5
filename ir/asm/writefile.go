package asm

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/mlc-go/mlc/ir"
)

// WriteFile prints op to path atomically: into a temp file beside path,
// renamed over it only when printing succeeded, so a failure never leaves a
// truncated file. "-" or "" is standard output; a path that is not a
// regular file (a device, a pipe) is written directly.
func WriteFile(path string, op *ir.Operation, opts PrintOptions) error {
	return WriteFileFunc(path, func(w io.Writer) error { return Print(w, op, opts) })
}

// WriteFileFunc is WriteFile for any writer function.
func WriteFileFunc(path string, write func(io.Writer) error) error {
	if path == "" || path == "-" {
		w := bufio.NewWriterSize(os.Stdout, 1<<16)
		if err := write(w); err != nil {
			return err
		}
		return w.Flush()
	}
	if fi, err := os.Stat(path); err == nil && !fi.Mode().IsRegular() {
		f, err := os.OpenFile(path, os.O_WRONLY, 0)
		if err != nil {
			return err
		}
		werr := write(f)
		if cerr := f.Close(); werr == nil {
			werr = cerr
		}
		return werr
	}
	dir := filepath.Dir(path)
	f, err := os.CreateTemp(dir, "."+filepath.Base(path)+".tmp*")
	if err != nil {
		// Name what the user typed, not the temp file.
		if fi, serr := os.Stat(dir); serr != nil {
			return fmt.Errorf("directory %s: %w", dir, unwrapPath(serr))
		} else if !fi.IsDir() {
			return fmt.Errorf("%s is not a directory", dir)
		}
		return fmt.Errorf("directory %s: %w", dir, unwrapPath(err))
	}
	tmp := f.Name()
	w := bufio.NewWriterSize(f, 1<<16)
	err = write(w)
	if err == nil {
		err = w.Flush()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(tmp, 0o644)
	}
	if err == nil {
		err = os.Rename(tmp, path)
	}
	if err != nil {
		os.Remove(tmp)
	}
	return err
}

// unwrapPath drops an *os.PathError's operation and path (which may name
// a temp file), keeping the cause.
func unwrapPath(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}
