package compile

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"

	"github.com/mlc-go/mlc/driver/calibrate"
	"github.com/mlc-go/mlc/driver/report"
)

// staging is the temporary directory a compile writes into, beside the
// output directory so that the final rename stays on one file system.
type staging struct {
	out, tmp string
	replace  bool // out exists and is to be replaced (--force)
}

// ExistsError is an output directory that exists without Force.
type ExistsError struct{ Path string }

func (e *ExistsError) Error() string {
	return fmt.Sprintf("output directory %s exists (use --force to replace it)", e.Path)
}

// newStaging checks out and creates the temporary directory; nothing is
// created when out cannot be written.
func newStaging(out string, force bool) (*staging, error) {
	abs, err := filepath.Abs(out)
	if err != nil {
		return nil, err
	}
	parent := filepath.Dir(abs)
	if fi, err := os.Stat(parent); err != nil {
		return nil, fmt.Errorf("cannot write %s: %v", out, unwrapPath(err))
	} else if !fi.IsDir() {
		return nil, fmt.Errorf("cannot write %s: %s is not a directory", out, parent)
	}
	st := &staging{out: abs}
	switch fi, err := os.Lstat(abs); {
	case err == nil && !fi.IsDir():
		return nil, fmt.Errorf("cannot write %s: it exists and is not a directory", out)
	case err == nil && !force:
		return nil, &ExistsError{Path: out}
	case err == nil:
		if err := looksLikeBundle(abs); err != nil {
			return nil, fmt.Errorf("will not replace %s: %v", out, err)
		}
		st.replace = true
	case !errors.Is(err, fs.ErrNotExist):
		return nil, fmt.Errorf("cannot write %s: %v", out, unwrapPath(err))
	}
	if st.tmp, err = os.MkdirTemp(parent, "."+filepath.Base(abs)+".tmp-"); err != nil {
		return nil, fmt.Errorf("cannot write %s: %v", out, unwrapPath(err))
	}
	return st, nil
}

// looksLikeBundle guards --force: it replaces an empty directory or one
// whose every entry is a target directory with a manifest.json, not any
// directory a mistyped -o names.
func looksLikeBundle(dir string) error {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return unwrapPath(err)
	}
	for _, e := range ents {
		fi, err := os.Stat(filepath.Join(dir, e.Name(), "manifest.json"))
		if !e.IsDir() || err != nil || !fi.Mode().IsRegular() {
			return fmt.Errorf("it does not look like a bundle (%s is not a target directory with a manifest.json)", e.Name())
		}
	}
	return nil
}

// dir is the directory rel inside the staging area, created.
func (s *staging) dir(rel string) (string, error) {
	d := filepath.Join(s.tmp, rel)
	return d, os.MkdirAll(d, 0o755)
}

// commit moves the staging directory into place: a rename, or with
// replace an atomic exchange with the old directory, which is then
// removed.
func (s *staging) commit() error {
	if err := os.Chmod(s.tmp, 0o755); err != nil {
		return err
	}
	if !s.replace {
		if err := renameNoReplace(s.tmp, s.out); err != nil {
			return fmt.Errorf("cannot move the bundle into place: %v", unwrapPath(err))
		}
		return nil
	}
	if err := exchange(s.tmp, s.out); err != nil {
		return fmt.Errorf("cannot replace %s: %v", s.out, unwrapPath(err))
	}
	// s.tmp now holds the old bundle.
	return os.RemoveAll(s.tmp)
}

// discard removes everything written.
func (s *staging) discard() { os.RemoveAll(s.tmp) }

func unwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	var le *os.LinkError
	if errors.As(err, &le) {
		return le.Err
	}
	return err
}

func fileSHA256(path string) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", fmt.Errorf("could not open input file '%s': %v", path, unwrapPath(err))
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", err
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// datasetSHA256 digests the sets a dataset read: each set's name, and
// each input file's name and bytes, in order.
func datasetSHA256(d *calibrate.Dataset) (string, error) {
	h := sha256.New()
	for _, s := range d.Samples {
		fmt.Fprintf(h, "set %s\n", s.Set)
		for _, f := range s.Files {
			b, err := os.ReadFile(filepath.Join(d.Dir, s.Set, f))
			if err != nil {
				return "", err
			}
			fmt.Fprintf(h, "file %s %d\n", f, len(b))
			h.Write(b)
		}
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// describe lists the artefacts (paths relative to dir) with their sizes
// and digests, sorted by path.
func describe(dir string, paths []string) ([]report.Artefact, error) {
	paths = slices.Clone(paths)
	slices.Sort(paths)
	out := make([]report.Artefact, 0, len(paths))
	for _, p := range paths {
		full := filepath.Join(dir, p)
		sum, err := fileSHA256(full)
		if err != nil {
			return nil, err
		}
		fi, err := os.Stat(full)
		if err != nil {
			return nil, err
		}
		out = append(out, report.Artefact{Path: filepath.ToSlash(p), Bytes: fi.Size(), SHA256: sum})
	}
	return out, nil
}

// writeJSON writes v indented with a final newline.
func writeJSON(path string, v any) error {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(v); err != nil {
		return err
	}
	return os.WriteFile(path, buf.Bytes(), 0o644)
}
