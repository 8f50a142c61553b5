package asm

import (
	"errors"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"

	"github.com/mlc-go/mlc/ir"
)

// CustomParser parses the custom form of an op from the tokens after its
// name, filling p.State (name, location and result binding are done by
// the caller). Dialects register one per op (the declarative format
// engine builds them from op tables).
type CustomParser func(p *OpParser) error

// CustomFormat is an op's custom assembly form. A dialect attaches it to
// the op's definition (ir.OpInfo.Attach) when it registers the op in a
// context, so each context parses and prints with its own formats; there
// is no process-wide registry.
type CustomFormat struct {
	Parse CustomParser
	Print CustomPrinter
}

// customFormat returns the format attached to a registered op, or nil.
func customFormat(info *ir.OpInfo) *CustomFormat {
	if f, ok := ir.Interface[*CustomFormat](info); ok {
		return f
	}
	return nil
}

// lookupCustomParser returns the custom parser of the op name in ctx.
func lookupCustomParser(ctx *ir.Context, name string) CustomParser {
	if f := customFormat(ctx.LookupOp(name)); f != nil {
		return f.Parse
	}
	return nil
}

// OpParser is what a custom parser sees: a cursor over the op's tokens
// and the resolver's name binding and type/attribute interning.
type OpParser struct {
	r     *resolver
	c     *syntaxCursor
	State ir.OperationState
	// pending regions are attached after the op is created.
	regions []*ir.Region
	pos     lexer.Position
}

// OperandRef is an operand use whose type is not known yet.
type OperandRef struct{ use astValueUse }

// Ctx is the context being parsed into.
func (p *OpParser) Ctx() *ir.Context { return p.r.ctx }

// Errorf makes an error positioned at the current token.
func (p *OpParser) Errorf(format string, args ...any) error { return p.c.Errorf(format, args...) }

// OpError makes an error positioned at the start of the op, for problems
// with the op as a whole (such as result types that cannot be inferred).
func (p *OpParser) OpError(format string, args ...any) error {
	return ir.Errorf(p.r.loc(p.pos), format, args...)
}

// AtEnd reports whether all of the op's tokens are consumed.
func (p *OpParser) AtEnd() bool { return p.c.AtEnd() }

// PeekIsOperand reports whether the next token is a %value.
func (p *OpParser) PeekIsOperand() bool { return p.c.Peek().Type == tokValueID }

// PeekIsPunct reports whether the next token is the given punctuation.
func (p *OpParser) PeekIsPunct(s string) bool {
	t := p.c.Peek()
	return t.Type != tokString && t.Type != tokError && t.Value == s
}

// OptionalPunct consumes s (",", ":", "(", ")", "[", "]", "{", "}", "<",
// ">", "=", "->", "*", "?", "+", "-", "|") if it is next.
func (p *OpParser) OptionalPunct(s string) (bool, error) {
	if !p.PeekIsPunct(s) {
		return false, nil
	}
	_, err := p.c.Next()
	return true, err
}

// ExpectPunct consumes s or fails.
func (p *OpParser) ExpectPunct(s string) error {
	ok, err := p.OptionalPunct(s)
	if err == nil && !ok {
		err = p.Errorf("expected '%s'", s)
	}
	return err
}

// OptionalKeyword consumes a bare identifier kw if it is next.
func (p *OpParser) OptionalKeyword(kw string) (bool, error) { return p.c.OptionalKeyword(kw) }

// ExpectKeyword consumes kw or fails.
func (p *OpParser) ExpectKeyword(kw string) error {
	ok, err := p.c.OptionalKeyword(kw)
	if err == nil && !ok {
		err = p.Errorf("expected '%s'", kw)
	}
	return err
}

// ParseOperand reads %name or %name#N.
func (p *OpParser) ParseOperand() (OperandRef, error) {
	u, err := p.c.ValueUse()
	return OperandRef{u}, err
}

// ResolveOperand binds ref to a value of type t.
func (p *OpParser) ResolveOperand(ref OperandRef, t ir.Type) (v *ir.Value, err error) {
	err = p.guard(func() { v = p.r.use(ref.use, t) })
	return v, err
}

// ParseType reads a type.
func (p *OpParser) ParseType() (t ir.Type, err error) {
	at, err := p.c.Type()
	if err != nil {
		return nil, err
	}
	err = p.guard(func() { t = p.r.typ(at) })
	return t, err
}

// ParseAttribute reads an attribute.
func (p *OpParser) ParseAttribute() (a ir.Attribute, err error) {
	aa, err := p.c.Attr()
	if err != nil {
		return nil, err
	}
	err = p.guard(func() { a = p.r.attr(aa) })
	return a, err
}

// ParseOptionalAttrDict reads {…} into p.State.Attrs if present.
func (p *OpParser) ParseOptionalAttrDict() error {
	d, err := p.c.OptionalAttrDict()
	if err != nil || d == nil {
		return err
	}
	return p.guard(func() { p.State.Attrs = append(p.State.Attrs, p.r.namedAttrs(d)...) })
}

// ParseRegion reads a region; isolated regions do not see outer values.
// Attach it with AddRegion.
func (p *OpParser) ParseRegion(isolated bool) (*ir.Region, error) {
	ar, err := p.c.Region()
	if err != nil {
		return nil, err
	}
	region := ir.NewRegion()
	err = p.guard(func() { p.r.region(ar, region, nil, isolated, "") })
	return region, err
}

// AddRegion attaches a parsed region to the op being built, in order.
func (p *OpParser) AddRegion(r *ir.Region) { p.regions = append(p.regions, r) }

// guard turns a resolver failure into an error.
func (p *OpParser) guard(f func()) error { return p.r.guard(f) }

func (r *resolver) customOp(o *astOp, f *astCustomForm, loc ir.Location) *ir.Operation {
	name := o.Name
	fn := lookupCustomParser(r.ctx, name)
	if fn == nil && r.currentDefaultDialect() != "" {
		q := r.currentDefaultDialect() + "." + name
		if qfn := lookupCustomParser(r.ctx, q); qfn != nil {
			name, fn = q, qfn
		}
	}
	if fn == nil {
		dialect := ir.DialectOf(name)
		if dialect != "" && r.ctx.LookupDialect(dialect) == nil {
			r.fail(o.NamePos, "Dialect `%s' not found for custom op '%s'", dialect, name)
		}
		if d := r.currentDefaultDialect(); d != "" && dialect == "" {
			r.fail(o.NamePos, "custom op '%s' is unknown (tried '%s.%s' as well)", name, d, name)
		}
		r.fail(o.NamePos, "custom op '%s' is unknown", name)
	}
	c, err := f.cursor()
	if err != nil {
		r.failDiag(r.syntaxError(err))
	}
	if f.Src != nil {
		defer f.Src.release(c.p)
	}
	p := r.newOpParser(c, o.Pos)
	defer r.releaseOpParser(p)
	p.State.Name = name
	if err := callCustom(fn, p); err != nil {
		var re *ir.Diagnostic
		if errors.As(err, &re) {
			r.failDiag(re)
		}
		var pe participle.Error
		if errors.As(err, &pe) {
			r.failDiag(r.syntaxError(pe))
		}
		r.fail(o.NamePos, "%v", err)
	}
	if !c.AtEnd() {
		r.fail(c.Peek().Pos, "unexpected '%s' after custom form of '%s'", c.Peek().Value, name)
	}
	p.State.Name = name
	p.State.Loc = loc
	r.checkOpName(name, o.NamePos)
	r.moveInherentAttrs(&p.State)
	op := r.ctx.NewOperation(p.State)
	for _, reg := range p.regions {
		op.AddRegion(reg)
	}
	return op
}

// newOpParser takes an OpParser from the resolver's free list (custom ops
// nest, so there is one per level).
func (r *resolver) newOpParser(c *syntaxCursor, pos lexer.Position) *OpParser {
	if n := len(r.freeOpParsers); n > 0 {
		p := r.freeOpParsers[n-1]
		r.freeOpParsers = r.freeOpParsers[:n-1]
		p.c, p.pos = c, pos
		return p
	}
	return &OpParser{r: r, c: c, pos: pos}
}

// releaseOpParser clears p, keeping its buffers, for the next op. The op
// built from p copied what it keeps (NewOperation copies operands and
// attributes).
func (r *resolver) releaseOpParser(p *OpParser) {
	clear(p.State.Attrs)
	clear(p.regions)
	*p = OpParser{r: r, State: ir.OperationState{Attrs: p.State.Attrs[:0]}, regions: p.regions[:0]}
	r.freeOpParsers = append(r.freeOpParsers, p)
}

// callCustom runs a dialect's parser, turning its panics into errors so a
// buggy format cannot crash the tool.
func callCustom(fn CustomParser, p *OpParser) (err error) {
	defer func() {
		if rec := recover(); rec != nil {
			if re, ok := rec.(resolveError); ok {
				err = re.d
				return
			}
			err = p.Errorf("custom parser for '%s' failed: %v", p.State.Name, rec)
		}
	}()
	return fn(p)
}

// ParseOperandList reads zero or more comma-separated operands, stopping
// before a comma that is not followed by an operand.
func (p *OpParser) ParseOperandList() ([]OperandRef, error) {
	var out []OperandRef
	if !p.PeekIsOperand() {
		return nil, nil
	}
	for {
		ref, err := p.ParseOperand()
		if err != nil {
			return nil, err
		}
		out = append(out, ref)
		if !p.PeekIsPunct(",") || p.c.PeekN(1).Type != tokValueID {
			return out, nil
		}
		if _, err := p.c.Next(); err != nil {
			return nil, err
		}
	}
}

// ParseTypeList reads one or more comma-separated types, stopping before a
// comma that is not followed by something that can start a type.
func (p *OpParser) ParseTypeList() ([]ir.Type, error) {
	var out []ir.Type
	for {
		t, err := p.ParseType()
		if err != nil {
			return nil, err
		}
		out = append(out, t)
		if !p.PeekIsPunct(",") {
			return out, nil
		}
		next := p.c.PeekN(1)
		if !syntaxCanStartType(&next) {
			return out, nil
		}
		if _, err := p.c.Next(); err != nil {
			return nil, err
		}
	}
}

// PeekIsKeyword reports whether the next token is the bare identifier kw.
func (p *OpParser) PeekIsKeyword(kw string) bool {
	t := p.c.Peek()
	return t.Type == tokIdent && t.Value == kw
}

// PeekCanStartAttribute reports whether an attribute may start here.
func (p *OpParser) PeekCanStartAttribute() bool {
	t := p.c.Peek()
	return syntaxCanStartAttr(&t)
}

// ParseAttributeWithType reads an attribute; an integer or float literal
// written without ": type" gets type t (MLIR's typed attribute elision).
// With bare set, numbers and strings take no ": type" suffix at all.
func (p *OpParser) ParseAttributeWithType(t ir.Type, bare bool) (a ir.Attribute, err error) {
	var aa astAttr
	if t != nil || bare {
		aa, err = p.c.BareNumberAttr()
	} else {
		aa, err = p.c.Attr()
	}
	if err != nil {
		return nil, err
	}
	if t != nil {
		switch x := aa.(type) {
		case *astIntAttr:
			if x.Type == nil {
				cp := *x
				cp.Type = &astTypeLiteral{Pos: x.Pos, T: t}
				aa = &cp
			}
		case *astFloatAttr:
			if x.Type == nil {
				cp := *x
				cp.Type = &astTypeLiteral{Pos: x.Pos, T: t}
				aa = &cp
			}
		}
	}
	err = p.guard(func() { a = p.r.attr(aa) })
	return a, err
}

// astTypeLiteral carries an already resolved type through the resolver,
// for types a format supplies rather than the text.
type astTypeLiteral struct {
	Pos lexer.Position
	T   ir.Type
}

func (n *astTypeLiteral) astPos() lexer.Position { return n.Pos }
func (*astTypeLiteral) astTypeMarker()           {}
