package onnx

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/mlc-go/mlc/internal/mapfile"
	"github.com/mlc-go/mlc/internal/onnxpb"
)

// externalFiles keeps the data files that external tensors live in open
// for the import, inside an os.Root at the model's folder so that no path
// (absolute, with "..", or through a symlink) can leave that folder.
type externalFiles struct {
	root  *os.Root
	files map[string]*externalFile
}

// externalFile is an open data file and, when it is large enough to be
// worth it, its mapping (tensors then alias the mapping).
type externalFile struct {
	f      *os.File
	size   int64
	mapped *mapfile.Data
}

func (im *importer) closeExternal() {
	if im.ext == nil {
		return
	}
	for _, x := range im.ext.files {
		x.f.Close()
	}
	im.ext.root.Close()
}

// external reads a tensor's data from its external file: location is
// relative to the model's folder, offset and length must lie inside the
// file, and length (when given) must equal the tensor's byte size. The
// file is read (or mapped) once, after it was found to be a regular file,
// and tensors alias its bytes.
func (im *importer) external(t *onnxpb.Tensor) ([]byte, error) {
	var location string
	offset, length := int64(0), int64(-1)
	for _, e := range t.ExternalData {
		switch e.Key {
		case "location":
			location = e.Value
		case "offset", "length":
			v, err := strconv.ParseInt(e.Value, 10, 64)
			if err != nil || v < 0 {
				return nil, fmt.Errorf("external_data %s '%s' is not a non-negative integer", e.Key, e.Value)
			}
			if e.Key == "offset" {
				offset = v
			} else {
				length = v
			}
		case "checksum":
		default:
			return nil, fmt.Errorf("unknown external_data key '%s'", e.Key)
		}
	}
	if location == "" {
		return nil, fmt.Errorf("external data has no location")
	}
	if err := checkRelative(location); err != nil {
		return nil, err
	}
	size, err := t.ByteSize()
	if err != nil {
		return nil, err
	}
	if length >= 0 && length != size {
		return nil, fmt.Errorf("external data length %d does not match the tensor's %d bytes (%s%v)", length, size, onnxpb.DataTypeName(t.DataType), t.Dims)
	}
	x, err := im.openExternal(location)
	if err != nil {
		return nil, err
	}
	if offset > x.size || size > x.size-offset {
		end := fmt.Sprint(uint64(offset) + uint64(size)) // cannot wrap: both are below 2^63
		return nil, fmt.Errorf("external data [%d, %s) lies beyond the end of '%s' (%d bytes)", offset, end, location, x.size)
	}
	if x.mapped != nil {
		return x.mapped.Bytes()[offset : offset+size : offset+size], nil
	}
	buf := make([]byte, size)
	if _, err := x.f.ReadAt(buf, offset); err != nil && !(errors.Is(err, io.EOF) && size == 0) {
		return nil, fmt.Errorf("reading '%s': %v", location, err)
	}
	return buf, nil
}

// checkRelative gives clear messages for paths os.Root would refuse.
func checkRelative(location string) error {
	if strings.ContainsRune(location, 0) {
		return fmt.Errorf("external data location %q contains a NUL byte", location)
	}
	if filepath.IsAbs(location) || strings.HasPrefix(location, "/") || strings.HasPrefix(location, `\`) || filepath.VolumeName(location) != "" {
		return fmt.Errorf("external data location '%s' is absolute; it must be relative to the model's folder", location)
	}
	clean := filepath.Clean(filepath.FromSlash(location))
	if clean == ".." || strings.HasPrefix(clean, ".."+string(filepath.Separator)) {
		return fmt.Errorf("external data location '%s' leaves the model's folder", location)
	}
	return nil
}

func (im *importer) openExternal(location string) (*externalFile, error) {
	if im.ext == nil {
		root, err := os.OpenRoot(im.dir)
		if err != nil {
			return nil, fmt.Errorf("cannot open the model's folder for external data: %v", unwrapPathError(err))
		}
		im.ext = &externalFiles{root: root, files: map[string]*externalFile{}}
	}
	if x, ok := im.ext.files[location]; ok {
		return x, nil
	}
	name := filepath.FromSlash(location)
	// Stat before opening: opening a FIFO blocks until it has a writer.
	fi, err := im.ext.root.Stat(name)
	if err == nil && !fi.Mode().IsRegular() {
		return nil, fmt.Errorf("external data '%s' is not a regular file", location)
	}
	var f *os.File
	if err == nil {
		f, err = im.ext.root.Open(name)
	}
	if err != nil {
		msg := unwrapPathError(err).Error()
		if strings.Contains(msg, "escapes") {
			return nil, fmt.Errorf("external data location '%s' leaves the model's folder", location)
		}
		return nil, fmt.Errorf("cannot open external data '%s': %s", location, msg)
	}
	// Checked again on the open file: the path may have changed since.
	if fi, err = f.Stat(); err != nil || !fi.Mode().IsRegular() {
		f.Close()
		return nil, fmt.Errorf("external data '%s' is not a regular file", location)
	}
	x := &externalFile{f: f, size: fi.Size()}
	if x.size >= mapfile.MinMapBytes {
		if d, err := mapfile.Map(f, x.size); err == nil {
			x.mapped = d
			im.files = append(im.files, d)
		}
	}
	im.ext.files[location] = x
	return x, nil
}
