package bytecode

import (
	"fmt"
	"strings"

	"github.com/mlc-go/mlc/ir"
)

// The IR section: ops, regions, blocks and values.

func (r *reader) readIR(c *cursor) (*ir.Operation, error) {
	n, args, err := c.varintFlag()
	if err != nil {
		return nil, err
	}
	if args {
		return nil, c.errorf("the top-level block cannot have arguments")
	}
	if n > uint64(c.left()) {
		return nil, c.errorf("top-level op count %d exceeds the %d bytes left", n, c.left())
	}
	r.forward = map[*ir.Value]bool{}
	r.scopes = []*valueScope{{next: []int{0}}}
	block := ir.NewBlock(nil, nil)
	for i := uint64(0); i < n; i++ {
		if err := r.readOp(c, block, nil, 0); err != nil {
			return nil, err
		}
	}
	if len(r.forward) > 0 {
		return nil, c.errorf("not all forward operand references were resolved")
	}
	if !c.empty() {
		return nil, c.errorf("unexpected trailing data in the IR section")
	}
	if ops := block.Ops(); len(ops) == 1 && ops[0].Name() == "builtin.module" {
		ops[0].Remove()
		return ops[0], nil
	}
	module := r.ctx.NewOperation(ir.OperationState{
		Name: "builtin.module", NumRegions: 1,
		Loc: ir.FileLineColLoc{File: r.file, Line: 0, Col: 0},
	})
	body := ir.NewBlock(nil, nil)
	module.Region(0).AppendBlock(body)
	for _, op := range block.Ops() {
		op.Remove()
		body.Append(op)
	}
	return module, nil
}

func (r *reader) scope() *valueScope { return r.scopes[len(r.scopes)-1] }

// operand reads a value index; a value not yet defined gets a placeholder
// that its definition replaces.
func (r *reader) operand(c *cursor) (*ir.Value, error) {
	s := r.scope()
	i, err := c.index(len(s.values), "value")
	if err != nil {
		return nil, err
	}
	if s.values[i] == nil {
		ph := r.ctx.NewOperation(ir.OperationState{Name: "builtin.unrealized_conversion_cast", ResultTypes: []ir.Type{r.ctx.NoneType()}})
		s.values[i] = ph.Result(0)
		r.forward[s.values[i]] = true
	}
	return s.values[i], nil
}

func (r *reader) define(c *cursor, vals []*ir.Value) error {
	s := r.scope()
	next := &s.next[len(s.next)-1]
	if *next+len(vals) > len(s.values) {
		return c.errorf("value index range was outside of the expected range for the parent region, got [%d, %d), but the maximum index was %d", *next, *next+len(vals), len(s.values)-1)
	}
	for _, v := range vals {
		if old := s.values[*next]; old != nil && r.forward[old] {
			old.ReplaceAllUsesWith(v)
			delete(r.forward, old)
		}
		s.values[*next] = v
		*next++
	}
	return nil
}

func (r *reader) readOp(c *cursor, block *ir.Block, blocks []*ir.Block, depth int) error {
	start := c.off()
	ni, err := c.index(len(r.opNames), "operation name")
	if err != nil {
		return err
	}
	on := r.opNames[ni]
	name := on.dialect
	if on.name != "" {
		name += "." + on.name
	}
	if r.ctx.LookupOp(name) == nil {
		if r.ctx.LookupDialect(on.dialect) != nil {
			return &errAt{start, fmt.Sprintf("unregistered operation '%s' found in dialect ('%s') that does not allow unknown operations", name, on.dialect)}
		}
		if !r.ctx.AllowUnregistered {
			return &errAt{start, fmt.Sprintf("dialect '%s' is unknown. If this is intended, please use -allow-unregistered-dialect with the MLIR tool used", on.dialect)}
		}
	}
	mask, err := c.byte()
	if err != nil {
		return err
	}
	st := ir.OperationState{Name: name}
	if st.Loc, err = r.loc(c); err != nil {
		return err
	}
	if mask&maskAttrs != 0 {
		at := c.off()
		a, err := r.attr(c)
		if err != nil {
			return err
		}
		d, ok := a.(*ir.DictionaryAttr)
		if !ok {
			return &errAt{at, "expected a dictionary of attributes, but got " + a.String()}
		}
		st.Attrs = d.Entries
	}
	if mask&maskProperties != 0 {
		if r.version < vNativeProperties {
			return &errAt{start, fmt.Sprintf("op '%s' has properties, which bytecode version %d cannot hold", name, r.version)}
		}
		if st.Props, err = r.properties(c, on, name); err != nil {
			return err
		}
	}
	if mask&maskResults != 0 {
		n, err := c.count("result")
		if err != nil {
			return err
		}
		st.ResultTypes = make([]ir.Type, n)
		for i := range st.ResultTypes {
			if st.ResultTypes[i], err = r.typ(c); err != nil {
				return err
			}
		}
	}
	if mask&maskOperands != 0 {
		n, err := c.count("operand")
		if err != nil {
			return err
		}
		st.Operands = make([]*ir.Value, n)
		for i := range st.Operands {
			if st.Operands[i], err = r.operand(c); err != nil {
				return err
			}
		}
	}
	if mask&maskSuccessors != 0 {
		n, err := c.count("successor")
		if err != nil {
			return err
		}
		st.Successors = make([]*ir.Block, n)
		for i := range st.Successors {
			j, err := c.index(len(blocks), "successor")
			if err != nil {
				return err
			}
			st.Successors[i] = blocks[j]
		}
	}
	if mask&maskUseListOrder != 0 && r.version >= vUseListOrdering {
		if err := skipUseLists(c, len(st.ResultTypes)); err != nil {
			return err
		}
	}
	numRegions, iso := 0, false
	if mask&maskInlineRegion != 0 {
		n, f, err := c.varintFlag()
		if err != nil {
			return err
		}
		if n > uint64(c.left()) {
			return c.errorf("region count %d exceeds the %d bytes left", n, c.left())
		}
		numRegions, iso = int(n), f
	}
	st.NumRegions = numRegions
	moveInherentAttrs(r.ctx, &st)
	op := r.ctx.NewOperation(st)
	block.Append(op)
	if err := r.define(c, op.Results()); err != nil {
		return err
	}
	if numRegions == 0 {
		return nil
	}
	if depth >= maxRegionDepth {
		return c.errorf("regions nest deeper than %d", maxRegionDepth)
	}
	rc := c
	if iso && r.version >= vLazyLoading {
		id, body, err := c.section()
		if err != nil {
			return err
		}
		if id != secIR {
			return c.errorf("expected IR section for region")
		}
		rc = body
	}
	if iso {
		r.scopes = append(r.scopes, &valueScope{})
	}
	for _, reg := range op.Regions() {
		if err := r.readRegion(rc, reg, depth+1); err != nil {
			return err
		}
	}
	if iso {
		r.scopes = r.scopes[:len(r.scopes)-1]
		if rc != c && !rc.empty() {
			return rc.errorf("unexpected trailing data in the region section")
		}
	}
	return nil
}

// moveInherentAttrs puts a registered op's inherent attributes, found in
// its attribute dictionary (files before version 5 keep them there), into
// its properties, as MLIR and the text parser do.
func moveInherentAttrs(ctx *ir.Context, st *ir.OperationState) {
	info := ctx.LookupOp(st.Name)
	if info == nil || len(info.Props) == 0 || len(st.Attrs) == 0 {
		return
	}
	var props, rest []ir.NamedAttr
	if st.Props != nil {
		props = append(props, st.Props.Entries...)
	}
	for _, a := range st.Attrs {
		inherent := false
		for _, p := range info.Props {
			inherent = inherent || p == a.Name
		}
		if inherent {
			props = append(props, a)
		} else {
			rest = append(rest, a)
		}
	}
	if len(rest) < len(st.Attrs) {
		st.Attrs, st.Props = rest, ctx.DictionaryAttr(props)
	}
}

// properties decodes an op's properties: an attribute for ops written as
// unregistered, the native encoding (nativeProps) for registered ones.
func (r *reader) properties(c *cursor, on readOpName, name string) (*ir.DictionaryAttr, error) {
	at := c.off()
	i, err := c.index(len(r.props), "properties")
	if err != nil {
		return nil, err
	}
	p := *r.props[i]
	pc := &p
	if !on.registered {
		a, err := r.attr(pc)
		if err != nil {
			return nil, err
		}
		if !pc.empty() {
			return nil, pc.errorf("unexpected trailing bytes after the properties of '%s'", name)
		}
		d, ok := a.(*ir.DictionaryAttr)
		if !ok {
			return nil, &errAt{at, fmt.Sprintf("expected the properties of '%s' to be a dictionary, but got %s", name, a)}
		}
		return d, nil
	}
	fields, ok := nativeProps[name]
	if !ok {
		return nil, &errAt{at, fmt.Sprintf("'%s' was written with MLIR's native properties encoding, which mlc knows only for %s", name, knownNative())}
	}
	var entries []ir.NamedAttr
	for _, f := range fields {
		present := true
		var a ir.Attribute
		if f.optional {
			at := pc.off()
			v, flag, err := pc.varintFlag()
			if err != nil {
				return nil, err
			}
			if present = flag; present {
				if v >= uint64(len(r.attrs)) {
					return nil, &errAt{at, fmt.Sprintf("invalid attribute index %d (the table has %d)", v, len(r.attrs))}
				}
				e, err := r.entry(r.attrs, int(v), "attribute", r.decodeAttr)
				if err != nil {
					return nil, err
				}
				if e.attr == nil {
					return nil, &errAt{at, "expected an attribute, but got a location"}
				}
				a = e.attr
			}
		} else if a, err = r.attr(pc); err != nil {
			return nil, err
		}
		if present {
			entries = append(entries, ir.NamedAttr{Name: f.name, Value: a})
		}
	}
	if !pc.empty() {
		return nil, pc.errorf("unexpected trailing bytes after the properties of '%s'", name)
	}
	if len(entries) == 0 {
		return nil, nil
	}
	return r.ctx.DictionaryAttr(entries), nil
}

func knownNative() string {
	var names []string
	for n := range nativeProps {
		names = append(names, n)
	}
	sortStrings(names)
	return strings.Join(names, ", ")
}

// skipUseLists reads use-list orders, which ir does not keep.
func skipUseLists(c *cursor, numValues int) error {
	n := uint64(1)
	var err error
	if numValues > 1 {
		if n, err = c.varint(); err != nil {
			return err
		}
	}
	if n > uint64(c.left()) {
		return c.errorf("use-list count %d exceeds the %d bytes left", n, c.left())
	}
	for i := uint64(0); i < n; i++ {
		if numValues > 1 {
			if _, err := c.varint(); err != nil {
				return err
			}
		}
		k, _, err := c.varintFlag()
		if err != nil {
			return err
		}
		if k > uint64(c.left()) {
			return c.errorf("use-list length %d exceeds the %d bytes left", k, c.left())
		}
		for j := uint64(0); j < k; j++ {
			if _, err := c.varint(); err != nil {
				return err
			}
		}
	}
	return nil
}

func (r *reader) readRegion(c *cursor, reg *ir.Region, depth int) error {
	nb, err := c.count("block")
	if err != nil {
		return err
	}
	if nb == 0 {
		return nil
	}
	at := c.off()
	nv, err := c.varint()
	if err != nil {
		return err
	}
	if nv > uint64(len(r.data)-r.reserved) {
		return &errAt{at, fmt.Sprintf("region value count %d exceeds what the file can define", nv)}
	}
	s := r.scope()
	first := len(s.values)
	s.values = append(s.values, make([]*ir.Value, nv)...)
	s.next = append(s.next, first)
	r.reserved += int(nv)
	blocks := make([]*ir.Block, nb)
	for i := range blocks {
		blocks[i] = ir.NewBlock(nil, nil)
		reg.AppendBlock(blocks[i])
	}
	for _, b := range blocks {
		n, hasArgs, err := c.varintFlag()
		if err != nil {
			return err
		}
		if n > uint64(c.left()) {
			return c.errorf("op count %d exceeds the %d bytes left", n, c.left())
		}
		if hasArgs {
			if err := r.blockArgs(c, b); err != nil {
				return err
			}
		}
		for i := uint64(0); i < n; i++ {
			if err := r.readOp(c, b, blocks, depth); err != nil {
				return err
			}
		}
	}
	for _, v := range s.values[first:] {
		if v != nil && r.forward[v] {
			return c.errorf("a value used in a region is never defined in it")
		}
	}
	s.values = s.values[:first]
	s.next = s.next[:len(s.next)-1]
	r.reserved -= int(nv)
	return nil
}

func (r *reader) blockArgs(c *cursor, b *ir.Block) error {
	n, err := c.count("block argument")
	if err != nil {
		return err
	}
	for i := 0; i < n; i++ {
		var t ir.Type
		var loc ir.Location = ir.UnknownLoc{}
		if r.version >= vElideUnknownArgLoc {
			at := c.off()
			ti, hasLoc, err := c.varintFlag()
			if err != nil {
				return err
			}
			if ti >= uint64(len(r.types)) {
				return &errAt{at, fmt.Sprintf("invalid type index %d (the table has %d)", ti, len(r.types))}
			}
			e, err := r.entry(r.types, int(ti), "type", r.decodeType)
			if err != nil {
				return err
			}
			t = e.typ
			if hasLoc {
				if loc, err = r.loc(c); err != nil {
					return err
				}
			}
		} else {
			if t, err = r.typ(c); err != nil {
				return err
			}
			if loc, err = r.loc(c); err != nil {
				return err
			}
		}
		b.AddArg(t, loc)
	}
	if err := r.define(c, b.Args()); err != nil {
		return err
	}
	if r.version >= vUseListOrdering {
		has, err := c.byte()
		if err != nil {
			return err
		}
		if has != 0 {
			if err := skipUseLists(c, b.NumArgs()); err != nil {
				return err
			}
		}
	}
	return nil
}
