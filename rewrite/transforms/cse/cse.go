// Package cse is the cse pass: common subexpression elimination over
// side-effect-free ops, scoped by dominance and across nested regions
// (stopping at isolated-from-above ops).
package cse

import (
	"strings"

	"github.com/mlc-go/mlc/ir"
	"github.com/mlc-go/mlc/rewrite/pass"
)

// Pass is cse.
var Pass = pass.Register(&pass.Pass{
	Name:    "cse",
	Summary: "CSE",
	Doc:     "Eliminates common subexpressions among side-effect-free ops, scoped by dominance and across nested regions; stops at isolated-from-above ops.",
	Run: func(op *ir.Operation, _ pass.Options, st *pass.Statistics) error {
		n := Run(op)
		st.Add("num-cse'd", "Number of operations CSE'd", int64(n))
		return nil
	},
})

// key identifies an op's computation: name, operands, attributes,
// properties and result types. Values and interned attributes/types are
// compared by identity.
type key struct {
	name     string
	operands string
	attrs    string
	results  string
}

type scope struct {
	parent *scope
	known  map[key]*ir.Operation
}

func (s *scope) lookup(k key) *ir.Operation {
	for x := s; x != nil; x = x.parent {
		if o, ok := x.known[k]; ok {
			return o
		}
	}
	return nil
}

type cse struct {
	ids     map[*ir.Value]int
	removed int
}

// Run performs CSE on the regions of root and returns the ops removed.
func Run(root *ir.Operation) int {
	c := &cse{ids: map[*ir.Value]int{}}
	for _, r := range root.Regions() {
		c.region(r, nil)
	}
	return c.removed
}

func (c *cse) id(v *ir.Value) int {
	if id, ok := c.ids[v]; ok {
		return id
	}
	id := len(c.ids) + 1
	c.ids[v] = id
	return id
}

func (c *cse) keyOf(op *ir.Operation) key {
	var b strings.Builder
	for _, v := range op.Operands() {
		b.WriteString(itoa(c.id(v)))
		b.WriteByte(',')
	}
	var a strings.Builder
	for _, na := range op.Attrs() {
		a.WriteString(na.Name)
		a.WriteByte('=')
		a.WriteString(na.Value.String())
		a.WriteByte(',')
	}
	if op.Props != nil {
		a.WriteString("<")
		a.WriteString(op.Props.String())
	}
	var r strings.Builder
	for _, t := range op.ResultTypes() {
		r.WriteString(t.String())
		r.WriteByte(',')
	}
	return key{op.Name(), b.String(), a.String(), r.String()}
}

func itoa(i int) string {
	var buf [20]byte
	n := len(buf)
	for i > 0 {
		n--
		buf[n] = byte('0' + i%10)
		i /= 10
	}
	return string(buf[n:])
}

// region walks blocks in dominance order: with one block that is just the
// block; with several, each block gets its own scope under the entry's
// (conservative: only entry-block definitions are shared).
func (c *cse) region(r *ir.Region, parent *scope) {
	if r.NumBlocks() == 0 {
		return
	}
	entry := &scope{parent: parent, known: map[key]*ir.Operation{}}
	for i, b := range r.Blocks() {
		s := entry
		if i > 0 {
			s = &scope{parent: entry, known: map[key]*ir.Operation{}}
		}
		c.block(b, s)
	}
}

func (c *cse) block(b *ir.Block, s *scope) {
	for op := b.First(); op != nil; {
		next := op.Next()
		for _, r := range op.Regions() {
			if op.HasTrait(ir.IsolatedFromAbove) {
				c.region(r, nil)
			} else {
				c.region(r, s)
			}
		}
		if op.HasTrait(ir.Pure) && op.NumRegions() == 0 && op.NumResults() > 0 && !op.HasTrait(ir.Terminator) {
			k := c.keyOf(op)
			if prev := s.lookup(k); prev != nil {
				op.ReplaceAllUsesWith(prev.Results())
				op.Erase()
				c.removed++
			} else {
				s.known[k] = op
			}
		}
		op = next
	}
}
