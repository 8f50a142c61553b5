package conversion

import (
	"errors"
	"fmt"

	"github.com/mlc-go/mlc/ir"
)

// Pattern is a conversion pattern, as MLIR's ConversionPattern: anchored
// on an op name ("" for any op), it receives the op, its operands remapped
// to converted values (the adaptor) and the rewriter. There is no
// rollback, so a pattern checks every precondition before it changes the
// IR. It returns nil when it rewrote the op, or an error (preferably a
// MatchFailure) saying why it did not apply; that reason is reported when
// the op cannot be legalised.
type Pattern interface {
	Root() string
	// Benefit orders patterns: higher first; ties keep registration order.
	Benefit() int
	Name() string
	// TypeConverter converts the adaptor's operands; nil passes the
	// latest replacement of each operand, whatever its type.
	TypeConverter() *TypeConverter
	MatchAndRewrite(op *ir.Operation, adaptor *Adaptor, rw *Rewriter) error
}

// MatchFailureError is a pattern's reason for not applying.
type MatchFailureError struct{ Reason string }

func (e *MatchFailureError) Error() string { return e.Reason }

// MatchFailure returns the error a pattern gives when it does not apply.
func MatchFailure(reason string) error { return &MatchFailureError{Reason: reason} }

// MatchFailuref is MatchFailure with formatting.
func MatchFailuref(format string, args ...any) error {
	return &MatchFailureError{Reason: fmt.Sprintf(format, args...)}
}

// reasonOf is the text reported for a pattern's error.
func reasonOf(err error) string {
	var mf *MatchFailureError
	if errors.As(err, &mf) {
		return mf.Reason
	}
	return err.Error()
}

// Adaptor holds an op's operands remapped for a pattern: with the
// pattern's type converter, each operand as the values of its converted
// types (one value for a one-to-one conversion); without one, the latest
// replacement of each operand.
type Adaptor struct {
	op       *ir.Operation
	operands [][]*ir.Value
}

// Op is the op being converted (with its original operands).
func (a *Adaptor) Op() *ir.Operation { return a.op }

// NumOperands is the op's operand count.
func (a *Adaptor) NumOperands() int { return len(a.operands) }

// Operand is the single value operand i maps to; it panics when the
// operand's type converted to zero or several types (use OperandValues).
func (a *Adaptor) Operand(i int) *ir.Value {
	vs := a.operands[i]
	if len(vs) != 1 {
		panic(fmt.Sprintf("conversion: operand #%d of '%s' maps to %d values; use OperandValues", i, a.op.Name(), len(vs)))
	}
	return vs[0]
}

// OperandValues are the values operand i maps to.
func (a *Adaptor) OperandValues(i int) []*ir.Value { return a.operands[i] }

// Operands flattens every operand's values, in order.
func (a *Adaptor) Operands() []*ir.Value {
	var out []*ir.Value
	for _, vs := range a.operands {
		out = append(out, vs...)
	}
	return out
}

// FuncPattern adapts a function to Pattern.
type FuncPattern struct {
	PatternName string
	RootName    string
	PBenefit    int
	Converter   *TypeConverter
	Fn          func(op *ir.Operation, adaptor *Adaptor, rw *Rewriter) error
}

func (p *FuncPattern) Root() string                  { return p.RootName }
func (p *FuncPattern) Benefit() int                  { return p.PBenefit }
func (p *FuncPattern) Name() string                  { return p.PatternName }
func (p *FuncPattern) TypeConverter() *TypeConverter { return p.Converter }
func (p *FuncPattern) MatchAndRewrite(op *ir.Operation, a *Adaptor, rw *Rewriter) error {
	return p.Fn(op, a, rw)
}

// FromPattern lets a plain rewrite pattern (a dialect's canonicalisation,
// say) take part in a conversion. It sees the op's original operands; when
// it declines, its reason is the first it gave through NotifyMatchFailure.
func FromPattern(p ir.Pattern) Pattern { return &plainPattern{p} }

type plainPattern struct{ p ir.Pattern }

func (w *plainPattern) Root() string                  { return w.p.Root() }
func (w *plainPattern) Benefit() int                  { return w.p.Benefit() }
func (w *plainPattern) Name() string                  { return w.p.Name() }
func (w *plainPattern) TypeConverter() *TypeConverter { return nil }
func (w *plainPattern) MatchAndRewrite(op *ir.Operation, _ *Adaptor, rw *Rewriter) error {
	if w.p.MatchAndRewrite(op, rw) {
		return nil
	}
	if rw.reason != "" {
		return MatchFailure(rw.reason)
	}
	return MatchFailure("the pattern did not match")
}
