package conversion

import (
	"fmt"
	"strings"
	"sync"

	"github.com/mlc-go/mlc/ir"
)

// CastOpName is the op that materialisations create by default and that
// the reconcile-unrealized-casts pass removes.
const CastOpName = "builtin.unrealized_conversion_cast"

// ConvResult is what a conversion function says about a type.
type ConvResult uint8

const (
	// Skip: this function does not handle the type; try the next one.
	Skip ConvResult = iota
	// Converted: the returned types replace the type (none: it is dropped).
	Converted
	// Fail: the type cannot be converted; no further function is tried.
	Fail
)

// ConversionFunc converts one type to zero or more types.
type ConversionFunc func(t ir.Type) ([]ir.Type, ConvResult)

// Materializer builds values of resultTypes from inputs at b's insertion
// point and returns them, or nil to let the next materializer (and in the
// end the default builtin.unrealized_conversion_cast) try. A source
// materialisation turns converted values back into one value of the
// original type, for uses that were not converted; a target
// materialisation turns one value of the original type into values of
// the converted types, for a pattern's adaptor.
type Materializer func(b *ir.Builder, resultTypes []ir.Type, inputs []*ir.Value, loc ir.Location) []*ir.Value

// TypeConverter maps the types of one type system to another, in the
// manner of MLIR's TypeConverter: conversion functions are tried from the
// most recently added to the first added, so add a general fallback (such
// as AddIdentity) first and special cases after it. Results are cached;
// a TypeConverter is safe for use from several goroutines once built.
type TypeConverter struct {
	fns    []ConversionFunc
	source []Materializer
	target []Materializer

	mu    sync.RWMutex
	cache map[ir.Type]cachedConversion
}

type cachedConversion struct {
	types []ir.Type
	ok    bool
}

// NewTypeConverter returns a converter that converts no type.
func NewTypeConverter() *TypeConverter {
	return &TypeConverter{cache: map[ir.Type]cachedConversion{}}
}

// AddConversion registers fn; it is tried before those added earlier.
func (tc *TypeConverter) AddConversion(fn ConversionFunc) *TypeConverter {
	tc.mu.Lock()
	defer tc.mu.Unlock()
	tc.fns = append(tc.fns, fn)
	tc.cache = map[ir.Type]cachedConversion{}
	return tc
}

// AddTypeMapping registers a one-to-one conversion; fn returns nil for
// types it does not handle.
func (tc *TypeConverter) AddTypeMapping(fn func(ir.Type) ir.Type) *TypeConverter {
	return tc.AddConversion(func(t ir.Type) ([]ir.Type, ConvResult) {
		if n := fn(t); n != nil {
			return []ir.Type{n}, Converted
		}
		return nil, Skip
	})
}

// AddIdentity registers the conversion that keeps every type: the usual
// fallback, added first.
func (tc *TypeConverter) AddIdentity() *TypeConverter {
	return tc.AddConversion(func(t ir.Type) ([]ir.Type, ConvResult) { return []ir.Type{t}, Converted })
}

// AddSourceMaterialization registers m for converted values that meet
// uses of the original type.
func (tc *TypeConverter) AddSourceMaterialization(m Materializer) *TypeConverter {
	tc.source = append(tc.source, m)
	return tc
}

// AddTargetMaterialization registers m for original values that a
// pattern needs in the converted types.
func (tc *TypeConverter) AddTargetMaterialization(m Materializer) *TypeConverter {
	tc.target = append(tc.target, m)
	return tc
}

// ConvertType converts t. It reports false when no function converts it.
// The returned slice is the caller's.
func (tc *TypeConverter) ConvertType(t ir.Type) ([]ir.Type, bool) {
	tc.mu.RLock()
	c, hit := tc.cache[t]
	tc.mu.RUnlock()
	if !hit {
		c = tc.convertUncached(t)
		tc.mu.Lock()
		tc.cache[t] = c
		tc.mu.Unlock()
	}
	if !c.ok {
		return nil, false
	}
	return append([]ir.Type(nil), c.types...), true
}

func (tc *TypeConverter) convertUncached(t ir.Type) cachedConversion {
	tc.mu.RLock()
	fns := tc.fns
	tc.mu.RUnlock()
	for i := len(fns) - 1; i >= 0; i-- {
		types, r := fns[i](t)
		switch r {
		case Converted:
			return cachedConversion{types: append([]ir.Type(nil), types...), ok: true}
		case Fail:
			return cachedConversion{}
		}
	}
	return cachedConversion{}
}

// ConvertTypeTo1 converts t to exactly one type, or reports false.
func (tc *TypeConverter) ConvertTypeTo1(t ir.Type) (ir.Type, bool) {
	ts, ok := tc.ConvertType(t)
	if !ok || len(ts) != 1 {
		return nil, false
	}
	return ts[0], true
}

// ConvertTypes converts each type and concatenates the results.
func (tc *TypeConverter) ConvertTypes(ts []ir.Type) ([]ir.Type, bool) {
	var out []ir.Type
	for _, t := range ts {
		c, ok := tc.ConvertType(t)
		if !ok {
			return nil, false
		}
		out = append(out, c...)
	}
	return out, true
}

// IsLegal reports whether t converts to itself.
func (tc *TypeConverter) IsLegal(t ir.Type) bool {
	c, ok := tc.ConvertType(t)
	return ok && len(c) == 1 && c[0] == t
}

// AreLegal reports whether every type is legal.
func (tc *TypeConverter) AreLegal(ts []ir.Type) bool {
	for _, t := range ts {
		if !tc.IsLegal(t) {
			return false
		}
	}
	return true
}

// IsLegalOp reports whether op's operand and result types are legal, the
// usual predicate for Target.AddDynamicallyLegalOp.
func (tc *TypeConverter) IsLegalOp(op *ir.Operation) bool {
	return tc.AreLegal(op.OperandTypes()) && tc.AreLegal(op.ResultTypes())
}

// IsSignatureLegal reports whether a function type's inputs and results
// are legal.
func (tc *TypeConverter) IsSignatureLegal(ft *ir.FunctionType) bool {
	return tc.AreLegal(ft.Inputs) && tc.AreLegal(ft.Results)
}

// AreRegionsLegal reports whether every block argument in op's regions
// has a legal type.
func (tc *TypeConverter) AreRegionsLegal(op *ir.Operation) bool {
	for _, r := range op.Regions() {
		for _, b := range r.Blocks() {
			for _, a := range b.Args() {
				if !tc.IsLegal(a.Type()) {
					return false
				}
			}
		}
	}
	return true
}

// ConvertSignature computes the conversion of a block's (or function's)
// argument types, failing with a MatchFailure that names the first
// argument whose type does not convert.
func (tc *TypeConverter) ConvertSignature(argTypes []ir.Type) (*SignatureConversion, error) {
	sc := NewSignatureConversion(len(argTypes))
	for i, t := range argTypes {
		c, ok := tc.ConvertType(t)
		if !ok {
			return nil, MatchFailuref("unable to convert type for block argument #%d, type was %s", i, t)
		}
		sc.AddInputs(i, c...)
	}
	return sc, nil
}

// ConvertFunctionType converts a function type: its inputs through a
// signature conversion (returned, to apply to the entry block) and its
// results one by one.
func (tc *TypeConverter) ConvertFunctionType(ctx *ir.Context, ft *ir.FunctionType) (*ir.FunctionType, *SignatureConversion, error) {
	sc, err := tc.ConvertSignature(ft.Inputs)
	if err != nil {
		return nil, nil, err
	}
	var results []ir.Type
	for i, t := range ft.Results {
		c, ok := tc.ConvertType(t)
		if !ok {
			return nil, nil, MatchFailuref("unable to convert type for result #%d, type was %s", i, t)
		}
		results = append(results, c...)
	}
	return ctx.FunctionType(sc.ConvertedTypes(), results), sc, nil
}

// SignatureConversion maps the arguments of a block to new ones: each
// original argument becomes zero or more new arguments, or is replaced by
// an existing value.
type SignatureConversion struct {
	inputs    []inputMapping
	converted []ir.Type
}

type inputMapping struct {
	start, size int
	repl        *ir.Value
	set         bool
}

// NewSignatureConversion starts a conversion of n original arguments.
func NewSignatureConversion(n int) *SignatureConversion {
	return &SignatureConversion{inputs: make([]inputMapping, n)}
}

// NumOriginalInputs is the number of original arguments.
func (s *SignatureConversion) NumOriginalInputs() int { return len(s.inputs) }

// AddInputs maps original argument orig to new arguments of types,
// appended after those already added.
func (s *SignatureConversion) AddInputs(orig int, types ...ir.Type) {
	s.inputs[orig] = inputMapping{start: len(s.converted), size: len(types), set: true}
	s.converted = append(s.converted, types...)
}

// RemapInput replaces original argument orig by v, which must dominate
// the block; no new argument is added for it.
func (s *SignatureConversion) RemapInput(orig int, v *ir.Value) {
	s.inputs[orig] = inputMapping{repl: v, set: true}
}

// ConvertedTypes are the new argument types.
func (s *SignatureConversion) ConvertedTypes() []ir.Type {
	return append([]ir.Type(nil), s.converted...)
}

// InputMapping says what original argument orig became: new arguments
// [start, start+size), or the value repl.
func (s *SignatureConversion) InputMapping(orig int) (start, size int, repl *ir.Value) {
	m := s.inputs[orig]
	return m.start, m.size, m.repl
}

// isIdentityFor reports whether applying s to b would change nothing.
func (s *SignatureConversion) isIdentityFor(b *ir.Block) bool {
	if len(s.inputs) != b.NumArgs() || len(s.converted) != b.NumArgs() {
		return false
	}
	for i, m := range s.inputs {
		if !m.set || m.repl != nil || m.size != 1 || m.start != i || s.converted[i] != b.Arg(i).Type() {
			return false
		}
	}
	return true
}

// UnrealizedCast creates builtin.unrealized_conversion_cast from inputs to
// resultTypes at b's insertion point: the default materialisation.
func UnrealizedCast(b *ir.Builder, resultTypes []ir.Type, inputs []*ir.Value, loc ir.Location) *ir.Operation {
	return b.Create(ir.OperationState{Name: CastOpName, Operands: inputs, ResultTypes: resultTypes, Loc: loc})
}

func typesOf(vals []*ir.Value) []ir.Type {
	out := make([]ir.Type, len(vals))
	for i, v := range vals {
		out[i] = v.Type()
	}
	return out
}

func sameTypes(vals []*ir.Value, types []ir.Type) bool {
	if len(vals) != len(types) {
		return false
	}
	for i, v := range vals {
		if v == nil || v.Type() != types[i] {
			return false
		}
	}
	return true
}

func typeList(ts []ir.Type) string {
	parts := make([]string, len(ts))
	for i, t := range ts {
		parts[i] = fmt.Sprintf("'%s'", t)
	}
	return "(" + strings.Join(parts, ", ") + ")"
}
