// Package onnxpb is the ONNX protobuf codec (onnx/onnx.proto): a decoder
// and an encoder of ModelProto and TensorProto over the protobuf wire
// format, and the one table of TensorProto.DataType codes.
//
// Decoding: tensor payloads (raw_data) are sub-slices of the input
// buffer, so weights are never copied; fields the structs do not model
// (doc strings, functions, sparse tensors, non-tensor types, …) are kept
// as raw wire bytes in each message's Unknown, and which fields were
// present is recorded, so that encoding gives everything back (a file
// written by protobuf's serializers comes back byte for byte); every error carries the byte offset at which it was found,
// and malformed input never panics. Decoding allocates at most a small
// multiple of the input's size, never in proportion to a declared count.
package onnxpb

import (
	"fmt"

	"google.golang.org/protobuf/encoding/protowire"
)

// MaxDepth bounds message nesting (graphs inside attributes inside nodes
// inside graphs, nested type protos), so hostile input cannot exhaust the
// stack.
const MaxDepth = 64

// Error is a decoding error at a byte offset of the input.
type Error struct {
	Offset int
	Msg    string
}

func (e *Error) Error() string { return fmt.Sprintf("byte %d: %s", e.Offset, e.Msg) }

// field is one decoded field: its number, wire type, the offset of its
// tag and, for length-delimited fields, the payload and its offset.
type field struct {
	num     protowire.Number
	typ     protowire.Type
	off     int    // offset of the tag
	v       uint64 // varint, fixed32 or fixed64 value
	b       []byte // length-delimited payload
	bOff    int    // offset of b
	message string // enclosing message, for errors
	name    string // field name, set by the caller for errors
	raw     []byte // the whole field, tag included
	// keep asks walk to keep the raw field in Unknown although a case
	// looked at it (fields only counted or checked, not modelled).
	keep bool
}

type decoder struct {
	depth int
	// passed, when set, gets each tensor's raw data once it is passed over.
	passed func(raw []byte)
}

func errAt(off int, format string, args ...any) *Error {
	return &Error{Offset: off, Msg: fmt.Sprintf(format, args...)}
}

var wireNames = map[protowire.Type]string{
	protowire.VarintType: "varint", protowire.Fixed32Type: "fixed32", protowire.Fixed64Type: "fixed64",
	protowire.BytesType: "length-delimited", protowire.StartGroupType: "group", protowire.EndGroupType: "end-group",
}

func wireName(t protowire.Type) string {
	if s, ok := wireNames[t]; ok {
		return s
	}
	return fmt.Sprintf("wire type %d", t)
}

// walk calls fn for every field of the message encoded in b, which starts
// at offset base of the input. Fields fn does not take (leaves without a
// name) and groups (never used by ONNX) are appended to *unknown as raw
// wire bytes, when unknown is not nil.
func (d *decoder) walk(b []byte, base int, message string, unknown *[]byte, fn func(f *field) error) error {
	d.depth++
	defer func() { d.depth-- }()
	if d.depth > MaxDepth {
		return errAt(base, "%s: messages nested deeper than %d levels", message, MaxDepth)
	}
	for i := 0; i < len(b); {
		num, typ, n := protowire.ConsumeTag(b[i:])
		if n < 0 {
			return errAt(base+i, "%s: malformed field tag: %v", message, wireErr(n))
		}
		f := field{num: num, typ: typ, off: base + i, message: message}
		i += n
		switch typ {
		case protowire.VarintType:
			f.v, n = protowire.ConsumeVarint(b[i:])
		case protowire.Fixed32Type:
			var v uint32
			v, n = protowire.ConsumeFixed32(b[i:])
			f.v = uint64(v)
		case protowire.Fixed64Type:
			f.v, n = protowire.ConsumeFixed64(b[i:])
		case protowire.BytesType:
			f.b, n = protowire.ConsumeBytes(b[i:])
			f.bOff = base + i + protowire.SizeVarint(uint64(len(f.b)))
		default:
			n = protowire.ConsumeFieldValue(num, typ, b[i:])
		}
		if n < 0 {
			return errAt(base+i, "%s: field %d (%s): %v", message, num, wireName(typ), wireErr(n))
		}
		i += n
		f.raw = b[f.off-base : i]
		if typ != protowire.StartGroupType {
			if err := fn(&f); err != nil {
				return err
			}
		}
		if unknown != nil && (f.name == "" || f.keep) {
			*unknown = append(*unknown, f.raw...)
		}
	}
	return nil
}

// wireErr describes a protowire error code in our own words (protowire's
// messages are deliberately unstable).
func wireErr(n int) string {
	switch n {
	case -1:
		return "unexpected end of data"
	case -2:
		return "invalid field number"
	case -3:
		return "varint overflows 64 bits"
	case -4:
		return "reserved wire type"
	case -5:
		return "mismatched end-group marker"
	case -6:
		return "groups nested too deeply"
	}
	return "malformed wire data"
}

func (f *field) wrongType(want string) error {
	return errAt(f.off, "%s.%s (field %d): wire type %s, expected %s", f.message, f.name, f.num, wireName(f.typ), want)
}

func (f *field) str(name string) (string, error) {
	f.name = name
	if f.typ != protowire.BytesType {
		return "", f.wrongType("length-delimited")
	}
	return string(f.b), nil
}

func (f *field) bytes(name string) ([]byte, error) {
	f.name = name
	if f.typ != protowire.BytesType {
		return nil, f.wrongType("length-delimited")
	}
	return f.b, nil
}

func (f *field) int64(name string) (int64, error) {
	f.name = name
	if f.typ != protowire.VarintType {
		return 0, f.wrongType("varint")
	}
	return int64(f.v), nil
}

// int32 reads an int32 field: protobuf sign-extends negative int32s to
// ten-byte varints, so the low 32 bits are the value.
func (f *field) int32(name string) (int32, error) {
	v, err := f.int64(name)
	return int32(v), err
}

func (f *field) float32(name string) (uint32, error) {
	f.name = name
	if f.typ != protowire.Fixed32Type {
		return 0, f.wrongType("fixed32")
	}
	return uint32(f.v), nil
}

// sub decodes a nested message with fn, checking the wire type first;
// its unknown fields go to *unknown.
func (d *decoder) sub(f *field, name, message string, unknown *[]byte, fn func(f *field) error) error {
	f.name = name
	if f.typ != protowire.BytesType {
		return f.wrongType("length-delimited")
	}
	return d.walk(f.b, f.bOff, message, unknown, fn)
}

// kept checks a length-delimited field that is kept raw in Unknown.
func (f *field) kept(name string) error {
	f.keep = true
	_, err := f.bytes(name)
	return err
}

// varints appends a repeated varint field: one value, or a packed run.
func (f *field) varints(name string, dst []uint64) ([]uint64, error) {
	f.name = name
	switch f.typ {
	case protowire.VarintType:
		return append(dst, f.v), nil
	case protowire.BytesType:
		n := 0
		for _, c := range f.b {
			if c < 0x80 {
				n++
			}
		}
		dst = growU64(dst, n)
		for i := 0; i < len(f.b); {
			v, k := protowire.ConsumeVarint(f.b[i:])
			if k < 0 {
				return nil, errAt(f.bOff+i, "%s.%s (field %d): packed varint: %v", f.message, name, f.num, wireErr(k))
			}
			dst = append(dst, v)
			i += k
		}
		return dst, nil
	}
	return nil, f.wrongType("varint or packed varints")
}

// fixed appends a repeated fixed-width field of width bytes (4 or 8).
func (f *field) fixed(name string, width int, dst []uint64) ([]uint64, error) {
	f.name = name
	want := protowire.Fixed32Type
	if width == 8 {
		want = protowire.Fixed64Type
	}
	switch f.typ {
	case want:
		return append(dst, f.v), nil
	case protowire.BytesType:
		if len(f.b)%width != 0 {
			return nil, errAt(f.bOff, "%s.%s (field %d): packed length %d is not a multiple of %d", f.message, name, f.num, len(f.b), width)
		}
		dst = growU64(dst, len(f.b)/width)
		for i := 0; i < len(f.b); i += width {
			var v uint64
			for k := width - 1; k >= 0; k-- {
				v = v<<8 | uint64(f.b[i+k])
			}
			dst = append(dst, v)
		}
		return dst, nil
	}
	return nil, f.wrongType(wireName(want) + " or packed")
}

func growU64(s []uint64, n int) []uint64 {
	if cap(s)-len(s) < n {
		ns := make([]uint64, len(s), len(s)+n)
		copy(ns, s)
		return ns
	}
	return s
}
