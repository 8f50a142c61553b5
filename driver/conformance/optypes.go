package conformance

import (
	"errors"
	"fmt"
	"io"
	"os"
)

// ONNX field numbers that ReadOpTypes follows (onnx.proto).
const (
	modelGraphField = 7 // ModelProto.graph
	graphNodeField  = 1 // GraphProto.node
	nodeOpTypeField = 4 // NodeProto.op_type
	nodeDomainField = 7 // NodeProto.domain
)

// maxNameLen bounds an op_type or domain string; real ones are short.
const maxNameLen = 4096

// ReadOpTypes returns the op type of every top-level node of the ONNX
// model at path, in graph order; an op of a domain other than the default
// one is "domain.OpType". It reads only field headers and the two strings
// it needs, seeking past everything else, so weights are never loaded.
// Errors name the byte offset where the model stops making sense.
func ReadOpTypes(path string) ([]string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if !st.Mode().IsRegular() {
		return nil, fmt.Errorf("%s is not a regular file", path)
	}
	ops, err := opTypes(f, st.Size())
	if err != nil {
		var pe *pbError
		if errors.As(err, &pe) {
			return nil, fmt.Errorf("%s:1:%d: error: %s", path, pe.off+1, pe.msg)
		}
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	return ops, nil
}

func opTypes(r io.ReaderAt, size int64) ([]string, error) {
	var ops []string
	err := walkFields(r, 0, size, func(num, wt int, start, end int64) error {
		if num != modelGraphField || wt != wireBytes {
			return nil
		}
		return walkFields(r, start, end, func(num, wt int, start, end int64) error {
			if num != graphNodeField || wt != wireBytes {
				return nil
			}
			var opType, domain string
			err := walkFields(r, start, end, func(num, wt int, s, e int64) error {
				if wt != wireBytes || (num != nodeOpTypeField && num != nodeDomainField) {
					return nil
				}
				str, err := readString(r, s, e)
				if num == nodeOpTypeField {
					opType = str
				} else {
					domain = str
				}
				return err
			})
			if err != nil {
				return err
			}
			if opType == "" {
				return &pbError{start, "node without op_type"}
			}
			if domain != "" && domain != "ai.onnx" {
				opType = domain + "." + opType
			}
			ops = append(ops, opType)
			return nil
		})
	})
	return ops, err
}

// Protobuf wire types.
const (
	wireVarint  = 0
	wireFixed64 = 1
	wireBytes   = 2
	wireFixed32 = 5
)

type pbError struct {
	off int64
	msg string
}

func (e *pbError) Error() string { return fmt.Sprintf("byte %d: %s", e.off, e.msg) }

// walkFields calls fn for each field of the message in [start, end) with
// the extent of its value (for length-delimited fields, the payload).
func walkFields(r io.ReaderAt, start, end int64, fn func(num, wt int, start, end int64) error) error {
	for off := start; off < end; {
		tag, n, err := readVarint(r, off, end)
		if err != nil {
			return err
		}
		num, wt := int(tag>>3), int(tag&7)
		if num == 0 {
			return &pbError{off, "field number 0"}
		}
		vs := off + int64(n)
		var ve int64
		switch wt {
		case wireVarint:
			_, m, err := readVarint(r, vs, end)
			if err != nil {
				return err
			}
			ve = vs + int64(m)
		case wireFixed64:
			ve = vs + 8
		case wireFixed32:
			ve = vs + 4
		case wireBytes:
			l, m, err := readVarint(r, vs, end)
			if err != nil {
				return err
			}
			vs += int64(m)
			if l > uint64(end-vs) {
				return &pbError{off, fmt.Sprintf("field %d claims %d bytes, only %d left", num, l, end-vs)}
			}
			ve = vs + int64(l)
		default:
			return &pbError{off, fmt.Sprintf("field %d has unsupported wire type %d", num, wt)}
		}
		if ve > end {
			return &pbError{off, fmt.Sprintf("field %d runs past the end of its message", num)}
		}
		if err := fn(num, wt, vs, ve); err != nil {
			return err
		}
		off = ve
	}
	return nil
}

func readVarint(r io.ReaderAt, off, end int64) (uint64, int, error) {
	var buf [10]byte
	n := int(min(int64(len(buf)), end-off))
	if n <= 0 {
		return 0, 0, &pbError{off, "truncated varint"}
	}
	if _, err := r.ReadAt(buf[:n], off); err != nil && err != io.EOF {
		return 0, 0, err
	}
	var v uint64
	for i := range n {
		b := buf[i]
		if i == 9 && b > 1 {
			break
		}
		v |= uint64(b&0x7f) << (7 * i)
		if b < 0x80 {
			return v, i + 1, nil
		}
	}
	if n < len(buf) {
		return 0, 0, &pbError{off, "truncated varint"}
	}
	return 0, 0, &pbError{off, "varint longer than 64 bits"}
}

func readString(r io.ReaderAt, start, end int64) (string, error) {
	if end-start > maxNameLen {
		return "", &pbError{start, fmt.Sprintf("name of %d bytes (limit %d)", end-start, maxNameLen)}
	}
	b := make([]byte, end-start)
	if _, err := r.ReadAt(b, start); err != nil && !(err == io.EOF && len(b) == 0) {
		return "", err
	}
	return string(b), nil
}
