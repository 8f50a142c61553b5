package asm

import (
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"

	"github.com/mlc-go/mlc/ir"
)

// PrintOptions mirror mlir-opt's printing flags.
type PrintOptions struct {
	Generic    bool // --mlir-print-op-generic
	DebugInfo  bool // --mlir-print-debuginfo
	LocalScope bool // --mlir-print-local-scope: no aliases
	// ElideElementsAttrsIfLarger prints dense attributes with more
	// elements as dense_resource<__elided__>; 0 disables.
	ElideElementsAttrsIfLarger int
	// NoResources leaves out the {-# dialect_resources #-} section.
	NoResources bool
	// ElideResourceStringsIfLarger leaves out the resources whose quoted
	// hex string is longer than this many characters (the references
	// stay); 0 disables.
	ElideResourceStringsIfLarger int
}

// CustomPrinter prints op in its custom form after "%res = " and the op
// name have been written. Returning false falls back to the generic form
// (nothing may have been written then).
type CustomPrinter func(p *Printer, op *ir.Operation) bool

// customPrinterFor returns op's custom printer: the builtin forms the
// syntax layer parses itself (builtin_forms.go), else the format attached
// to the op's definition.
func customPrinterFor(op *ir.Operation) CustomPrinter {
	if f := customFormat(op.Info()); f != nil && f.Print != nil {
		return f.Print
	}
	return builtinPrinter(op.Name())
}

// Printer writes IR text. Custom printers use its methods.
type Printer struct {
	// Output collects in buf and goes to w in large writes; while a custom
	// printer runs (custom > 0) nothing is flushed, so that a printer that
	// gives up can be undone by truncating buf.
	w       io.Writer
	buf     []byte
	custom  int           // custom printers running that may still give up
	frames  []customFrame // one per running custom printer
	opts    PrintOptions
	names   *nameState
	aliases map[string]string // printed form -> alias name
	locs    *locAliases       // with DebugInfo and aliases on
	indent  int
	// defaultDialect is the dialect whose ops may print without prefix
	// (func inside func.func, as MLIR does).
	defaultDialect string
	err            error
	resources      map[*ir.ResourceBlob]bool
	resourceOrder  []*ir.ResourceBlob
}

// Print writes op (usually a builtin.module) and a trailing resource
// section.
func Print(w io.Writer, op *ir.Operation, opts PrintOptions) error {
	p := &Printer{w: w, buf: make([]byte, 0, printChunk+4096), opts: opts, resources: map[*ir.ResourceBlob]bool{}, defaultDialect: "builtin"}
	p.names = numberValues(op, opts.Generic)
	if !opts.LocalScope {
		p.aliases = p.collectAliases(op)
		if opts.DebugInfo {
			p.locs = collectLocAliases(op)
		}
	}
	p.printAliasDefs()
	p.PrintOp(op)
	p.WriteString("\n")
	p.locs.defs(p, true)
	if !opts.NoResources {
		p.printResources()
	}
	p.flush()
	return p.err
}

// printChunk is the size of the writes to the output.
const printChunk = 1 << 16

func (p *Printer) flush() {
	if len(p.buf) == 0 {
		return
	}
	if _, err := p.w.Write(p.buf); err != nil && p.err == nil {
		p.err = err
	}
	p.buf = p.buf[:0]
}

// String renders op alone (no aliases, no resources) for messages.
func String(op *ir.Operation, opts PrintOptions) string {
	var b strings.Builder
	opts.LocalScope, opts.NoResources = true, true
	_ = Print(&b, op, opts)
	return strings.TrimSuffix(b.String(), "\n")
}

func (p *Printer) WriteString(s string) {
	p.buf = append(p.buf, s...)
	p.maybeFlush()
}

// maybeFlush writes buf out once it is large, unless a custom printer
// that may still give up is running.
func (p *Printer) maybeFlush() {
	if p.custom == 0 && len(p.buf) >= printChunk {
		p.flush()
	}
}

func (p *Printer) WriteByte(c byte) error {
	p.buf = append(p.buf, c)
	if p.custom == 0 && len(p.buf) >= printChunk {
		p.flush()
	}
	return nil
}

// Options returns the active printing options.
func (p *Printer) Options() PrintOptions { return p.opts }

func (p *Printer) newline() {
	p.WriteByte('\n')
	// Indentation stops growing at maxIndent levels, or deeply nested IR
	// would print quadratically many spaces.
	for n := 2 * min(p.indent, maxIndent); n > 0; {
		k := min(n, len(spaces))
		p.WriteString(spaces[:k])
		n -= k
	}
}

var spaces = strings.Repeat(" ", 256)

const maxIndent = 128

// ---- aliases ----

// aliasCandidate reports whether a printed type or attribute gets an alias
// when repeated: dialect types and attributes, as MLIR's dialects ask for.
func aliasCandidate(text string) bool {
	return len(text) > 1 && (text[0] == '!' || text[0] == '#') && !strings.HasPrefix(text, "#loc")
}

// noAliasDialects are the dialects whose types and attributes print in
// full, as mlir-opt prints them: MLIR's own (whose dialects offer no
// alias for them); unregistered dialects' never get one either. Our
// dialects' (!qnn.tensor, ...) get an alias when repeated.
var noAliasDialects = map[string]bool{"builtin": true, "quant": true, "func": true}

// aliased reports whether a repeated type or attribute x (ir.Type or
// ir.Attribute) printed as text gets an alias.
func aliased(x any, text string) bool {
	switch x.(type) {
	case *ir.OpaqueType, *ir.OpaqueAttr:
		return false
	}
	if len(text) < 2 || (text[0] != '!' && text[0] != '#') {
		return false
	}
	ns, _, ok := strings.Cut(text[1:], ".")
	return !ok || !noAliasDialects[ns]
}

func (p *Printer) collectAliases(top *ir.Operation) map[string]string {
	counts := map[string]int{}
	var order []string
	note := func(s string) {
		if aliasCandidate(s) {
			if counts[s] == 0 {
				order = append(order, s)
			}
			counts[s]++
		}
	}
	noteType := func(t ir.Type) {
		if t != nil {
			if text := t.String(); aliased(t, text) {
				note(text)
			}
			if s, ok := t.(ir.ShapedType); ok {
				if e := s.ElementType(); e != nil {
					if text := e.String(); aliased(e, text) {
						note(text)
					}
				}
			}
		}
	}
	ir.Walk(top, func(op *ir.Operation) {
		for _, r := range op.Results() {
			noteType(r.Type())
		}
		for _, r := range op.Regions() {
			for _, b := range r.Blocks() {
				for _, a := range b.Args() {
					noteType(a.Type())
				}
			}
		}
		for _, a := range op.Attrs() {
			if text := a.Value.String(); aliased(a.Value, text) {
				note(text)
			}
		}
	})
	out := map[string]string{}
	used := map[string]bool{}
	for _, s := range order {
		if counts[s] < 2 {
			continue
		}
		base := aliasBase(s)
		name := base
		for i := 0; used[name]; i++ {
			name = base + strconv.Itoa(i)
		}
		used[name] = true
		out[s] = name
	}
	return out
}

// aliasBase is "!quant_uniform" for "!quant.uniform<...>".
func aliasBase(s string) string {
	end := len(s)
	if i := strings.IndexAny(s, "<{[( "); i > 0 {
		end = i
	}
	base := strings.Map(func(r rune) rune {
		if r == '.' {
			return '_'
		}
		return r
	}, s[1:end])
	if !ir.IsBareIdentifier(base) {
		base = "alias"
	}
	return s[:1] + base
}

func (p *Printer) printAliasDefs() {
	defs := make([]string, 0, len(p.aliases))
	for text, name := range p.aliases {
		defs = append(defs, name+" = "+text)
	}
	// Attribute aliases first, then types, each sorted: deterministic.
	sort.Slice(defs, func(i, j int) bool {
		if defs[i][0] != defs[j][0] {
			return defs[i][0] == '#'
		}
		return defs[i] < defs[j]
	})
	// Location aliases sort among the attribute aliases by their name.
	locsDone := false
	for _, d := range defs {
		if !locsDone && (d[0] != '#' || d > "#loc") {
			p.locs.defs(p, false)
			locsDone = true
		}
		p.WriteString(d)
		p.WriteByte('\n')
	}
	if !locsDone {
		p.locs.defs(p, false)
	}
}

// ---- types and attributes ----

// PrintType writes t, through its alias if it has one.
func (p *Printer) PrintType(t ir.Type) {
	if t == nil {
		p.WriteString("<<NULL TYPE>>")
		return
	}
	s := t.String()
	if a, ok := p.aliases[s]; ok {
		p.WriteString(a)
		return
	}
	if st, ok := t.(*ir.RankedTensorType); ok && len(p.aliases) > 0 {
		if a, ok := p.aliases[st.Elem.String()]; ok {
			p.WriteString(strings.Replace(s, st.Elem.String(), a, 1))
			return
		}
	}
	p.WriteString(s)
}

// PrintTypes writes a comma-separated list.
func (p *Printer) PrintTypes(ts []ir.Type) {
	for i, t := range ts {
		if i > 0 {
			p.WriteString(", ")
		}
		p.PrintType(t)
	}
}

// PrintFunctionalType writes (T, U) -> (V) as MLIR does for op types.
func (p *Printer) PrintFunctionalType(in, out []ir.Type) {
	p.WriteByte('(')
	p.PrintTypes(in)
	p.WriteString(") -> ")
	p.PrintResultTypes(out)
}

// PrintResultTypes writes a single non-function type bare, else in parens.
func (p *Printer) PrintResultTypes(out []ir.Type) {
	if len(out) == 1 {
		if _, fn := out[0].(*ir.FunctionType); !fn {
			p.PrintType(out[0])
			return
		}
	}
	p.WriteByte('(')
	p.PrintTypes(out)
	p.WriteByte(')')
}

// PrintAttr writes a, honouring aliases, elision and resource collection.
func (p *Printer) PrintAttr(a ir.Attribute) {
	if a == nil {
		p.WriteString("<<NULL ATTRIBUTE>>")
		return
	}
	switch x := a.(type) {
	case *ir.DenseElementsAttr:
		if n := p.opts.ElideElementsAttrsIfLarger; n > 0 && !x.Splat && x.NumElements() > n {
			p.WriteString("dense_resource<__elided__> : ")
			p.PrintType(x.Type)
			return
		}
	case *ir.DenseResourceAttr:
		if !p.resources[x.Handle] && x.Handle.Data != nil {
			p.resources[x.Handle] = true
			p.resourceOrder = append(p.resourceOrder, x.Handle)
		}
	case *ir.ArrayAttr:
		if p.needsDeepAttr(x) {
			p.WriteByte('[')
			for i, e := range x.Elems {
				if i > 0 {
					p.WriteString(", ")
				}
				if s := elided(e); s != "" {
					p.WriteString(s)
				} else {
					p.PrintAttr(e)
				}
			}
			p.WriteByte(']')
			return
		}
	case *ir.DictionaryAttr:
		if p.needsDeepAttr(x) {
			p.printDict(x.Entries)
			return
		}
	case *ir.TypeAttr:
		p.PrintType(x.Type)
		return
	}
	s := a.String()
	if al, ok := p.aliases[s]; ok {
		p.WriteString(al)
		return
	}
	p.WriteString(s)
}

func elided(a ir.Attribute) string {
	switch x := a.(type) {
	case *ir.IntegerAttr:
		if it, ok := x.Type.(*ir.IntegerType); ok && it.Width == 64 && it.Signedness == ir.Signless {
			return strings.TrimSuffix(x.String(), " : i64")
		}
	case *ir.FloatAttr:
		if x.Type.Kind == ir.F64 {
			return strings.TrimSuffix(x.String(), " : f64")
		}
	}
	return ""
}

// needsDeepAttr reports whether a container holds something the plain
// text cannot express: an alias, an elided or resource element.
func (p *Printer) needsDeepAttr(a ir.Attribute) bool {
	var elems []ir.Attribute
	switch x := a.(type) {
	case *ir.ArrayAttr:
		elems = x.Elems
	case *ir.DictionaryAttr:
		for _, e := range x.Entries {
			elems = append(elems, e.Value)
		}
	}
	for _, e := range elems {
		switch y := e.(type) {
		case *ir.DenseResourceAttr, *ir.ArrayAttr, *ir.DictionaryAttr, *ir.TypeAttr:
			if _, isRes := y.(*ir.DenseResourceAttr); isRes || p.needsDeepAttr(e) {
				return true
			}
			if ta, ok := y.(*ir.TypeAttr); ok && len(p.aliases) > 0 && p.aliases[ta.Type.String()] != "" {
				return true
			}
		case *ir.DenseElementsAttr:
			if p.opts.ElideElementsAttrsIfLarger > 0 {
				return true
			}
		}
		if len(p.aliases) > 0 && p.aliases[e.String()] != "" {
			return true
		}
	}
	return false
}

func (p *Printer) printDict(entries []ir.NamedAttr) { p.printDictExcept(entries, nil) }

// printDictExcept writes the entries not named in elide as a dictionary.
func (p *Printer) printDictExcept(entries []ir.NamedAttr, elide []string) {
	p.WriteByte('{')
	first := true
	for _, e := range entries {
		if contains(elide, e.Name) {
			continue
		}
		if !first {
			p.WriteString(", ")
		}
		first = false
		p.WriteString(ir.FormatAttrName(e.Name))
		if _, unit := e.Value.(*ir.UnitAttr); !unit {
			p.WriteString(" = ")
			p.PrintAttr(e.Value)
		}
	}
	p.WriteByte('}')
}

// anyKept reports whether some attribute is not named in elide.
func anyKept(attrs []ir.NamedAttr, elide []string) bool {
	for _, a := range attrs {
		if !contains(elide, a.Name) {
			return true
		}
	}
	return false
}

// PrintAttrDict writes " {a = 1, b}" for the attributes not in elide;
// nothing when none remain.
func (p *Printer) PrintAttrDict(attrs []ir.NamedAttr, elide ...string) {
	if !anyKept(attrs, elide) {
		return
	}
	p.WriteByte(' ')
	p.printDictExcept(attrs, elide)
}

// PrintAttrDictWithKeyword is PrintAttrDict spelled " attributes {…}".
func (p *Printer) PrintAttrDictWithKeyword(attrs []ir.NamedAttr, elide ...string) {
	if !anyKept(attrs, elide) {
		return
	}
	p.WriteString(" attributes ")
	p.printDictExcept(attrs, elide)
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// PrintLoc writes " loc(...)" when debug info is on.
func (p *Printer) PrintLoc(l ir.Location) {
	if !p.opts.DebugInfo {
		return
	}
	if l == nil {
		l = ir.UnknownLoc{}
	}
	p.WriteString(" loc(")
	if a := p.locs.alias(l); a != "" {
		p.WriteString(a)
	} else {
		p.WriteString(l.String())
	}
	p.WriteByte(')')
}

// printArgLoc writes a block argument's " loc(...)": in full, as mlir-opt
// does, with its parts through their aliases.
func (p *Printer) printArgLoc(l ir.Location) {
	if !p.opts.DebugInfo {
		return
	}
	if l == nil {
		l = ir.UnknownLoc{}
	}
	p.WriteString(" loc(")
	if p.locs != nil {
		p.WriteString(p.locs.body(l))
	} else {
		p.WriteString(l.String())
	}
	p.WriteByte(')')
}

// ---- values ----

// PrintOperand writes a value's name (%3, %arg0, %2#1).
func (p *Printer) PrintOperand(v *ir.Value) {
	if v == nil {
		p.WriteString("<<NULL VALUE>>")
		return
	}
	p.buf = p.names.appendValueName(p.buf, v)
	p.maybeFlush()
}

// PrintOperands writes a comma-separated list.
func (p *Printer) PrintOperands(vs []*ir.Value) {
	for i, v := range vs {
		if i > 0 {
			p.WriteString(", ")
		}
		p.PrintOperand(v)
	}
}

// PrintBlockName writes ^bbN.
func (p *Printer) PrintBlockName(b *ir.Block) { p.WriteString(p.names.blockName(b)) }

// ---- operations ----

// PrintOp writes one op (no leading indentation, no newline).
func (p *Printer) PrintOp(op *ir.Operation) {
	if n := op.NumResults(); n > 0 {
		p.buf = p.names.appendDefName(p.buf, op)
		if n > 1 {
			p.WriteByte(':')
			p.WriteString(strconv.Itoa(n))
		}
		p.WriteString(" = ")
	}
	if !p.opts.Generic {
		if cp := customPrinterFor(op); cp != nil && p.printCustom(op, cp) {
			p.PrintLoc(op.Loc)
			return
		}
	}
	p.printGeneric(op)
	p.PrintLoc(op.Loc)
}

// printCustom runs a custom printer into a scratch buffer so that a
// printer that gives up (or panics on malformed IR) leaves no trace.
func (p *Printer) printCustom(op *ir.Operation, cp CustomPrinter) (ok bool) {
	p.frames = append(p.frames, customFrame{mark: len(p.buf)})
	p.custom++
	savedDefault := p.defaultDialect
	defer func() {
		if r := recover(); r != nil {
			ok = false
		}
		f := p.frames[len(p.frames)-1]
		p.frames = p.frames[:len(p.frames)-1]
		p.defaultDialect = savedDefault
		if f.committed {
			if !ok {
				// Too late to fall back to the generic form.
				p.Errorf("custom printer for '%s' failed after committing its output", op.Name())
			}
			return
		}
		p.custom--
		if !ok {
			p.buf = p.buf[:f.mark]
		}
	}()
	name := op.Name()
	// Ops of the enclosing op's default dialect drop their prefix, as in
	// MLIR ("module" at top level, "return" inside func.func).
	if d := ir.DialectOf(name); p.defaultDialect != "" && d == p.defaultDialect {
		name = name[len(d)+1:]
	}
	p.WriteString(name)
	return cp(p, op)
}

// customFrame is a running custom printer: where its output starts, and
// whether it committed to it.
type customFrame struct {
	mark      int
	committed bool
}

// Commit tells the printer that the running custom printer will not give
// up from here on, so its output may be flushed as it goes. Printers of
// ops with large regions (builtin.module, func.func) call it before the
// region, so the output is not held in memory whole.
func (p *Printer) Commit() {
	if n := len(p.frames); n > 0 && !p.frames[n-1].committed {
		p.frames[n-1].committed = true
		p.custom--
	}
}

func (p *Printer) printGeneric(op *ir.Operation) {
	p.WriteString(ir.QuoteString(op.Name()))
	p.WriteByte('(')
	p.PrintOperands(op.Operands())
	p.WriteByte(')')
	if op.NumSuccessors() > 0 {
		p.WriteByte('[')
		for i, s := range op.Successors() {
			if i > 0 {
				p.WriteString(", ")
			}
			p.PrintBlockName(s)
		}
		p.WriteByte(']')
	}
	if op.Props != nil && len(op.Props.Entries) > 0 {
		p.WriteString(" <")
		p.printDict(op.Props.Entries)
		p.WriteByte('>')
	}
	if op.NumRegions() > 0 {
		p.WriteString(" (")
		savedDefault := p.defaultDialect
		p.defaultDialect = ""
		for i, r := range op.Regions() {
			if i > 0 {
				p.WriteString(", ")
			}
			p.PrintRegion(r, true, true)
		}
		p.defaultDialect = savedDefault
		p.WriteByte(')')
	}
	p.PrintAttrDict(op.Attrs())
	p.WriteString(" : ")
	p.PrintFunctionalType(op.OperandTypes(), op.ResultTypes())
}

// PrintRegion writes {…}. printEntryArgs controls whether the entry
// block's label and arguments are written (custom forms such as func.func
// print them in the signature instead).
func (p *Printer) PrintRegion(r *ir.Region, printEntryArgs, printEmptyBlock bool) {
	p.WriteByte('{')
	p.indent++
	for i, b := range r.Blocks() {
		// An empty entry block without arguments gets its label so that it
		// is not lost on re-parsing, as MLIR prints it.
		printLabel := i > 0 || (printEntryArgs && (b.NumArgs() > 0 || (printEmptyBlock && b.Empty())))
		if printLabel {
			p.indent--
			p.newline()
			p.printBlockHeader(b)
			p.indent++
		}
		for op := b.First(); op != nil; op = op.Next() {
			p.newline()
			p.PrintOp(op)
		}
	}
	p.indent--
	p.newline()
	p.WriteByte('}')
}

func (p *Printer) printBlockHeader(b *ir.Block) {
	p.PrintBlockName(b)
	if b.NumArgs() > 0 {
		p.WriteByte('(')
		for i, a := range b.Args() {
			if i > 0 {
				p.WriteString(", ")
			}
			p.PrintOperand(a)
			p.WriteString(": ")
			p.PrintType(a.Type())
			p.printArgLoc(a.Loc())
		}
		p.WriteByte(')')
	}
	p.WriteByte(':')
	preds := predecessors(b)
	switch len(preds) {
	case 0:
	case 1:
		p.WriteString("  // pred: ")
		p.PrintBlockName(preds[0])
	default:
		p.WriteString("  // " + strconv.Itoa(len(preds)) + " preds: ")
		for i, pb := range preds {
			if i > 0 {
				p.WriteString(", ")
			}
			p.PrintBlockName(pb)
		}
	}
}

// predecessors lists b's predecessor blocks in region order, once each.
func predecessors(b *ir.Block) []*ir.Block {
	r := b.Parent()
	if r == nil {
		return nil
	}
	var out []*ir.Block
	for _, x := range r.Blocks() {
		for _, s := range x.Successors() {
			if s == b {
				out = append(out, x)
				break
			}
		}
	}
	return out
}

// SetDefaultDialect lets ops of dialect print without their prefix inside
// the regions printed next (func inside func.func).
func (p *Printer) SetDefaultDialect(d string) { p.defaultDialect = d }

// ---- resources ----

func (p *Printer) printResources() {
	if len(p.resourceOrder) == 0 {
		return
	}
	byDialect := map[string][]*ir.ResourceBlob{}
	var dialects []string
	for _, r := range p.resourceOrder {
		// "0x", 8 hex digits of alignment, the data's, and the quotes.
		if n := p.opts.ElideResourceStringsIfLarger; n > 0 && 12+2*len(r.Data) > n {
			continue
		}
		if _, ok := byDialect[r.Dialect]; !ok {
			dialects = append(dialects, r.Dialect)
		}
		byDialect[r.Dialect] = append(byDialect[r.Dialect], r)
	}
	if len(dialects) == 0 {
		return
	}
	p.WriteString("\n{-#\n  dialect_resources: {\n")
	for di, d := range dialects {
		p.WriteString("    " + d + ": {\n")
		for i, r := range byDialect[d] {
			p.WriteString("      " + resourceKey(r.Key) + ": \"0x")
			var hdr [4]byte
			align := r.Alignment
			if align == 0 {
				align = 1
			}
			hdr[0], hdr[1], hdr[2], hdr[3] = byte(align), byte(align>>8), byte(align>>16), byte(align>>24)
			p.writeHex(hdr[:])
			p.writeBlob(r)
			p.WriteByte('"')
			if i < len(byDialect[d])-1 {
				p.WriteByte(',')
			}
			p.WriteByte('\n')
		}
		p.WriteString("    }")
		if di < len(dialects)-1 {
			p.WriteByte(',')
		}
		p.WriteByte('\n')
	}
	p.WriteString("  }\n#-}\n")
}

func resourceKey(k string) string {
	if ir.IsBareIdentifier(k) {
		return k
	}
	return ir.QuoteString(k)
}

// writeBlob writes a blob's data in hex, handing each written part to the
// blob's Release hook.
func (p *Printer) writeBlob(r *ir.ResourceBlob) {
	if r.Release == nil {
		p.writeHex(r.Data)
		return
	}
	const part = 1 << 20
	for data := r.Data; len(data) > 0; {
		n := min(len(data), part)
		p.writeHex(data[:n])
		r.Release(data[:n])
		data = data[n:]
	}
}

func (p *Printer) writeHex(data []byte) {
	const hex = "0123456789ABCDEF"
	var buf [512]byte
	for len(data) > 0 {
		n := min(len(data), len(buf)/2)
		for i := 0; i < n; i++ {
			buf[2*i] = hex[data[i]>>4]
			buf[2*i+1] = hex[data[i]&15]
		}
		p.buf = append(p.buf, buf[:2*n]...)
		if p.custom == 0 && len(p.buf) >= printChunk {
			p.flush()
		}
		data = data[n:]
	}
}

// Errorf records the first write error; custom printers may call it.
func (p *Printer) Errorf(format string, args ...any) {
	if p.err == nil {
		p.err = fmt.Errorf(format, args...)
	}
}
