package bytecode

import (
	"encoding/binary"
	"fmt"
	"io"
	"math/bits"
)

// Magic starts every bytecode file.
const Magic = "ML\xefR"

// Version is the bytecode version mlir-opt-19 writes; MinVersion the
// oldest it reads.
const (
	Version    = 6
	MinVersion = 0
)

// Version milestones (MLIR's BytecodeVersion).
const (
	vDialectVersioning    = 1
	vLazyLoading          = 2
	vUseListOrdering      = 3
	vElideUnknownArgLoc   = 4
	vNativeProperties     = 5
	vNativeSegmentSizeODS = 6
)

// Section IDs.
const (
	secString = iota
	secDialect
	secAttrType
	secAttrTypeOffset
	secIR
	secResource
	secResourceOffset
	secDialectVersions
	secProperties
	numSections
)

var sectionNames = [numSections]string{"String", "Dialect", "AttrType", "AttrTypeOffset", "IR", "Resource", "ResourceOffset", "DialectVersions", "Properties"}

// Op encoding mask bits.
const (
	maskAttrs        = 1 << 0
	maskResults      = 1 << 1
	maskOperands     = 1 << 2
	maskSuccessors   = 1 << 3
	maskInlineRegion = 1 << 4
	maskUseListOrder = 1 << 5
	maskProperties   = 1 << 6
)

const alignByte = 0xCB

// Resource entry kinds.
const (
	resBlob   = 0
	resBool   = 1
	resString = 2
)

// ---- writing ----

// emitter collects encoded data: small writes go to buf, large blobs
// (weights) are kept by reference in chunks, so that a model's data is
// not copied on its way to the file. align is the largest alignment the
// content needs relative to its start.
type emitter struct {
	chunks  [][]byte
	flushed int // bytes in chunks
	buf     []byte
	align   uint64
}

// size is the number of bytes emitted so far.
func (e *emitter) size() int { return e.flushed + len(e.buf) }

func (e *emitter) byte(b byte) { e.buf = append(e.buf, b) }

func (e *emitter) bytes(b []byte) { e.buf = append(e.buf, b...) }

// blob emits b, by reference when it is large; b must not change until
// the emitter is written.
func (e *emitter) blob(b []byte) {
	if len(b) < 1<<16 {
		e.bytes(b)
		return
	}
	e.flush()
	e.chunks = append(e.chunks, b)
	e.flushed += len(b)
}

func (e *emitter) flush() {
	if len(e.buf) > 0 {
		e.chunks = append(e.chunks, e.buf)
		e.flushed += len(e.buf)
		e.buf = nil
	}
}

// varint writes MLIR's prefix varint: the count of trailing zero bits of
// the first byte is the number of bytes that follow.
func (e *emitter) varint(v uint64) {
	if v>>7 == 0 {
		e.buf = append(e.buf, byte(v<<1|1))
		return
	}
	for n := 2; n < 9; n++ {
		if v>>(7*uint(n)) == 0 {
			enc := (v<<1 | 1) << uint(n-1)
			var tmp [8]byte
			binary.LittleEndian.PutUint64(tmp[:], enc)
			e.buf = append(e.buf, tmp[:n]...)
			return
		}
	}
	var tmp [8]byte
	binary.LittleEndian.PutUint64(tmp[:], v)
	e.buf = append(e.buf, 0)
	e.buf = append(e.buf, tmp[:]...)
}

func (e *emitter) svarint(v int64) { e.varint(uint64(v<<1) ^ uint64(v>>63)) }

func (e *emitter) varintFlag(v uint64, flag bool) {
	f := uint64(0)
	if flag {
		f = 1
	}
	e.varint(v<<1 | f)
}

// alignTo pads with 0xCB up to a multiple of a (a power of two).
func (e *emitter) alignTo(a uint64) {
	if a < 2 {
		return
	}
	for uint64(e.size())&(a-1) != 0 {
		e.buf = append(e.buf, alignByte)
	}
	e.align = max(e.align, a)
}

// section appends a nested section: id, length, and, when the body needs
// alignment this emitter's position does not give, the alignment and
// padding (the id's high bit says so).
func (e *emitter) section(id byte, body *emitter) {
	at := len(e.buf)
	e.byte(id)
	e.varint(uint64(body.size()))
	if a := body.align; a > 1 {
		if uint64(e.size())&(a-1) != 0 {
			e.varint(a)
			e.alignTo(a)
			e.buf[at] |= 0x80
		} else {
			e.align = max(e.align, a)
		}
	}
	if len(body.chunks) == 0 {
		e.buf = append(e.buf, body.buf...)
		return
	}
	e.flush()
	e.chunks = append(e.chunks, body.chunks...)
	e.flushed += body.flushed
	e.buf = append(e.buf, body.buf...)
}

// writeTo writes everything emitted to w.
func (e *emitter) writeTo(w io.Writer) error {
	for _, c := range e.chunks {
		if _, err := w.Write(c); err != nil {
			return err
		}
	}
	_, err := w.Write(e.buf)
	return err
}

// bytesOut returns everything emitted as one slice.
func (e *emitter) bytesOut() []byte {
	if len(e.chunks) == 0 {
		return e.buf
	}
	out := make([]byte, 0, e.size())
	for _, c := range e.chunks {
		out = append(out, c...)
	}
	return append(out, e.buf...)
}

// ---- reading ----

// cursor reads one region of the file; base is the file offset of
// data[0], so every error names its absolute position.
type cursor struct {
	data []byte
	pos  int
	base int
	file string
}

// errAt is a failure at a file offset; Read turns it into a diagnostic.
type errAt struct {
	off int
	msg string
}

func (e *errAt) Error() string { return fmt.Sprintf("byte %d: %s", e.off, e.msg) }

func (c *cursor) off() int { return c.base + c.pos }

func (c *cursor) errorf(format string, args ...any) error {
	return &errAt{c.off(), fmt.Sprintf(format, args...)}
}

func (c *cursor) left() int   { return len(c.data) - c.pos }
func (c *cursor) empty() bool { return c.pos >= len(c.data) }

func (c *cursor) byte() (byte, error) {
	if c.pos >= len(c.data) {
		return 0, c.errorf("unexpected end of bytecode")
	}
	b := c.data[c.pos]
	c.pos++
	return b, nil
}

func (c *cursor) bytes(n uint64) ([]byte, error) {
	if n > uint64(c.left()) {
		return nil, c.errorf("expected %d bytes, but only %d remain", n, c.left())
	}
	b := c.data[c.pos : c.pos+int(n)]
	c.pos += int(n)
	return b, nil
}

func (c *cursor) varint() (uint64, error) {
	first, err := c.byte()
	if err != nil {
		return 0, err
	}
	if first&1 != 0 {
		return uint64(first >> 1), nil
	}
	if first == 0 {
		b, err := c.bytes(8)
		if err != nil {
			return 0, err
		}
		return binary.LittleEndian.Uint64(b), nil
	}
	n := bits.TrailingZeros8(first)
	rest, err := c.bytes(uint64(n))
	if err != nil {
		return 0, err
	}
	var tmp [8]byte
	tmp[0] = first
	copy(tmp[1:], rest)
	return binary.LittleEndian.Uint64(tmp[:]) >> uint(n+1), nil
}

func (c *cursor) svarint() (int64, error) {
	v, err := c.varint()
	return int64(v>>1) ^ -int64(v&1), err
}

func (c *cursor) varintFlag() (uint64, bool, error) {
	v, err := c.varint()
	return v >> 1, v&1 != 0, err
}

// count reads a number of items that each take at least one byte, so a
// count larger than the bytes left is corrupt (and never allocated).
func (c *cursor) count(what string) (int, error) {
	at := c.off()
	n, err := c.varint()
	if err != nil {
		return 0, err
	}
	if n > uint64(c.left()) {
		return 0, &errAt{at, fmt.Sprintf("%s count %d exceeds the %d bytes left", what, n, c.left())}
	}
	return int(n), nil
}

// index reads an index into a table of n entries.
func (c *cursor) index(n int, what string) (int, error) {
	at := c.off()
	v, err := c.varint()
	if err != nil {
		return 0, err
	}
	if v >= uint64(n) {
		return 0, &errAt{at, fmt.Sprintf("invalid %s index %d (the table has %d)", what, v, n)}
	}
	return int(v), nil
}

// alignTo skips 0xCB padding up to a multiple of a in file offsets.
func (c *cursor) alignTo(a uint64) error {
	if a == 0 || a&(a-1) != 0 {
		return c.errorf("expected alignment to be a power of two, got %d", a)
	}
	if a > 1<<20 {
		return c.errorf("alignment %d is too large", a)
	}
	for uint64(c.off())&(a-1) != 0 {
		b, err := c.byte()
		if err != nil {
			return err
		}
		if b != alignByte {
			return c.errorf("expected alignment byte (0xCB), but got 0x%02X", b)
		}
	}
	return nil
}

func (c *cursor) cstring() (string, error) {
	for i := c.pos; i < len(c.data); i++ {
		if c.data[i] == 0 {
			s := string(c.data[c.pos:i])
			c.pos = i + 1
			return s, nil
		}
	}
	return "", c.errorf("malformed null-terminated string, no null character found")
}

// section reads a section header and returns its id and a cursor over its
// body.
func (c *cursor) section() (int, *cursor, error) {
	at := c.off()
	idb, err := c.byte()
	if err != nil {
		return 0, nil, err
	}
	n, err := c.varint()
	if err != nil {
		return 0, nil, err
	}
	id := int(idb & 0x7F)
	if id >= numSections {
		return 0, nil, &errAt{at, fmt.Sprintf("invalid section ID: %d", id)}
	}
	if idb&0x80 != 0 {
		a, err := c.varint()
		if err != nil {
			return 0, nil, err
		}
		if err := c.alignTo(a); err != nil {
			return 0, nil, err
		}
	}
	start := c.off()
	body, err := c.bytes(n)
	if err != nil {
		return 0, nil, err
	}
	return id, &cursor{data: body, base: start, file: c.file}, nil
}

// sub is a cursor over b, which starts at file offset off.
func (c *cursor) sub(b []byte, off int) *cursor {
	return &cursor{data: b, base: off, file: c.file}
}
