// Package qbehavior is the quantization behaviour of ops: an open op
// interface (see ir.Interface) that dialects attach to their op
// definitions and quantization passes query, so that ir need not know
// about quantization.
package qbehavior

import (
	"strconv"
	"strings"

	"github.com/mlc-go/mlc/ir"
)

// Kind is a set of quantization behaviours.
type Kind uint8

const (
	// SameScale: the results carry the scale and zero point of the
	// (data) operands unchanged, because the op only moves, selects or
	// compares values (reshape, transpose, concat, slice, max pooling).
	SameScale Kind = 1 << iota
	// PerChannelOperand: the op's weight operands may be quantized per
	// channel along an axis (see Behavior.PerChannel).
	PerChannelOperand
	// Int32Accumulator: the op sums products (convolution, matrix
	// products), so its accumulator and bias are i32, with scale input
	// scale × weight scale and zero point 0.
	Int32Accumulator
	// FloatCompute: the op is one unit that computes in float (layer
	// norm, softmax, GELU): its first Data operands and its result are
	// quantized, each once, and the rest (scale, bias) stay float.
	FloatCompute
)

// Channel names an operand that may be quantized per channel.
type Channel struct {
	Operand int // operand index
	Axis    int // axis of the channels; negative counts from the end
}

// Behavior is an op's quantization behaviour.
type Behavior struct {
	Kinds      Kind
	PerChannel []Channel // with PerChannelOperand
	Data       int       // with FloatCompute: the quantized operands, first
}

// Same is the behaviour of ops whose results share their operands'
// quantization parameters.
func Same() *Behavior { return &Behavior{Kinds: SameScale} }

// Contraction is the behaviour of an op that accumulates products in i32
// over a weight operand quantized per channel along axis.
func Contraction(weight, axis int) *Behavior {
	return &Behavior{Kinds: PerChannelOperand | Int32Accumulator, PerChannel: []Channel{{Operand: weight, Axis: axis}}}
}

// Composite is the behaviour of an op computed in float as one unit from
// its first data operands (dequantized), its result quantized once.
func Composite(data int) *Behavior { return &Behavior{Kinds: FloatCompute, Data: data} }

// IsParam reports whether operand i of an op stays float: an operand
// after the data operands of a FloatCompute op.
func (b *Behavior) IsParam(i int) bool { return b.Has(FloatCompute) && i >= b.Data }

// Has reports whether b has every behaviour in k.
func (b *Behavior) Has(k Kind) bool { return b != nil && k != 0 && b.Kinds&k == k }

// Of returns the behaviour attached to an op's definition; ok is false
// for ops without one (and unregistered ops).
func Of(info *ir.OpInfo) (b *Behavior, ok bool) { return ir.Interface[*Behavior](info) }

// OfOp is Of for an op's definition.
func OfOp(op *ir.Operation) (*Behavior, bool) { return Of(op.Info()) }

// PerChannelAxis returns the channel axis of operand i, if it may be
// quantized per channel.
func (b *Behavior) PerChannelAxis(i int) (int, bool) {
	if !b.Has(PerChannelOperand) {
		return 0, false
	}
	for _, c := range b.PerChannel {
		if c.Operand == i {
			return c.Axis, true
		}
	}
	return 0, false
}

// String describes b for docs: "same scale", "per-channel operand 1
// (axis 0), int32 accumulator".
func (b *Behavior) String() string {
	var parts []string
	if b.Has(SameScale) {
		parts = append(parts, "same scale")
	}
	if b.Has(PerChannelOperand) {
		for _, c := range b.PerChannel {
			parts = append(parts, "per-channel operand "+strconv.Itoa(c.Operand)+" (axis "+strconv.Itoa(c.Axis)+")")
		}
	}
	if b.Has(Int32Accumulator) {
		parts = append(parts, "int32 accumulator")
	}
	if b.Has(FloatCompute) {
		parts = append(parts, "float compute from "+strconv.Itoa(b.Data)+" quantized operand(s)")
	}
	return strings.Join(parts, ", ")
}

// InterfaceDoc describes b in the generated dialect docs.
func (b *Behavior) InterfaceDoc() (string, string) { return "Quantization", b.String() }
