package bytecode

import (
	"errors"
	"math"
	"math/big"

	"github.com/mlc-go/mlc/ir"
)

// DialectCodec decodes a dialect's own binary encoding of its types and
// attributes (MLIR's BytecodeDialectInterface), for files that
// mlir-opt-19 wrote with it. A dialect attaches one to its ir.Dialect
// (ir.Dialect.Attach); entries of a dialect without one must use the
// textual fallback, which is also what Write uses for every dialect but
// builtin.
type DialectCodec struct {
	ReadType      func(r *DialectReader) (ir.Type, error)
	ReadAttribute func(r *DialectReader) (ir.Attribute, error)
}

// DialectReader reads the parts of one custom-encoded entry; every error
// it returns is positioned in the file.
type DialectReader struct {
	r *reader
	c *cursor
}

// Context is the context the file is read into.
func (d *DialectReader) Context() *ir.Context { return d.r.ctx }

// VarInt reads an unsigned varint.
func (d *DialectReader) VarInt() (uint64, error) { return d.c.varint() }

// SignedVarInt reads a zigzag-encoded signed varint.
func (d *DialectReader) SignedVarInt() (int64, error) { return d.c.svarint() }

// Count reads the length of a list whose items take at least a byte each.
func (d *DialectReader) Count(what string) (int, error) { return d.c.count(what) }

// Type reads a reference to a type of the file.
func (d *DialectReader) Type() (ir.Type, error) { return d.r.typ(d.c) }

// Attribute reads a reference to an attribute of the file.
func (d *DialectReader) Attribute() (ir.Attribute, error) { return d.r.attr(d.c) }

// String reads a reference to the string table.
func (d *DialectReader) String() (string, error) { return d.r.str(d.c) }

// APInt reads an integer of the given bit width, zero-extended.
func (d *DialectReader) APInt(width int) (*big.Int, error) { return apInt(d.c, width) }

// Float64 reads an IEEE double (an APFloat of double semantics).
func (d *DialectReader) Float64() (float64, error) {
	v, err := apInt(d.c, 64)
	if err != nil {
		return 0, err
	}
	return math.Float64frombits(truncate(v, 64, false).Uint64()), nil
}

// Errorf makes an error at the reader's position.
func (d *DialectReader) Errorf(format string, args ...any) error { return d.c.errorf(format, args...) }

func (r *reader) codec(dialect string) *DialectCodec {
	c, _ := ir.Interface[*DialectCodec](r.ctx.LookupDialect(dialect))
	return c
}

// custom runs a dialect's decoder, positioning its own errors at the
// entry.
func custom[T any](r *reader, c *cursor, read func(*DialectReader) (T, error)) (T, error) {
	at := c.off()
	v, err := read(&DialectReader{r, c})
	var e *errAt
	if err != nil && !errors.As(err, &e) {
		err = &errAt{at, err.Error()}
	}
	return v, err
}

func unsupportedCustom(c *cursor, dialect, what string) error {
	return c.errorf("dialect '%s' %s are custom-encoded, and mlc has no decoder for them (it reads builtin's encodings, those of dialects with a bytecode.DialectCodec, and the textual fallback)", dialect, what)
}
