package tensor

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"strconv"
	"strings"
)

// NumPy .npy format (https://numpy.org/doc/stable/reference/generated/numpy.lib.format.html):
//
//	"\x93NUMPY" major minor  header_len (uint16 LE for 1.0, uint32 LE for 2.0/3.0)
//	header: a Python dict literal {'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }
//	        padded with spaces and ending in '\n' (latin-1 in 1.0/2.0, UTF-8 in 3.0)
//	data:   the elements in C order
var npyMagic = []byte("\x93NUMPY")

// MaxNpyHeader is the largest .npy header ReadNpy accepts (NumPy itself
// refuses headers above 10000 bytes unless told otherwise).
const MaxNpyHeader = 1 << 20

// npyDType maps a descr ('<f4', '|u1', ...) to a dtype and byte order.
func npyDType(descr string) (DType, binary.ByteOrder, error) {
	if descr == "" {
		return Invalid, nil, fmt.Errorf("npy: empty descr")
	}
	order := binary.ByteOrder(binary.LittleEndian)
	body := descr
	switch descr[0] {
	case '<', '|':
		body = descr[1:]
	case '>':
		order, body = binary.BigEndian, descr[1:]
	case '=':
		order, body = binary.NativeEndian, descr[1:]
	}
	var dt DType
	switch body {
	case "f4":
		dt = F32
	case "f8":
		dt = F64
	case "f2":
		dt = F16
	case "i1":
		dt = I8
	case "u1":
		dt = U8
	case "i2":
		dt = I16
	case "u2":
		dt = U16
	case "i4":
		dt = I32
	case "i8":
		dt = I64
	case "b1", "?":
		dt = Bool
	default:
		return Invalid, nil, fmt.Errorf("npy: unsupported dtype %q (supported: f2 f4 f8 i1 u1 i2 u2 i4 i8 b1)", descr)
	}
	return dt, order, nil
}

func npyDescr(dt DType) (string, error) {
	switch dt {
	case F32:
		return "<f4", nil
	case F64:
		return "<f8", nil
	case F16:
		return "<f2", nil
	case I8, I4:
		return "|i1", nil
	case U8, U4:
		return "|u1", nil
	case I16:
		return "<i2", nil
	case U16:
		return "<u2", nil
	case I32:
		return "<i4", nil
	case I64:
		return "<i8", nil
	case Bool:
		return "|b1", nil
	}
	return "", fmt.Errorf("npy: %v has no NumPy dtype (cast it first)", dt)
}

type npyHeader struct {
	dtype DType
	order binary.ByteOrder
	shape []int64
}

// readNpyPreamble reads the magic, version and header from r and returns
// the parsed header and the number of bytes consumed. limit caps the header
// length (e.g. by the file size).
func readNpyPreamble(r io.Reader, limit int64) (*npyHeader, int64, error) {
	var pre [10]byte
	if _, err := io.ReadFull(r, pre[:8]); err != nil {
		return nil, 0, fmt.Errorf("npy: truncated magic: %w", noEOF(err))
	}
	if !bytes.Equal(pre[:6], npyMagic) {
		return nil, 0, fmt.Errorf("npy: bad magic %q (not a .npy file)", pre[:6])
	}
	major, minor := pre[6], pre[7]
	var hlen int64
	consumed := int64(8)
	switch major {
	case 1:
		if _, err := io.ReadFull(r, pre[8:10]); err != nil {
			return nil, 0, fmt.Errorf("npy: truncated header length: %w", noEOF(err))
		}
		hlen = int64(binary.LittleEndian.Uint16(pre[8:10]))
		consumed += 2
	case 2, 3:
		var b [4]byte
		if _, err := io.ReadFull(r, b[:]); err != nil {
			return nil, 0, fmt.Errorf("npy: truncated header length: %w", noEOF(err))
		}
		hlen = int64(binary.LittleEndian.Uint32(b[:]))
		consumed += 4
	default:
		return nil, 0, fmt.Errorf("npy: unsupported format version %d.%d", major, minor)
	}
	if minor != 0 {
		return nil, 0, fmt.Errorf("npy: unsupported format version %d.%d", major, minor)
	}
	if hlen > MaxNpyHeader {
		return nil, 0, fmt.Errorf("npy: header length %d above the maximum %d", hlen, MaxNpyHeader)
	}
	if limit >= 0 && consumed+hlen > limit {
		return nil, 0, fmt.Errorf("npy: header length %d exceeds the file size %d", hlen, limit)
	}
	// Read through a LimitReader so that a stream shorter than the declared
	// length never costs the full allocation.
	hdr, err := io.ReadAll(io.LimitReader(r, hlen))
	if err != nil {
		return nil, 0, fmt.Errorf("npy: reading header: %w", err)
	}
	if int64(len(hdr)) != hlen {
		return nil, 0, fmt.Errorf("npy: truncated header (%d of %d declared bytes)", len(hdr), hlen)
	}
	consumed += hlen
	h, err := parseNpyHeader(string(hdr), major)
	if err != nil {
		return nil, 0, err
	}
	return h, consumed, nil
}

func noEOF(err error) error {
	if errors.Is(err, io.EOF) {
		return io.ErrUnexpectedEOF
	}
	return err
}

// parseNpyHeader parses the header dict literal.
func parseNpyHeader(s string, major byte) (*npyHeader, error) {
	if major < 3 {
		for i := 0; i < len(s); i++ {
			if s[i] >= 0x80 {
				return nil, fmt.Errorf("npy: non-ASCII byte in a version %d header", major)
			}
		}
	}
	p := &pyLit{s: s}
	v, err := p.value(0)
	if err != nil {
		return nil, fmt.Errorf("npy: bad header %q: %w", truncate(s, 80), err)
	}
	p.skipSpace()
	if p.i != len(p.s) {
		return nil, fmt.Errorf("npy: trailing characters after the header dict: %q", truncate(s[p.i:], 40))
	}
	d, ok := v.(map[string]any)
	if !ok {
		return nil, fmt.Errorf("npy: header is not a dict: %q", truncate(s, 80))
	}
	for k := range d {
		switch k {
		case "descr", "fortran_order", "shape":
		default:
			return nil, fmt.Errorf("npy: unexpected header key %q", k)
		}
	}
	descr, ok := d["descr"].(string)
	if !ok {
		return nil, fmt.Errorf("npy: header descr missing or not a string (structured dtypes are not supported)")
	}
	fo, ok := d["fortran_order"].(bool)
	if !ok {
		return nil, fmt.Errorf("npy: header fortran_order missing or not a bool")
	}
	if fo {
		return nil, fmt.Errorf("npy: fortran_order=True arrays are not supported (save with C order, e.g. np.ascontiguousarray)")
	}
	shape, ok := d["shape"].([]int64)
	if !ok {
		return nil, fmt.Errorf("npy: header shape missing or not a tuple of integers")
	}
	dt, order, err := npyDType(descr)
	if err != nil {
		return nil, err
	}
	if _, err := NumElements(shape); err != nil {
		return nil, fmt.Errorf("npy: %w", err)
	}
	return &npyHeader{dtype: dt, order: order, shape: shape}, nil
}

func truncate(s string, n int) string {
	if len(s) > n {
		return s[:n] + "..."
	}
	return s
}

// pyLit parses the subset of Python literals .npy headers use: dicts,
// tuples/lists of integers, strings, True/False, integers.
type pyLit struct {
	s string
	i int
}

func (p *pyLit) skipSpace() {
	for p.i < len(p.s) && strings.IndexByte(" \t\r\n", p.s[p.i]) >= 0 {
		p.i++
	}
}

func (p *pyLit) value(depth int) (any, error) {
	if depth > 4 {
		return nil, fmt.Errorf("nesting too deep")
	}
	p.skipSpace()
	if p.i >= len(p.s) {
		return nil, fmt.Errorf("unexpected end")
	}
	switch c := p.s[p.i]; {
	case c == '{':
		p.i++
		m := map[string]any{}
		for {
			p.skipSpace()
			if p.i < len(p.s) && p.s[p.i] == '}' {
				p.i++
				return m, nil
			}
			k, err := p.value(depth + 1)
			if err != nil {
				return nil, err
			}
			ks, ok := k.(string)
			if !ok {
				return nil, fmt.Errorf("dict key is not a string")
			}
			if _, dup := m[ks]; dup {
				return nil, fmt.Errorf("duplicate key %q", ks)
			}
			p.skipSpace()
			if p.i >= len(p.s) || p.s[p.i] != ':' {
				return nil, fmt.Errorf("expected ':' at offset %d", p.i)
			}
			p.i++
			v, err := p.value(depth + 1)
			if err != nil {
				return nil, err
			}
			m[ks] = v
			p.skipSpace()
			if p.i < len(p.s) && p.s[p.i] == ',' {
				p.i++
			} else if p.i >= len(p.s) || p.s[p.i] != '}' {
				return nil, fmt.Errorf("expected ',' or '}' at offset %d", p.i)
			}
		}
	case c == '(' || c == '[':
		end := byte(')')
		if c == '[' {
			end = ']'
		}
		p.i++
		ints := []int64{}
		for {
			p.skipSpace()
			if p.i < len(p.s) && p.s[p.i] == end {
				p.i++
				return ints, nil
			}
			v, err := p.value(depth + 1)
			if err != nil {
				return nil, err
			}
			n, ok := v.(int64)
			if !ok {
				return nil, fmt.Errorf("tuple element is not an integer")
			}
			ints = append(ints, n)
			p.skipSpace()
			if p.i < len(p.s) && p.s[p.i] == ',' {
				p.i++
			} else if p.i >= len(p.s) || p.s[p.i] != end {
				return nil, fmt.Errorf("expected ',' or '%c' at offset %d", end, p.i)
			}
		}
	case c == '\'' || c == '"':
		p.i++
		j := strings.IndexByte(p.s[p.i:], c)
		if j < 0 {
			return nil, fmt.Errorf("unterminated string")
		}
		v := p.s[p.i : p.i+j]
		if strings.IndexByte(v, '\\') >= 0 {
			return nil, fmt.Errorf("escapes in strings are not supported")
		}
		p.i += j + 1
		return v, nil
	case c == '-' || (c >= '0' && c <= '9'):
		j := p.i + 1
		for j < len(p.s) && p.s[j] >= '0' && p.s[j] <= '9' {
			j++
		}
		n, err := strconv.ParseInt(p.s[p.i:j], 10, 64)
		if err != nil {
			return nil, fmt.Errorf("bad integer %q", p.s[p.i:j])
		}
		if j < len(p.s) && (p.s[j] == 'L' || p.s[j] == 'l') { // Python 2 long
			j++
		}
		p.i = j
		return n, nil
	default:
		for _, w := range []string{"True", "False"} {
			if strings.HasPrefix(p.s[p.i:], w) {
				p.i += len(w)
				return w == "True", nil
			}
		}
		return nil, fmt.Errorf("unexpected character %q at offset %d", c, p.i)
	}
}

// ReadNpy reads a .npy array from r (versions 1.0, 2.0 and 3.0, little- or
// big-endian, C order; dtypes f2 f4 f8 i1 u1 i2 u2 i4 i8 b1). It reads
// exactly the header and the data the header declares, allocating only as
// the data actually arrives (so a header declaring a huge shape on a short
// stream fails without a large allocation), and refuses arrays above
// MaxBytes. Bool bytes other than 0 and 1 are an error.
func ReadNpy(r io.Reader) (*Tensor, error) {
	h, _, err := readNpyPreamble(r, -1)
	if err != nil {
		return nil, err
	}
	return readNpyData(r, h, -1)
}

// DecodeNpy parses a complete .npy file held in memory; the data must fill
// the rest of b exactly.
func DecodeNpy(b []byte) (*Tensor, error) {
	r := bytes.NewReader(b)
	h, n, err := readNpyPreamble(r, int64(len(b)))
	if err != nil {
		return nil, err
	}
	return readNpyData(r, h, int64(len(b))-n)
}

// ReadNpyFile reads a .npy file; the data must fill the file exactly.
func ReadNpyFile(path string) (*Tensor, error) {
	f, st, err := openRegular(path)
	if errors.Is(err, errNotRegular) {
		return nil, fmt.Errorf("npy: %s is not a regular file", path)
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	br := bufio.NewReaderSize(f, 1<<16)
	h, n, err := readNpyPreamble(br, st.Size())
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	t, err := readNpyData(br, h, st.Size()-n)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return t, nil
}

// readNpyData reads the array body. avail is the exact number of bytes
// left (file / buffer) or -1 for a stream.
func readNpyData(r io.Reader, h *npyHeader, avail int64) (*Tensor, error) {
	nb, err := ByteSize(h.dtype, h.shape)
	if err != nil {
		return nil, fmt.Errorf("npy: %w", err)
	}
	if avail >= 0 && avail != nb {
		return nil, fmt.Errorf("npy: shape %s of %v needs %d data bytes, file has %d", FormatShape(h.shape), h.dtype, nb, avail)
	}
	if nb > MaxBytes() {
		return nil, fmt.Errorf("npy: shape %s of %v needs %d bytes, above the limit of %d: %w",
			FormatShape(h.shape), h.dtype, nb, MaxBytes(), ErrTooLarge)
	}
	n, _ := NumElements(h.shape)
	t, err := readElements(r, h.dtype, h.order, int(n), avail >= 0)
	if err != nil {
		return nil, fmt.Errorf("npy: data: %w", err)
	}
	t.shape = cloneShape(h.shape)
	return t, nil
}

// readElements reads n fixed-width elements of dt in byte order `order`
// from r. When sized, the caller has checked that the bytes exist, and the
// storage is allocated up front; otherwise it grows with the data read.
func readElements(r io.Reader, dt DType, order binary.ByteOrder, n int, sized bool) (*Tensor, error) {
	es := dt.Size()
	capHint := n
	if !sized {
		capHint = min(n, (1<<20)/es)
	}
	t := &Tensor{dtype: dt, data: makeStorage(dt, 0)}
	t.data = growStorage(t.data, capHint)
	var buf [1 << 15]byte
	done := 0
	for done < n {
		m := min(n-done, len(buf)/es)
		chunk := buf[:m*es]
		if got, err := io.ReadFull(r, chunk); err != nil {
			return nil, fmt.Errorf("truncated: %d of %d bytes present: %w", done*es+got, n*es, noEOF(err))
		}
		if err := appendDecoded(t, chunk, order); err != nil {
			return nil, err
		}
		done += m
	}
	return t, nil
}

// growStorage returns s with capacity for at least extra more elements.
func growStorage(s any, extra int) any {
	switch v := s.(type) {
	case []float32:
		return growSlice(v, extra)
	case []float64:
		return growSlice(v, extra)
	case []uint16:
		return growSlice(v, extra)
	case []int8:
		return growSlice(v, extra)
	case []uint8:
		return growSlice(v, extra)
	case []int16:
		return growSlice(v, extra)
	case []int32:
		return growSlice(v, extra)
	case []int64:
		return growSlice(v, extra)
	case []bool:
		return growSlice(v, extra)
	}
	return s
}

func growSlice[T any](s []T, extra int) []T {
	if cap(s)-len(s) >= extra {
		return s
	}
	ns := make([]T, len(s), len(s)+extra)
	copy(ns, s)
	return ns
}

// appendDecoded decodes fixed-width elements from b and appends them to t.
func appendDecoded(t *Tensor, b []byte, order binary.ByteOrder) error {
	switch s := t.data.(type) {
	case []float32:
		for i := 0; i+4 <= len(b); i += 4 {
			s = append(s, math.Float32frombits(order.Uint32(b[i:])))
		}
		t.data = s
	case []float64:
		for i := 0; i+8 <= len(b); i += 8 {
			s = append(s, math.Float64frombits(order.Uint64(b[i:])))
		}
		t.data = s
	case []uint16:
		for i := 0; i+2 <= len(b); i += 2 {
			s = append(s, order.Uint16(b[i:]))
		}
		t.data = s
	case []int16:
		for i := 0; i+2 <= len(b); i += 2 {
			s = append(s, int16(order.Uint16(b[i:])))
		}
		t.data = s
	case []int32:
		for i := 0; i+4 <= len(b); i += 4 {
			s = append(s, int32(order.Uint32(b[i:])))
		}
		t.data = s
	case []int64:
		for i := 0; i+8 <= len(b); i += 8 {
			s = append(s, int64(order.Uint64(b[i:])))
		}
		t.data = s
	case []int8:
		for _, v := range b {
			s = append(s, int8(v))
		}
		t.data = s
	case []uint8:
		t.data = append(s, b...)
	case []bool:
		for _, v := range b {
			if v > 1 {
				return fmt.Errorf("bool byte %d is neither 0 nor 1", v)
			}
			s = append(s, v == 1)
		}
		t.data = s
	}
	return nil
}

// appendEncoded appends t's elements [i0, i1) as little-endian bytes.
func appendEncoded(b []byte, t *Tensor, i0, i1 int) []byte {
	le := binary.LittleEndian
	switch s := t.data.(type) {
	case []float32:
		for _, v := range s[i0:i1] {
			b = le.AppendUint32(b, math.Float32bits(v))
		}
	case []float64:
		for _, v := range s[i0:i1] {
			b = le.AppendUint64(b, math.Float64bits(v))
		}
	case []uint16:
		for _, v := range s[i0:i1] {
			b = le.AppendUint16(b, v)
		}
	case []int16:
		for _, v := range s[i0:i1] {
			b = le.AppendUint16(b, uint16(v))
		}
	case []int32:
		for _, v := range s[i0:i1] {
			b = le.AppendUint32(b, uint32(v))
		}
	case []int64:
		for _, v := range s[i0:i1] {
			b = le.AppendUint64(b, uint64(v))
		}
	case []int8:
		for _, v := range s[i0:i1] {
			b = append(b, byte(v))
		}
	case []uint8:
		b = append(b, s[i0:i1]...)
	case []bool:
		for _, v := range s[i0:i1] {
			if v {
				b = append(b, 1)
			} else {
				b = append(b, 0)
			}
		}
	}
	return b
}

// npyHeaderBytes builds the magic, version, length and padded header.
func npyHeaderBytes(t *Tensor) ([]byte, error) {
	descr, err := npyDescr(t.dtype)
	if err != nil {
		return nil, err
	}
	var sb strings.Builder
	sb.WriteString("(")
	for i, d := range t.shape {
		if i > 0 {
			sb.WriteString(", ")
		}
		sb.WriteString(strconv.FormatInt(d, 10))
	}
	if len(t.shape) == 1 {
		sb.WriteString(",")
	}
	sb.WriteString(")")
	dict := fmt.Sprintf("{'descr': '%s', 'fortran_order': False, 'shape': %s, }", descr, sb.String())
	// Version 1.0 when the header fits a uint16, else 2.0; total length
	// padded to a multiple of 64 with spaces, then '\n'.
	for _, v := range []struct {
		major byte
		pre   int
	}{{1, 10}, {2, 12}} {
		total := v.pre + len(dict) + 1
		pad := (64 - total%64) % 64
		hlen := len(dict) + pad + 1
		if v.major == 1 && hlen > math.MaxUint16 {
			continue
		}
		out := make([]byte, 0, v.pre+hlen)
		out = append(out, npyMagic...)
		out = append(out, v.major, 0)
		if v.major == 1 {
			out = binary.LittleEndian.AppendUint16(out, uint16(hlen))
		} else {
			out = binary.LittleEndian.AppendUint32(out, uint32(hlen))
		}
		out = append(out, dict...)
		out = append(out, bytes.Repeat([]byte{' '}, pad)...)
		return append(out, '\n'), nil
	}
	return nil, fmt.Errorf("npy: header too long")
}

// WriteNpy writes t as a little-endian, C-order .npy file (version 1.0, or
// 2.0 when the header needs it). I4/U4 are written as i1/u1; BF16 has no
// NumPy dtype and is an error.
func WriteNpy(w io.Writer, t *Tensor) error {
	hdr, err := npyHeaderBytes(t)
	if err != nil {
		return err
	}
	if _, err := w.Write(hdr); err != nil {
		return err
	}
	n := t.Len()
	const chunk = 1 << 14
	buf := make([]byte, 0, chunk*t.dtype.Size())
	for i := 0; i < n; i += chunk {
		buf = appendEncoded(buf[:0], t, i, min(n, i+chunk))
		if _, err := w.Write(buf); err != nil {
			return err
		}
	}
	return nil
}

// EncodeNpy returns t in .npy format (see WriteNpy).
func EncodeNpy(t *Tensor) ([]byte, error) {
	var b bytes.Buffer
	if err := WriteNpy(&b, t); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// WriteNpyFile writes t to path as .npy (see WriteNpy).
func WriteNpyFile(path string, t *Tensor) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	bw := bufio.NewWriterSize(f, 1<<16)
	if err := WriteNpy(bw, t); err != nil {
		f.Close()
		return err
	}
	if err := bw.Flush(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

var errNotRegular = errors.New("not a regular file")

// openRegular opens path for reading when it is a regular file, checked
// before opening (opening a FIFO blocks until it has a writer) and again
// on the open file (the path may have changed in between); otherwise the
// error is errNotRegular.
func openRegular(path string) (*os.File, os.FileInfo, error) {
	if st, err := os.Stat(path); err != nil {
		return nil, nil, err
	} else if !st.Mode().IsRegular() {
		return nil, nil, errNotRegular
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, err
	}
	st, err := f.Stat()
	if err == nil && !st.Mode().IsRegular() {
		err = errNotRegular
	}
	if err != nil {
		f.Close()
		return nil, nil, err
	}
	return f, st, nil
}
