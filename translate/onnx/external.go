package onnx

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/mlc-go/mlc/translate/onnx/onnxpb"
)

// externalFiles keeps the data files that external tensors live in open
// for the import, inside an os.Root at the model's folder so that no path
// (absolute, with "..", or through a symlink) can leave that folder.
type externalFiles struct {
	root  *os.Root
	files map[string]*os.File
	sizes map[string]int64
}

func (im *importer) closeExternal() {
	if im.ext == nil {
		return
	}
	for _, f := range im.ext.files {
		f.Close()
	}
	im.ext.root.Close()
}

// external reads a tensor's data from its external file: location is
// relative to the model's folder, offset and length must lie inside the
// file, and length (when given) must equal the tensor's byte size; the
// buffer is allocated only after those checks.
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
	f, fsize, err := im.openExternal(location)
	if err != nil {
		return nil, err
	}
	if offset > fsize || size > fsize-offset {
		return nil, fmt.Errorf("external data [%d, %d) lies beyond the end of '%s' (%d bytes)", offset, offset+size, location, fsize)
	}
	buf := make([]byte, size)
	if _, err := f.ReadAt(buf, offset); err != nil && !(errors.Is(err, io.EOF) && size == 0) {
		return nil, fmt.Errorf("reading '%s': %v", location, err)
	}
	return buf, nil
}

// checkRelative gives clear messages for paths os.Root would refuse.
func checkRelative(location string) error {
	if filepath.IsAbs(location) || strings.HasPrefix(location, "/") || strings.HasPrefix(location, `\`) || filepath.VolumeName(location) != "" {
		return fmt.Errorf("external data location '%s' is absolute; it must be relative to the model's folder", location)
	}
	clean := filepath.Clean(filepath.FromSlash(location))
	if clean == ".." || strings.HasPrefix(clean, ".."+string(filepath.Separator)) {
		return fmt.Errorf("external data location '%s' leaves the model's folder", location)
	}
	return nil
}

func (im *importer) openExternal(location string) (*os.File, int64, error) {
	if im.ext == nil {
		root, err := os.OpenRoot(im.dir)
		if err != nil {
			return nil, 0, fmt.Errorf("cannot open the model's folder for external data: %v", unwrapPathError(err))
		}
		im.ext = &externalFiles{root: root, files: map[string]*os.File{}, sizes: map[string]int64{}}
	}
	if f, ok := im.ext.files[location]; ok {
		return f, im.ext.sizes[location], nil
	}
	f, err := im.ext.root.Open(filepath.FromSlash(location))
	if err != nil {
		msg := unwrapPathError(err).Error()
		if strings.Contains(msg, "escapes") {
			return nil, 0, fmt.Errorf("external data location '%s' leaves the model's folder", location)
		}
		return nil, 0, fmt.Errorf("cannot open external data '%s': %s", location, msg)
	}
	fi, err := f.Stat()
	if err != nil || !fi.Mode().IsRegular() {
		f.Close()
		return nil, 0, fmt.Errorf("external data '%s' is not a regular file", location)
	}
	im.ext.files[location] = f
	im.ext.sizes[location] = fi.Size()
	return f, fi.Size(), nil
}
