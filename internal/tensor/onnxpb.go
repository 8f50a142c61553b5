package tensor

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/mlc-go/mlc/internal/onnxpb"
)

// ONNXDataType returns the TensorProto.DataType code of dt.
func ONNXDataType(dt DType) (int32, error) {
	if info, ok := onnxpb.DataTypeByElem(dt.String()); ok && dt.Valid() {
		return info.Code, nil
	}
	return 0, fmt.Errorf("tensor: %v has no ONNX data type", dt)
}

// DTypeFromONNX maps a TensorProto.DataType code to a DType.
func DTypeFromONNX(code int32) (DType, error) {
	if info, ok := onnxpb.LookupDataType(code); ok {
		if dt, err := ParseDType(info.Elem); err == nil {
			return dt, nil
		}
	}
	return Invalid, fmt.Errorf("tensor: unsupported ONNX data type %s", onnxpb.DataTypeName(code))
}

// StringEntry is an ONNX StringStringEntryProto.
type StringEntry struct{ Key, Value string }

// ProtoTensor is a decoded ONNX TensorProto.
type ProtoTensor struct {
	Name         string
	DocString    string
	DataType     int32 // TensorProto.DataType code
	Dims         []int64
	DataLocation int32         // 0 DEFAULT, 1 EXTERNAL
	ExternalData []StringEntry // external_data, in file order
	// Tensor is the value, or nil while the data is external (see
	// LoadExternal).
	Tensor *Tensor
}

// IsExternal reports whether the data lives in an external file.
func (p *ProtoTensor) IsExternal() bool { return p.DataLocation == 1 }

// ExternalInfo is the parsed external_data of a TensorProto.
type ExternalInfo struct {
	Location string // path relative to the model's directory
	Offset   int64  // byte offset in the file (0 when absent)
	Length   int64  // byte length, or -1 when absent
	Checksum string // SHA1 hex digest, or "" (not verified)
}

// External parses the external_data entries (location is required; offset
// and length must be non-negative decimal integers; unknown keys are
// ignored).
func (p *ProtoTensor) External() (*ExternalInfo, error) {
	info := &ExternalInfo{Length: -1}
	hasLoc := false
	for _, e := range p.ExternalData {
		switch e.Key {
		case "location":
			info.Location, hasLoc = e.Value, true
		case "offset", "length":
			v, err := strconv.ParseInt(e.Value, 10, 64)
			if err != nil || v < 0 {
				return nil, fmt.Errorf("onnx: tensor %q: external_data %s %q is not a non-negative integer", p.Name, e.Key, e.Value)
			}
			if e.Key == "offset" {
				info.Offset = v
			} else {
				info.Length = v
			}
		case "checksum":
			info.Checksum = e.Value
		}
	}
	if !hasLoc || info.Location == "" {
		return nil, fmt.Errorf("onnx: tensor %q: external_data has no location", p.Name)
	}
	return info, nil
}

// rawSize is the raw_data byte size of n elements of dt (4-bit types are
// packed two per byte, low nibble first).
func rawSize(dt DType, n int64) int64 {
	if dt == I4 || dt == U4 {
		return (n + 1) / 2
	}
	return n * int64(dt.Size())
}

// UnmarshalTensorProto decodes an ONNX TensorProto message with the
// codec in internal/onnxpb. It validates that the dims are non-negative
// and their product fits, that the data type is supported, that exactly
// one data field is used and holds exactly the declared number of
// elements (raw_data: exactly the byte size; int32_data for 4-bit types:
// two elements per entry), and that integer values stored in int32_data
// fit their type. Nothing is allocated from the dims alone: the element
// count is checked against the data present first. Segmented tensors are
// not supported. External data is not loaded (see LoadExternal).
func UnmarshalTensorProto(b []byte) (*ProtoTensor, error) {
	t, err := onnxpb.DecodeTensor(b)
	if err != nil {
		return nil, fmt.Errorf("onnx: TensorProto: %w", err)
	}
	p := &ProtoTensor{Name: t.Name, DocString: t.DocString, DataType: t.DataType, Dims: t.Dims, DataLocation: t.DataLocation}
	for _, e := range t.ExternalData {
		p.ExternalData = append(p.ExternalData, StringEntry{e.Key, e.Value})
	}
	where := func() string {
		if p.Name != "" {
			return fmt.Sprintf("onnx: tensor %q", p.Name)
		}
		return "onnx: tensor"
	}
	if p.DataType == onnxpb.DataUndefined {
		return nil, fmt.Errorf("%s: missing data_type", where())
	}
	dt, err := DTypeFromONNX(p.DataType)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", where(), err)
	}
	if t.HasSegment {
		return nil, fmt.Errorf("%s: segmented tensors are not supported", where())
	}
	n, err := NumElements(p.Dims)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", where(), err)
	}
	if p.DataLocation != onnxpb.LocationDefault && p.DataLocation != onnxpb.LocationExternal {
		return nil, fmt.Errorf("%s: unknown data_location %d", where(), p.DataLocation)
	}
	var typed []int // the typed data fields present
	for _, f := range typedFields {
		if t.Has(f) {
			typed = append(typed, f)
		}
	}
	sources := len(typed)
	if t.HasRawData {
		sources++
	}
	if p.IsExternal() {
		if sources > 0 {
			return nil, fmt.Errorf("%s: external tensor also has inline data", where())
		}
		if _, err := p.External(); err != nil {
			return nil, err
		}
		if _, err := ByteSize(dt, p.Dims); err != nil {
			return nil, fmt.Errorf("%s: %w", where(), err)
		}
		return p, nil
	}
	if sources > 1 {
		return nil, fmt.Errorf("%s: more than one data field is set", where())
	}
	switch {
	case t.HasRawData:
		if want := rawSize(dt, n); int64(len(t.RawData)) != want {
			return nil, fmt.Errorf("%s: dims %s of %v need %d raw_data bytes, found %d",
				where(), FormatShape(p.Dims), onnxpb.DataTypeName(p.DataType), want, len(t.RawData))
		}
		p.Tensor, err = decodeRaw(dt, p.Dims, t.RawData)
	case sources == 0:
		if n != 0 {
			return nil, fmt.Errorf("%s: dims %s declare %d elements but the tensor has no data", where(), FormatShape(p.Dims), n)
		}
		p.Tensor, err = Alloc(dt, p.Dims)
	default:
		p.Tensor, err = decodeTyped(dt, t, n, typed[0])
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", where(), err)
	}
	return p, nil
}

// typedFields are TensorProto's typed data fields.
var typedFields = []int{onnxpb.FieldFloatData, onnxpb.FieldInt32Data, onnxpb.FieldStringData,
	onnxpb.FieldInt64Data, onnxpb.FieldDoubleData, onnxpb.FieldUint64Data}

var fieldNames = map[int]string{4: "float_data", 5: "int32_data", 6: "string_data", 7: "int64_data", 10: "double_data", 11: "uint64_data"}

// decodeTyped decodes the typed repeated data field of t, which must be
// the one the data type's table entry names.
func decodeTyped(dt DType, t *onnxpb.Tensor, n int64, field int) (*Tensor, error) {
	if info, _ := onnxpb.LookupDataType(t.DataType); info.Field != field {
		return nil, fmt.Errorf("%s cannot hold %s data", fieldNames[field], onnxpb.DataTypeName(t.DataType))
	}
	var vals []uint64
	switch field {
	case onnxpb.FieldFloatData:
		vals = t.FloatData
	case onnxpb.FieldInt32Data:
		vals = t.Int32Data
	case onnxpb.FieldInt64Data:
		vals = t.Int64Data
	case onnxpb.FieldDoubleData:
		vals = t.DoubleData
	}
	want := n
	if dt == I4 || dt == U4 {
		want = (n + 1) / 2
	}
	if int64(len(vals)) != want {
		return nil, fmt.Errorf("dims %s declare %d elements, %s holds %d entries (want %d)",
			FormatShape(t.Dims), n, fieldNames[field], len(vals), want)
	}
	out, err := Alloc(dt, t.Dims)
	if err != nil {
		return nil, err
	}
	code := t.DataType
	i := 0
	for _, v := range vals {
		switch s := out.data.(type) {
		case []float32:
			s[i] = math.Float32frombits(uint32(v))
		case []float64:
			s[i] = math.Float64frombits(v)
		case []int64:
			s[i] = int64(v)
		default:
			x := int64(int32(v)) // int32_data: an int32 (protobuf truncates the varint)
			switch dt {
			case I4, U4:
				if x < -128 || x > 255 {
					return nil, fmt.Errorf("int32_data entry %d is not a packed 4-bit pair", x)
				}
				putNibbles(out, i, byte(x), int(n))
				i += 2
				continue
			case F16, BF16:
				if x < math.MinInt16 || x > math.MaxUint16 {
					return nil, fmt.Errorf("int32_data entry %d is not a 16-bit pattern", x)
				}
				s.([]uint16)[i] = uint16(x)
			case Bool:
				if x != 0 && x != 1 {
					return nil, fmt.Errorf("int32_data entry %d is not a bool", x)
				}
				s.([]bool)[i] = x == 1
			default:
				lo, hi := dt.IntRange()
				if x < lo || x > hi {
					return nil, fmt.Errorf("int32_data entry %d out of range for %s", x, onnxpb.DataTypeName(code))
				}
				out.setInt(i, x)
			}
		}
		i++
	}
	return out, nil
}

// putNibbles stores the two 4-bit values of packed byte b (low nibble
// first) at elements i and i+1 (if i+1 < n).
func putNibbles(t *Tensor, i int, b byte, n int) {
	lo, hi := b&0x0f, b>>4
	switch s := t.data.(type) {
	case []int8:
		s[i] = int8(lo<<4) >> 4
		if i+1 < n {
			s[i+1] = int8(hi<<4) >> 4
		}
	case []uint8:
		s[i] = lo
		if i+1 < n {
			s[i+1] = hi
		}
	}
}

// decodeRaw decodes little-endian raw_data (length already checked).
func decodeRaw(dt DType, dims []int64, raw []byte) (*Tensor, error) {
	n, err := NumElements(dims)
	if err != nil {
		return nil, err
	}
	if dt == I4 || dt == U4 {
		t, err := Alloc(dt, dims)
		if err != nil {
			return nil, err
		}
		for i, b := range raw {
			putNibbles(t, 2*i, b, int(n))
		}
		return t, nil
	}
	if nb := n * int64(dt.Size()); nb > MaxBytes() {
		return nil, fmt.Errorf("%s x %v needs %d bytes, above the limit of %d: %w", FormatShape(dims), dt, nb, MaxBytes(), ErrTooLarge)
	}
	t := &Tensor{dtype: dt, shape: cloneShape(dims), data: makeStorage(dt, 0)}
	t.data = growStorage(t.data, int(n))
	if err := appendDecoded(t, raw, binary.LittleEndian); err != nil {
		return nil, err
	}
	return t, nil
}

// encodeRaw returns t's elements as ONNX raw_data.
func encodeRaw(t *Tensor) []byte {
	n := t.Len()
	if t.dtype == I4 || t.dtype == U4 {
		out := make([]byte, (n+1)/2)
		for i := 0; i < n; i += 2 {
			b := byte(t.intAt(i)) & 0x0f
			if i+1 < n {
				b |= byte(t.intAt(i+1)) << 4
			}
			out[i/2] = b
		}
		return out
	}
	return appendEncoded(make([]byte, 0, n*t.dtype.Size()), t, 0, n)
}

// DecodeTensorProto decodes a TensorProto whose data is inline.
func DecodeTensorProto(b []byte) (*Tensor, error) {
	p, err := UnmarshalTensorProto(b)
	if err != nil {
		return nil, err
	}
	if p.IsExternal() {
		return nil, fmt.Errorf("onnx: tensor %q has external data (use UnmarshalTensorProto and LoadExternal)", p.Name)
	}
	return p.Tensor, nil
}

// MarshalTensorProto encodes t as a TensorProto with the given name: dims
// (unpacked, as proto2 serialisers write them), data_type, name and
// little-endian raw_data (4-bit types packed two per byte, low nibble
// first).
func MarshalTensorProto(t *Tensor, name string) ([]byte, error) {
	code, err := ONNXDataType(t.dtype)
	if err != nil {
		return nil, err
	}
	return onnxpb.EncodeTensor(&onnxpb.Tensor{Dims: t.shape, DataType: code, Name: name, RawData: encodeRaw(t), HasRawData: true})
}

// ReadTensorProtoFile reads a TensorProto .pb file; external data is
// loaded relative to the file's directory (see LoadExternal). Files above
// MaxBytes are refused before reading.
func ReadTensorProtoFile(path string) (*Tensor, error) {
	b, err := readFileLimited(path)
	if err != nil {
		return nil, err
	}
	p, err := UnmarshalTensorProto(b)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if p.IsExternal() {
		return p.LoadExternal(filepath.Dir(path))
	}
	return p.Tensor, nil
}

func readFileLimited(path string) ([]byte, error) {
	f, st, err := openRegular(path)
	if errors.Is(err, errNotRegular) {
		return nil, fmt.Errorf("%s is not a regular file", path)
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if st.Size() > MaxBytes() {
		return nil, fmt.Errorf("%s: %d bytes, above the limit of %d: %w", path, st.Size(), MaxBytes(), ErrTooLarge)
	}
	b := make([]byte, st.Size())
	if _, err := io.ReadFull(f, b); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return b, nil
}

// WriteTensorProtoFile writes t as a TensorProto .pb file.
func WriteTensorProtoFile(path string, t *Tensor, name string) error {
	b, err := MarshalTensorProto(t, name)
	if err != nil {
		return err
	}
	return os.WriteFile(path, b, 0o644)
}

// ErrUnsafePath is wrapped by LoadExternal errors about locations that
// could leave the base directory.
var ErrUnsafePath = errors.New("unsafe external data path")

// checkLocation rejects absolute paths, Windows volumes, ".." components,
// NUL bytes and empty paths.
func checkLocation(loc string) error {
	if loc == "" || strings.IndexByte(loc, 0) >= 0 {
		return fmt.Errorf("%w: %q", ErrUnsafePath, loc)
	}
	if filepath.IsAbs(loc) || strings.HasPrefix(loc, "/") || strings.HasPrefix(loc, `\`) ||
		filepath.VolumeName(loc) != "" || (len(loc) >= 2 && loc[1] == ':') {
		return fmt.Errorf("%w: %q is absolute", ErrUnsafePath, loc)
	}
	for _, part := range strings.FieldsFunc(loc, func(r rune) bool { return r == '/' || r == '\\' }) {
		if part == ".." {
			return fmt.Errorf("%w: %q contains '..'", ErrUnsafePath, loc)
		}
	}
	return nil
}

// LoadExternal reads the tensor's external data from baseDir (the model's
// directory) and stores it in p.Tensor. The location must be a relative
// path inside baseDir: absolute paths and ".." components are rejected, and
// the file is opened through os.Root, so symlinks resolving outside baseDir
// (and absolute symlinks, even to a file inside it) are rejected too. The file must be a regular file; the declared length
// (if any) must equal the tensor's raw byte size, and offset + size must
// lie within the file. The checksum is not verified.
func (p *ProtoTensor) LoadExternal(baseDir string) (*Tensor, error) {
	if !p.IsExternal() {
		return p.Tensor, nil
	}
	where := fmt.Sprintf("onnx: tensor %q", p.Name)
	info, err := p.External()
	if err != nil {
		return nil, err
	}
	if err := checkLocation(info.Location); err != nil {
		return nil, fmt.Errorf("%s: %w", where, err)
	}
	dt, err := DTypeFromONNX(p.DataType)
	if err != nil {
		return nil, err
	}
	n, err := NumElements(p.Dims)
	if err != nil {
		return nil, err
	}
	size := rawSize(dt, n)
	if info.Length >= 0 && info.Length != size {
		return nil, fmt.Errorf("%s: external length %d, but dims %s of %s need %d bytes",
			where, info.Length, FormatShape(p.Dims), onnxpb.DataTypeName(p.DataType), size)
	}
	if size > MaxBytes() {
		return nil, fmt.Errorf("%s: %d bytes, above the limit of %d: %w", where, size, MaxBytes(), ErrTooLarge)
	}
	root, err := os.OpenRoot(baseDir)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", where, err)
	}
	defer root.Close()
	f, err := root.Open(filepath.FromSlash(info.Location))
	if err != nil {
		return nil, fmt.Errorf("%s: external data: %w", where, err)
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, fmt.Errorf("%s: %w", where, err)
	}
	if !st.Mode().IsRegular() {
		return nil, fmt.Errorf("%s: external data %q is not a regular file", where, info.Location)
	}
	if info.Offset > st.Size() || size > st.Size()-info.Offset {
		return nil, fmt.Errorf("%s: external data %q has %d bytes, need %d at offset %d",
			where, info.Location, st.Size(), size, info.Offset)
	}
	raw := make([]byte, size)
	if _, err := f.ReadAt(raw, info.Offset); err != nil && !(errors.Is(err, io.EOF) && size == 0) {
		return nil, fmt.Errorf("%s: reading %q: %w", where, info.Location, err)
	}
	t, err := decodeRaw(dt, p.Dims, raw)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", where, err)
	}
	p.Tensor = t
	return t, nil
}
