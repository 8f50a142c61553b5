package tensor

import (
	"encoding/binary"
	"errors"
	"fmt"
)

// A minimal protobuf wire-format codec (https://protobuf.dev/programming-guides/encoding/),
// enough for ONNX TensorProto. It follows the semantics of
// google.golang.org/protobuf/encoding/protowire (varints of at most 10
// bytes, field numbers 1..2^29-1, groups skipped with a depth limit)
// without adding the dependency.

type wireType int8

const (
	wireVarint  wireType = 0
	wireFixed64 wireType = 1
	wireBytes   wireType = 2
	wireStartGr wireType = 3
	wireEndGr   wireType = 4
	wireFixed32 wireType = 5
)

var errWire = errors.New("malformed protobuf")

const maxFieldNumber = 1<<29 - 1

// consumeVarint decodes a varint; n < 0 on truncation or overflow.
func consumeVarint(b []byte) (v uint64, n int) {
	for i := 0; i < len(b) && i < 10; i++ {
		c := b[i]
		if i == 9 && c > 1 {
			return 0, -1 // overflows 64 bits
		}
		v |= uint64(c&0x7f) << (7 * i)
		if c < 0x80 {
			return v, i + 1
		}
	}
	return 0, -1
}

func consumeTag(b []byte) (num int32, typ wireType, n int) {
	v, n := consumeVarint(b)
	if n < 0 {
		return 0, 0, -1
	}
	if v>>3 == 0 || v>>3 > maxFieldNumber {
		return 0, 0, -1
	}
	return int32(v >> 3), wireType(v & 7), n
}

// consumeBytes decodes a length-delimited payload.
func consumeBytes(b []byte) ([]byte, int) {
	l, n := consumeVarint(b)
	if n < 0 || l > uint64(len(b)-n) {
		return nil, -1
	}
	return b[n : n+int(l)], n + int(l)
}

// consumeFieldValue returns the length of the value of a field of the
// given number and type at the start of b (skipping nested groups).
func consumeFieldValue(num int32, typ wireType, b []byte, depth int) int {
	switch typ {
	case wireVarint:
		_, n := consumeVarint(b)
		return n
	case wireFixed32:
		if len(b) < 4 {
			return -1
		}
		return 4
	case wireFixed64:
		if len(b) < 8 {
			return -1
		}
		return 8
	case wireBytes:
		_, n := consumeBytes(b)
		return n
	case wireStartGr:
		if depth > 64 {
			return -1
		}
		total := 0
		for {
			n2, t2, n := consumeTag(b[total:])
			if n < 0 {
				return -1
			}
			total += n
			if t2 == wireEndGr {
				if n2 != num {
					return -1
				}
				return total
			}
			m := consumeFieldValue(n2, t2, b[total:], depth+1)
			if m < 0 {
				return -1
			}
			total += m
		}
	}
	return -1 // end group without start, or reserved wire types 6/7
}

// pbField is one decoded field occurrence.
type pbField struct {
	num  int32
	typ  wireType
	v    uint64 // varint / fixed value
	data []byte // bytes payload
	raw  []byte // the value bytes as they appear (for repeated scalars)
}

// parseFields splits a message into its fields (unknown ones included).
func parseFields(b []byte, fn func(f pbField) error) error {
	for len(b) > 0 {
		num, typ, n := consumeTag(b)
		if n < 0 {
			return fmt.Errorf("%w: bad field tag", errWire)
		}
		b = b[n:]
		f := pbField{num: num, typ: typ}
		switch typ {
		case wireVarint:
			v, m := consumeVarint(b)
			if m < 0 {
				return fmt.Errorf("%w: bad varint in field %d", errWire, num)
			}
			f.v, f.raw, n = v, b[:m], m
		case wireFixed32:
			if len(b) < 4 {
				return fmt.Errorf("%w: truncated fixed32 in field %d", errWire, num)
			}
			f.v, f.raw, n = uint64(binary.LittleEndian.Uint32(b)), b[:4], 4
		case wireFixed64:
			if len(b) < 8 {
				return fmt.Errorf("%w: truncated fixed64 in field %d", errWire, num)
			}
			f.v, f.raw, n = binary.LittleEndian.Uint64(b), b[:8], 8
		case wireBytes:
			d, m := consumeBytes(b)
			if m < 0 {
				return fmt.Errorf("%w: truncated length-delimited field %d", errWire, num)
			}
			f.data, n = d, m
		default:
			m := consumeFieldValue(num, typ, b, 0)
			if m < 0 {
				return fmt.Errorf("%w: bad group or wire type %d in field %d", errWire, typ, num)
			}
			n = m
		}
		b = b[n:]
		if err := fn(f); err != nil {
			return err
		}
	}
	return nil
}

func appendTag(b []byte, num int32, typ wireType) []byte {
	return binary.AppendUvarint(b, uint64(num)<<3|uint64(typ))
}

func appendVarintField(b []byte, num int32, v uint64) []byte {
	return binary.AppendUvarint(appendTag(b, num, wireVarint), v)
}

func appendBytesField(b []byte, num int32, data []byte) []byte {
	b = binary.AppendUvarint(appendTag(b, num, wireBytes), uint64(len(data)))
	return append(b, data...)
}

// packedCount counts the elements of a packed repeated field payload.
func packedCount(typ wireType, p []byte) (int, error) {
	switch typ {
	case wireFixed32:
		if len(p)%4 != 0 {
			return 0, fmt.Errorf("%w: packed fixed32 payload of %d bytes", errWire, len(p))
		}
		return len(p) / 4, nil
	case wireFixed64:
		if len(p)%8 != 0 {
			return 0, fmt.Errorf("%w: packed fixed64 payload of %d bytes", errWire, len(p))
		}
		return len(p) / 8, nil
	}
	n := 0
	run := 0
	for _, c := range p {
		run++
		if c < 0x80 {
			if run == 10 && c > 1 {
				return 0, fmt.Errorf("%w: varint overflows 64 bits", errWire)
			}
			if run > 10 {
				return 0, fmt.Errorf("%w: varint longer than 10 bytes", errWire)
			}
			n++
			run = 0
		}
	}
	if run != 0 {
		return 0, fmt.Errorf("%w: truncated varint in packed field", errWire)
	}
	return n, nil
}

// forPacked calls fn with every element of the packed payloads (already
// validated by packedCount): the raw bits for fixed types, the varint value
// otherwise.
func forPacked(typ wireType, spans [][]byte, fn func(v uint64)) {
	for _, p := range spans {
		switch typ {
		case wireFixed32:
			for i := 0; i+4 <= len(p); i += 4 {
				fn(uint64(binary.LittleEndian.Uint32(p[i:])))
			}
		case wireFixed64:
			for i := 0; i+8 <= len(p); i += 8 {
				fn(binary.LittleEndian.Uint64(p[i:]))
			}
		default:
			for len(p) > 0 {
				v, n := consumeVarint(p)
				if n < 0 {
					return
				}
				fn(v)
				p = p[n:]
			}
		}
	}
}
