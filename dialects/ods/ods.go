// Package ods is mlc's operation definition specification: dialects
// describe their ops as data (OpDef tables) and this package derives the
// registered op info, the verifier, the custom assembly format parser and
// printer, and the generated reference docs from those tables.
package ods

import (
	"fmt"
	"slices"
	"strings"

	"github.com/mlc-go/mlc/ir"
	"github.com/mlc-go/mlc/ir/asm"
)

// Arity says how many values an operand or result group holds.
type Arity uint8

const (
	Single   Arity = iota
	Optional       // zero or one
	Variadic       // zero or more
)

// Operand describes one operand group.
type Operand struct {
	Name  string
	Type  TypeConstraint
	Arity Arity
	Doc   string
}

// Result describes one result group.
type Result struct {
	Name  string
	Type  TypeConstraint
	Arity Arity
	Doc   string
}

func (o Operand) arity() Arity { return o.Arity }
func (r Result) arity() Arity  { return r.Arity }

// Attr describes an inherent attribute.
type Attr struct {
	Name     string
	Type     AttrConstraint
	Optional bool
	// Default is the attribute's value when absent, as MLIR text for docs
	// (the op's semantics apply it; the IR does not store it).
	Default string
	// Value is Default parsed (see OptionalAttr), read through
	// AttrOrDefault; nil when Default only describes (None, kernel_size).
	Value ir.Attribute
	Doc   string
}

// Region describes one region.
type Region struct {
	Name        string
	SingleBlock bool
}

// InferFunc computes result types from operand types and attributes. A nil
// entry is a result type it cannot infer (a quantized result's scale and
// zero point): the op's Verify checks that result instead.
type InferFunc func(ctx *ir.Context, operands []ir.Type, attrs AttrGetter) ([]ir.Type, error)

// FoldFunc computes constant results from constant operands (nil for
// non-constant ones). It returns nil when it cannot fold.
type FoldFunc func(op *ir.Operation, operands []ir.Attribute) []ir.Attribute

// AttrGetter looks up an inherent attribute while types are inferred.
type AttrGetter func(name string) ir.Attribute

// OpDef is one op of a dialect's table.
type OpDef struct {
	Name        string // mnemonic without the dialect prefix: "add"
	Summary     string
	Description string
	Operands    []Operand
	Results     []Result
	Attrs       []Attr
	Regions     []Region
	Successors  int
	Traits      ir.Trait
	// Format is the declarative assembly format in MLIR's syntax; empty
	// means generic form only (or a hand-written form registered in asm).
	Format string
	// CustomSyntax documents a hand-written custom form (func.func).
	CustomSyntax string
	// Example is a small module using the op, in its custom form, that
	// parses, verifies and prints back unchanged (a test checks each);
	// the docs show it. Empty: the dialect's Examples file gives it.
	Example string
	Verify  func(op *ir.Operation) error
	Infer   InferFunc
	Fold    FoldFunc
	// Patterns are canonicalisation patterns anchored on this op.
	Patterns []ir.Pattern
	// Call and CallableRegion expose calls and functions to generic
	// passes (see ir.OpInfo).
	Call           *ir.CallInterface
	CallableRegion func(op *ir.Operation) *ir.Region
	// Interfaces are the op's open interface implementations (see
	// ir.Interface), attached to its definition in each context.
	Interfaces []any

	dialect *Dialect
	format  *format
}

// FullName is "dialect.op".
func (o *OpDef) FullName() string { return o.dialect.Name + "." + o.Name }

// Dialect is a dialect's definition: its ops plus hooks for its types.
type Dialect struct {
	Name        string
	Summary     string
	Description string
	Ops         []*OpDef
	// ParseType reads one of the dialect's types through a cursor over
	// the file's tokens (the name after "!dialect." and its body).
	ParseType func(p *asm.TypeParser) (ir.Type, error)
	ParseAttr func(ctx *ir.Context, body string) (ir.Attribute, error)
	// MaterializeConstant turns a folded attribute into a constant op.
	MaterializeConstant func(b *ir.Builder, value ir.Attribute, t ir.Type, loc ir.Location) *ir.Operation
	// TypeDocs and AttrDocs are reference sections for the docs.
	TypeDocs []Doc
	AttrDocs []Doc
	// Interfaces are attached to the ir.Dialect when the dialect is
	// registered (a bytecode.DialectCodec, for one).
	Interfaces []any
	// Examples holds the examples of ops whose Example is empty, as a
	// file of "// -----"-separated chunks each headed
	// "// example: dialect.op" (the dialect's examples.mlir, embedded).
	Examples string
}

// Doc is a titled docs section.
type Doc struct {
	Title string
	Body  string
}

// Init links op definitions to their dialect and compiles formats. It
// panics on a malformed table: tables are code, caught by tests.
func (d *Dialect) Init() *Dialect {
	examples, err := ParseExamples(d.Examples)
	if err != nil {
		panic(fmt.Sprintf("dialect %s: examples: %v", d.Name, err))
	}
	seen := map[string]bool{}
	for _, o := range d.Ops {
		if seen[o.Name] {
			panic(fmt.Sprintf("dialect %s: op %s defined twice", d.Name, o.Name))
		}
		seen[o.Name] = true
		o.dialect = d
		if err := o.checkTable(); err != nil {
			panic(fmt.Sprintf("dialect %s: op %s: %v", d.Name, o.Name, err))
		}
		o.inferWithDefaults()
		if o.Example == "" {
			o.Example = examples[d.Name+"."+o.Name]
		}
		if o.Format != "" {
			f, err := compileFormat(o)
			if err != nil {
				panic(fmt.Sprintf("dialect %s: op %s: format: %v", d.Name, o.Name, err))
			}
			o.format = f
		}
	}
	return d
}

// exampleHeader starts each chunk of an Examples file.
const exampleHeader = "// example: "

// ParseExamples splits an Examples file into the example of each op, by
// full op name; the header line is not part of the example.
func ParseExamples(src string) (map[string]string, error) {
	out := map[string]string{}
	if strings.TrimSpace(src) == "" {
		return out, nil
	}
	for i, chunk := range strings.Split(src, "\n// -----\n") {
		chunk = strings.TrimLeft(chunk, "\n")
		header, body, _ := strings.Cut(chunk, "\n")
		name, ok := strings.CutPrefix(header, exampleHeader)
		if !ok || name == "" {
			return nil, fmt.Errorf("chunk %d does not start with %q", i+1, exampleHeader+"dialect.op")
		}
		if _, dup := out[name]; dup {
			return nil, fmt.Errorf("two examples of %s", name)
		}
		out[name] = strings.TrimRight(body, "\n") + "\n"
	}
	return out, nil
}

func (o *OpDef) checkTable() error {
	for _, a := range o.Attrs {
		if err := a.checkDefault(); err != nil {
			return err
		}
	}
	variadic := 0
	for _, x := range o.Operands {
		if x.Arity != Single {
			variadic++
		}
	}
	if variadic > 1 {
		return fmt.Errorf("at most one optional or variadic operand group is supported")
	}
	variadic = 0
	for _, x := range o.Results {
		if x.Arity != Single {
			variadic++
		}
	}
	if variadic > 1 {
		return fmt.Errorf("at most one optional or variadic result group is supported")
	}
	return nil
}

// Register adds the dialect to ctx: op infos with generated verifiers,
// the table's interfaces and, for ops with a format, the custom parser
// and printer (an asm.CustomFormat on the op's definition).
func Register(ctx *ir.Context, d *Dialect) {
	if d.Ops != nil && d.Ops[0].dialect == nil {
		d.Init()
	}
	infos := make([]*ir.OpInfo, 0, len(d.Ops))
	for _, o := range d.Ops {
		o := o
		var props []string
		for _, a := range o.Attrs {
			props = append(props, a.Name)
		}
		info := &ir.OpInfo{
			Name:           o.FullName(),
			Traits:         o.Traits,
			Props:          props,
			Verify:         func(op *ir.Operation) error { return o.verify(ctx, op) },
			Patterns:       o.Patterns,
			Call:           o.Call,
			CallableRegion: o.CallableRegion,
			Def:            o,
		}
		if o.Fold != nil {
			info.Fold = func(op *ir.Operation, operands []ir.Attribute) []ir.FoldResult {
				attrs := o.Fold(op, operands)
				if attrs == nil {
					return nil
				}
				out := make([]ir.FoldResult, len(attrs))
				for i, a := range attrs {
					out[i] = ir.FoldResult{Attr: a}
				}
				return out
			}
		}
		for _, impl := range o.Interfaces {
			info.Attach(impl)
		}
		if o.format != nil {
			info.Attach(&asm.CustomFormat{Parse: o.format.parse, Print: o.format.print})
		}
		infos = append(infos, info)
	}
	dialect := &ir.Dialect{Name: d.Name, Doc: d.Summary, ParseAttr: d.ParseAttr, MaterializeConstant: d.MaterializeConstant}
	if d.ParseType != nil {
		dialect.Attach(&asm.TypeSyntax{Parse: d.ParseType})
	}
	for _, impl := range d.Interfaces {
		dialect.Attach(impl)
	}
	ctx.RegisterDialect(dialect, infos...)
}

// DefOf returns the OpDef behind a registered op, or nil.
func DefOf(op *ir.Operation) *OpDef {
	if info := op.Info(); info != nil {
		if d, ok := info.Def.(*OpDef); ok {
			return d
		}
	}
	return nil
}

// groupSizes splits n values over groups with one optional/variadic group.
func groupSizes(arities []Arity, n int) ([]int, bool) {
	sizes := make([]int, len(arities))
	fixed, flex := 0, -1
	for i, a := range arities {
		if a == Single {
			sizes[i] = 1
			fixed++
		} else {
			flex = i
		}
	}
	if flex < 0 {
		return sizes, n == fixed
	}
	rest := n - fixed
	if rest < 0 || (arities[flex] == Optional && rest > 1) {
		return sizes, false
	}
	sizes[flex] = rest
	return sizes, true
}

func operandArities(o *OpDef) []Arity {
	out := make([]Arity, len(o.Operands))
	for i, x := range o.Operands {
		out[i] = x.Arity
	}
	return out
}

func resultArities(o *OpDef) []Arity {
	out := make([]Arity, len(o.Results))
	for i, x := range o.Results {
		out[i] = x.Arity
	}
	return out
}

func describeCount(arities []Arity) string {
	fixed, flex := 0, Single
	for _, a := range arities {
		if a == Single {
			fixed++
		} else {
			flex = a
		}
	}
	switch flex {
	case Optional:
		return fmt.Sprintf("%d or %d", fixed, fixed+1)
	case Variadic:
		return fmt.Sprintf("at least %d", fixed)
	}
	return fmt.Sprintf("%d", fixed)
}

// countError is MLIR's message for a wrong number of operands or results:
// its trait wording for exactly zero or one.
func countError(arities []Arity, got int, what, zero, one string) error {
	want := describeCount(arities)
	switch want {
	case "0":
		return fmt.Errorf("%s", zero)
	case "1":
		return fmt.Errorf("%s", one)
	}
	return fmt.Errorf("expected %s %s, but found %d", want, what, got)
}

// verify checks what the table says, then the op's own verifier.
func (o *OpDef) verify(ctx *ir.Context, op *ir.Operation) error {
	// Ops whose groups are all single values (most) need no group sizes;
	// the verifier runs on every op after every pass, so it allocates
	// nothing on that path.
	if allSingle(o.Operands) && op.NumOperands() == len(o.Operands) {
		for i, def := range o.Operands {
			if t := op.Operand(i).Type(); !def.Type.Match(t) {
				return fmt.Errorf("operand #%d must be %s, but got '%s'", i, def.Type.Name, t)
			}
		}
	} else {
		sizes, ok := groupSizes(operandArities(o), op.NumOperands())
		if !ok {
			return countError(operandArities(o), op.NumOperands(), "operands", "requires zero operands", "requires a single operand")
		}
		idx := 0
		for g, def := range o.Operands {
			for k := 0; k < sizes[g]; k++ {
				if t := op.Operand(idx).Type(); !def.Type.Match(t) {
					return fmt.Errorf("operand #%d must be %s, but got '%s'", idx, def.Type.Name, t)
				}
				idx++
			}
		}
	}
	if allSingle(o.Results) && op.NumResults() == len(o.Results) {
		for i, def := range o.Results {
			if t := op.Result(i).Type(); !def.Type.Match(t) {
				return fmt.Errorf("result #%d must be %s, but got '%s'", i, def.Type.Name, t)
			}
		}
	} else {
		rsizes, ok := groupSizes(resultArities(o), op.NumResults())
		if !ok {
			return countError(resultArities(o), op.NumResults(), "results", "requires zero results", "requires one result")
		}
		idx := 0
		for g, def := range o.Results {
			for k := 0; k < rsizes[g]; k++ {
				if t := op.Result(idx).Type(); !def.Type.Match(t) {
					return fmt.Errorf("result #%d must be %s, but got '%s'", idx, def.Type.Name, t)
				}
				idx++
			}
		}
	}
	for _, a := range o.Attrs {
		v := op.InherentAttr(a.Name)
		if v == nil {
			if !a.Optional {
				return fmt.Errorf("requires attribute '%s'", a.Name)
			}
			continue
		}
		if !a.Type.Match(v) {
			return &ir.AttrConstraintError{Msg: fmt.Sprintf("attribute '%s' failed to satisfy constraint: %s", a.Name, a.Type.Name)}
		}
	}
	if op.Props != nil {
		for _, e := range op.Props.Entries {
			if !slices.ContainsFunc(o.Attrs, func(a Attr) bool { return a.Name == e.Name }) {
				return fmt.Errorf("has unknown property '%s'", e.Name)
			}
		}
	}
	if op.NumRegions() != len(o.Regions) {
		return fmt.Errorf("requires %d region%s", len(o.Regions), plural(len(o.Regions)))
	}
	for i, r := range o.Regions {
		if r.SingleBlock && op.Region(i).NumBlocks() > 1 {
			return fmt.Errorf("expects region #%d to have 0 or 1 blocks", i)
		}
	}
	if op.NumSuccessors() != o.Successors {
		return fmt.Errorf("requires %d successors but found %d", o.Successors, op.NumSuccessors())
	}
	if err := verifyTraits(op, o.Traits); err != nil {
		return err
	}
	if o.Infer != nil {
		inferred, err := o.Infer(ctx, op.OperandTypes(), op.InherentAttr)
		if err != nil {
			return err
		}
		if !sameResultTypes(inferred, op) {
			return fmt.Errorf("inferred type(s) '%s' are incompatible with return type(s) of operation '%s'", typeList(inferred), typeList(op.ResultTypes()))
		}
	}
	if o.Verify != nil {
		return o.Verify(op)
	}
	return nil
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// sameResultTypes compares inferred types with the op's; a nil inferred
// type is one Infer cannot decide (a quantized result's scale), which the
// op's Verify checks instead.
func sameResultTypes(ts []ir.Type, op *ir.Operation) bool {
	if len(ts) != op.NumResults() {
		return false
	}
	for i, t := range ts {
		if t != nil && op.Result(i).Type() != t {
			return false
		}
	}
	return true
}

// allSingle reports whether every group is a single value.
func allSingle[G interface{ arity() Arity }](groups []G) bool {
	for _, g := range groups {
		if g.arity() != Single {
			return false
		}
	}
	return true
}

func typeList(ts []ir.Type) string {
	parts := make([]string, len(ts))
	for i, t := range ts {
		parts[i] = "?"
		if t != nil {
			parts[i] = t.String()
		}
	}
	return strings.Join(parts, "', '")
}

func verifyTraits(op *ir.Operation, traits ir.Trait) error {
	n := op.NumOperands() + op.NumResults()
	if n == 0 || traits&(ir.SameOperandsAndResultElementType|ir.SameOperandsAndResultShape) == 0 {
		return nil
	}
	// typeAt indexes operands then results, without building a list.
	typeAt := func(i int) ir.Type {
		if i < op.NumOperands() {
			return op.Operand(i).Type()
		}
		return op.Result(i - op.NumOperands()).Type()
	}
	first := typeAt(0)
	if traits&ir.SameOperandsAndResultElementType != 0 {
		e := ir.ElementTypeOf(first)
		for i := 1; i < n; i++ {
			if ir.ElementTypeOf(typeAt(i)) != e {
				return fmt.Errorf("requires the same element type for all operands and results")
			}
		}
	}
	if traits&ir.SameOperandsAndResultShape != 0 {
		s0, ok0 := first.(*ir.RankedTensorType)
		for i := 1; i < n; i++ {
			s, ok := typeAt(i).(*ir.RankedTensorType)
			if ok0 != ok || (ok && !slices.Equal(s.Shape, s0.Shape)) {
				return fmt.Errorf("requires the same shape for all operands and results")
			}
		}
	}
	return nil
}

// AttachInterfaces attaches one interface implementation per op from a
// table keyed by op name (without the dialect prefix), before any context
// registers d. A name that is not one of d's ops panics: the tables are
// code, and a typo must not silently leave an op without its behaviour.
func AttachInterfaces[T any](d *Dialect, table map[string]T) {
	attached := 0
	for _, o := range d.Ops {
		if impl, ok := table[o.Name]; ok {
			o.Interfaces = append(o.Interfaces, impl)
			attached++
		}
	}
	if attached != len(table) {
		panic(fmt.Sprintf("%s: an interface table names %d ops that are not in the dialect", d.Name, len(table)-attached))
	}
}
