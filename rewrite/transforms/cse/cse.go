// Package cse is the cse pass: common subexpression elimination over
// side-effect-free ops, scoped by dominance and across nested regions
// (stopping at isolated-from-above ops). As MLIR's CSE, it sees through
// the operand order of commutative ops. Unlike MLIR's, it leaves unused
// ops to dce and canonicalize.
package cse

import (
	"hash/maphash"

	"github.com/mlc-go/mlc/ir"
	"github.com/mlc-go/mlc/rewrite/pass"
)

// Pass is cse.
var Pass = pass.Register(&pass.Pass{
	Name:    "cse",
	Summary: "CSE",
	Doc:     "Eliminates common subexpressions among side-effect-free ops, scoped by dominance and across nested regions; stops at isolated-from-above ops.",
	Changes: pass.NoEffects,
	Run: func(op *ir.Operation, _ pass.Options, pc *pass.Context) error {
		n := Run(op)
		pc.Add("num-cse'd", "Number of operations CSE'd", int64(n))
		return nil
	},
})

// Run performs CSE on the regions of root and returns the ops removed.
func Run(root *ir.Operation) int {
	// Sized once for the ops under root (an upper bound on the entries
	// alive at once): growing the table and the entries by doubling was
	// most of what the pass allocates (1M ops: 110 of 200 MB).
	n := -1
	ir.Walk(root, func(*ir.Operation) { n++ })
	c := &cse{table: make(map[uint64]int32, n), entries: make([]entry, 0, n), seed: maphash.MakeSeed()}
	c.regions(root)
	return c.removed
}

// The known ops form a scoped hash table, as MLIR's ScopedHashTable: one
// map from an op's hash to the newest entry with that hash, each entry
// linking to the older one it shadows. Entries are pushed in dominance
// order and popped when their scope ends, so a lookup sees exactly the ops
// of the enclosing scopes. Ops are compared structurally, so a hash
// collision costs a comparison, never a wrong answer.
type entry struct {
	op   *ir.Operation
	hash uint64
	next int32 // older entry with the same hash, or -1
}

type cse struct {
	seed    maphash.Seed
	table   map[uint64]int32
	entries []entry
	// floor: entries below it belong to scopes outside the current
	// isolated-from-above op and are not visible.
	floor   int32
	removed int
}

func (c *cse) regions(op *ir.Operation) {
	for _, r := range op.Regions() {
		c.region(r)
	}
}

// region walks blocks in dominance order: with one block that is just the
// block; with several, each block gets its own scope under the entry's
// (conservative: only entry-block definitions are shared).
func (c *cse) region(r *ir.Region) {
	mark := len(c.entries)
	for i, b := range r.Blocks() {
		inner := len(c.entries)
		c.block(b)
		if i > 0 {
			c.pop(inner)
		}
	}
	c.pop(mark)
}

// pop removes the entries pushed since mark, newest first.
func (c *cse) pop(mark int) {
	for i := len(c.entries) - 1; i >= mark; i-- {
		e := c.entries[i]
		if e.next < 0 {
			delete(c.table, e.hash)
		} else {
			c.table[e.hash] = e.next
		}
	}
	c.entries = c.entries[:mark]
}

func (c *cse) block(b *ir.Block) {
	for op := b.First(); op != nil; {
		next := op.Next()
		if op.NumRegions() > 0 {
			if op.HasTrait(ir.IsolatedFromAbove) {
				floor := c.floor
				c.floor = int32(len(c.entries))
				c.regions(op)
				c.floor = floor
			} else {
				c.regions(op)
			}
		}
		if op.HasTrait(ir.Pure) && op.NumRegions() == 0 && op.NumResults() > 0 && !op.HasTrait(ir.Terminator) {
			h := c.hash(op)
			if prev := c.lookup(op, h); prev != nil {
				op.ReplaceAllUsesWith(prev.Results())
				op.Erase()
				c.removed++
			} else {
				head, ok := c.table[h]
				if !ok {
					head = -1
				}
				c.table[h] = int32(len(c.entries))
				c.entries = append(c.entries, entry{op: op, hash: h, next: head})
			}
		}
		op = next
	}
}

func (c *cse) lookup(op *ir.Operation, h uint64) *ir.Operation {
	i, ok := c.table[h]
	for ok && i >= c.floor {
		e := &c.entries[i]
		if equivalent(op, e.op) {
			return e.op
		}
		i, ok = e.next, e.next >= 0
	}
	return nil
}

// mix is a 64-bit finaliser (splitmix64), so that summing the hashes of
// commutative operands still spreads well.
func mix(x uint64) uint64 {
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	x ^= x >> 31
	return x
}

// hash covers what equivalent compares: the name, the operands (as a
// multiset for commutative ops), properties, attributes and result types.
// Values, types and attributes are hashed by identity (they are interned).
func (c *cse) hash(op *ir.Operation) uint64 {
	h := maphash.String(c.seed, op.Name())
	n := op.NumOperands()
	if op.HasTrait(ir.Commutative) {
		var sum uint64
		for i := 0; i < n; i++ {
			sum += mix(maphash.Comparable(c.seed, op.Operand(i)))
		}
		h = mix(h ^ sum)
	} else {
		for i := 0; i < n; i++ {
			h = mix(h ^ maphash.Comparable(c.seed, op.Operand(i)))
		}
	}
	if op.Props != nil {
		h = mix(h ^ maphash.Comparable(c.seed, op.Props))
	}
	for _, na := range op.Attrs() {
		h = mix(h ^ maphash.String(c.seed, na.Name))
		h = mix(h ^ hashIface(c.seed, na.Value))
	}
	for _, r := range op.Results() {
		h = mix(h ^ hashIface(c.seed, r.Type()))
	}
	return mix(h + uint64(n))
}

// hashIface hashes an interned type or attribute by identity, or by its
// text for a dialect-defined one whose dynamic type is not comparable.
func hashIface[T interface{ String() string }](seed maphash.Seed, v T) (h uint64) {
	defer func() {
		if recover() != nil {
			h = maphash.String(seed, v.String())
		}
	}()
	return maphash.Comparable(seed, any(v))
}

// same compares two types or attributes as hashIface hashes them.
func same[T interface{ String() string }](a, b T) (eq bool) {
	defer func() {
		if recover() != nil {
			eq = a.String() == b.String()
		}
	}()
	return any(a) == any(b)
}

// equivalent reports whether a and b compute the same thing: same name,
// operands (in any order for a commutative op), properties, attributes,
// successors and result types. Locations do not matter.
func equivalent(a, b *ir.Operation) bool {
	if a.Name() != b.Name() || a.NumOperands() != b.NumOperands() || a.NumResults() != b.NumResults() ||
		a.Props != b.Props || len(a.Attrs()) != len(b.Attrs()) || a.NumSuccessors() != b.NumSuccessors() {
		return false
	}
	if !sameOperands(a, b) {
		return false
	}
	for i := 0; i < a.NumResults(); i++ {
		if !same(a.Result(i).Type(), b.Result(i).Type()) {
			return false
		}
	}
	aa, ba := a.Attrs(), b.Attrs()
	for i := range aa {
		if aa[i].Name != ba[i].Name || !same(aa[i].Value, ba[i].Value) {
			return false
		}
	}
	for i := 0; i < a.NumSuccessors(); i++ {
		if a.Successor(i) != b.Successor(i) {
			return false
		}
	}
	return true
}

func sameOperands(a, b *ir.Operation) bool {
	n := a.NumOperands()
	inOrder := true
	for i := 0; i < n; i++ {
		if a.Operand(i) != b.Operand(i) {
			inOrder = false
			break
		}
	}
	if inOrder || !a.HasTrait(ir.Commutative) {
		return inOrder
	}
	if n == 2 {
		return a.Operand(0) == b.Operand(1) && a.Operand(1) == b.Operand(0)
	}
	// A multiset comparison; commutative ops have few operands.
	used := make([]bool, n)
next:
	for i := 0; i < n; i++ {
		v := a.Operand(i)
		for j := 0; j < n; j++ {
			if !used[j] && b.Operand(j) == v {
				used[j] = true
				continue next
			}
		}
		return false
	}
	return true
}
