package ods

import (
	"fmt"
	"slices"
	"sync"

	"github.com/mlc-go/mlc/ir"
	"github.com/mlc-go/mlc/ir/asm"
)

// Attribute defaults are data: a table gives an optional attribute's
// default once, as MLIR text that is parsed when the table is built, and
// every reader (shape inference, lowering, the interpreter) gets it through
// AttrOrDefault or WithDefaults instead of repeating the value in code.

// defaultsCtx interns the parsed defaults. They are plain values (integers,
// floats, bools, strings, dense arrays) that readers only inspect, so one
// private context serves every table.
var defaultsCtx = sync.OnceValue(func() *ir.Context {
	ctx := ir.NewContext()
	ctx.AllowUnregistered = true
	return ctx
})

// ParseDefault parses an attribute default written as MLIR text
// ("array<i64: 1, 1>", "1e-05", "false", "\"none\"").
func ParseDefault(text string) (ir.Attribute, error) {
	src := fmt.Sprintf("\"ods.default\"() {value = %s} : () -> ()", text)
	top, err := asm.Parse(defaultsCtx(), "default", []byte(src), 1)
	if err != nil {
		return nil, fmt.Errorf("default %q: %w", text, err)
	}
	op := top
	if op.NumRegions() == 1 && op.Region(0).Front() != nil && op.Region(0).Front().First() != nil {
		op = op.Region(0).Front().First()
	}
	a := op.InherentAttr("value")
	if a == nil {
		return nil, fmt.Errorf("default %q: not a single attribute", text)
	}
	return a, nil
}

// OptionalAttr declares an optional attribute whose absence means def,
// an attribute in MLIR text. A malformed def panics: tables are code,
// and the package's tests build them.
func OptionalAttr(name string, c AttrConstraint, def, doc string) Attr {
	v, err := ParseDefault(def)
	if err != nil {
		panic(fmt.Sprintf("attribute %s: %v", name, err))
	}
	return Attr{Name: name, Type: c, Optional: true, Default: def, Value: v, Doc: doc}
}

// checkDefault reports a default value that its own constraint rejects.
func (a Attr) checkDefault() error {
	if a.Value != nil && !a.Type.Match(a.Value) {
		return fmt.Errorf("attribute %s: default %s does not satisfy %s", a.Name, a.Value, a.Type.Name)
	}
	return nil
}

// DefaultOf is the parsed default of the named attribute (nil when the op
// has no such attribute or its default is not a value, such as None).
func (o *OpDef) DefaultOf(name string) ir.Attribute {
	for i := range o.Attrs {
		if o.Attrs[i].Name == name {
			return o.Attrs[i].Value
		}
	}
	return nil
}

// WithDefaults wraps get so that an absent attribute reads as the op's
// table default.
func (o *OpDef) WithDefaults(get AttrGetter) AttrGetter {
	return func(name string) ir.Attribute {
		if a := get(name); a != nil {
			return a
		}
		return o.DefaultOf(name)
	}
}

// AttrOrDefault is op's inherent attribute name, or its table default
// when absent (nil when neither exists).
func AttrOrDefault(op *ir.Operation, name string) ir.Attribute {
	if a := op.InherentAttr(name); a != nil {
		return a
	}
	if info := op.Info(); info != nil {
		if d, ok := info.Def.(*OpDef); ok {
			return d.DefaultOf(name)
		}
	}
	return nil
}

// IntsOf is op's dense integer array attribute name, or its table
// default; nil when neither exists.
func IntsOf(op *ir.Operation, name string) []int64 {
	if a, ok := AttrOrDefault(op, name).(*ir.DenseArrayAttr); ok {
		return a.Ints
	}
	return nil
}

// IntOf is op's integer attribute name, or its table default; def when
// neither exists.
func IntOf(op *ir.Operation, name string, def int64) int64 {
	if a, ok := AttrOrDefault(op, name).(*ir.IntegerAttr); ok {
		return a.Value
	}
	return def
}

// BoolOf is op's boolean attribute name, or its table default; false
// when neither exists.
func BoolOf(op *ir.Operation, name string) bool {
	a, ok := AttrOrDefault(op, name).(*ir.BoolAttr)
	return ok && a.Value
}

// FloatOf is op's inherent float (or integer) attribute name as a
// float64; ok is false when the op has none (table defaults are not
// consulted: the callers give their own).
func FloatOf(op *ir.Operation, name string) (v float64, ok bool) {
	switch a := op.InherentAttr(name).(type) {
	case *ir.FloatAttr:
		return a.Value, true
	case *ir.IntegerAttr:
		return float64(a.Value), true
	}
	return 0, false
}

// inferWithDefaults makes Infer see absent attributes as their defaults,
// whichever caller (verifier, parser, importer, lowering) runs it.
func (o *OpDef) inferWithDefaults() {
	infer := o.Infer
	if infer == nil || !slices.ContainsFunc(o.Attrs, func(a Attr) bool { return a.Value != nil }) {
		return
	}
	o.Infer = func(ctx *ir.Context, operands []ir.Type, attrs AttrGetter) ([]ir.Type, error) {
		return infer(ctx, operands, o.WithDefaults(attrs))
	}
}

// StringOf is op's string attribute name, or its table default; "" when
// neither exists.
func StringOf(op *ir.Operation, name string) string {
	if a, ok := AttrOrDefault(op, name).(*ir.StringAttr); ok {
		return a.Value
	}
	return ""
}

// FloatOrDefault is op's float attribute name, or its table default; ok
// is false when neither exists.
func FloatOrDefault(op *ir.Operation, name string) (v float64, ok bool) {
	if a, ok := AttrOrDefault(op, name).(*ir.FloatAttr); ok {
		return a.Value, true
	}
	return FloatOf(op, name)
}
