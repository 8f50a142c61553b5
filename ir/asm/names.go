package asm

import (
	"strconv"

	"github.com/mlc-go/mlc/ir"
)

// nameState numbers values and blocks the way MLIR's SSANameState does:
// a LIFO walk over regions; entry-block arguments are %argN, other values
// %N (one number per op, results of multi-result ops share it), blocks
// ^bbN per region. In custom form each region restarts from the counters
// its parent region had reached; the generic form never restarts.
type nameState struct {
	values map[*ir.Value]int // value -> number; args have argBit set
	blocks map[*ir.Block]int
}

const argBit = 1 << (strconv.IntSize - 2) // above any value count that fits in memory

func numberValues(top *ir.Operation, generic bool) *nameState {
	// Sized up front: growing a map of a few hundred thousand values
	// would leave each smaller table behind as garbage.
	nvalues, nblocks := countNamed(top)
	ns := &nameState{values: make(map[*ir.Value]int, nvalues), blocks: make(map[*ir.Block]int, nblocks)}
	type context struct {
		r            *ir.Region
		nextValue    int
		nextArgument int
	}
	nextValue, nextArg := 0, 0
	var stack []context
	for _, r := range top.Regions() {
		stack = append(stack, context{r, 0, 0})
	}
	if top.NumResults() > 0 {
		ns.numberOp(top, &nextValue)
	}
	for len(stack) > 0 {
		c := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if !generic {
			nextValue, nextArg = c.nextValue, c.nextArgument
		}
		for bi, b := range c.r.Blocks() {
			ns.blocks[b] = bi
			for _, a := range b.Args() {
				if bi == 0 {
					ns.values[a] = argBit | nextArg
					nextArg++
				} else {
					ns.values[a] = nextValue
					nextValue++
				}
			}
			for op := b.First(); op != nil; op = op.Next() {
				ns.numberOp(op, &nextValue)
			}
		}
		for _, b := range c.r.Blocks() {
			for op := b.First(); op != nil; op = op.Next() {
				for _, nr := range op.Regions() {
					stack = append(stack, context{nr, nextValue, nextArg})
				}
			}
		}
	}
	return ns
}

// countNamed counts the values (block arguments and op result groups)
// and blocks numberValues names under top.
func countNamed(top *ir.Operation) (values, blocks int) {
	ir.Walk(top, func(op *ir.Operation) {
		if op.NumResults() > 0 {
			values++
		}
		for _, r := range op.Regions() {
			for _, b := range r.Blocks() {
				blocks++
				values += b.NumArgs()
			}
		}
	})
	return values, blocks
}

func (ns *nameState) numberOp(op *ir.Operation, next *int) {
	if op.NumResults() == 0 {
		return
	}
	ns.values[op.Result(0)] = *next
	*next++
}

func (ns *nameState) valueName(v *ir.Value) string {
	return string(ns.appendValueName(nil, v))
}

// appendValueName appends v's name to dst (the printer writes names
// straight into its buffer).
func (ns *nameState) appendValueName(dst []byte, v *ir.Value) []byte {
	if !v.IsBlockArgument() {
		def := v.DefiningOp()
		id, ok := ns.values[def.Result(0)]
		if !ok {
			return append(dst, "<<UNKNOWN SSA VALUE>>"...)
		}
		dst = strconv.AppendInt(append(dst, '%'), int64(id), 10)
		if def.NumResults() > 1 {
			dst = strconv.AppendInt(append(dst, '#'), int64(v.ResultNumber()), 10)
		}
		return dst
	}
	id, ok := ns.values[v]
	if !ok {
		return append(dst, "<<UNKNOWN SSA VALUE>>"...)
	}
	if id&argBit != 0 {
		return strconv.AppendInt(append(dst, "%arg"...), int64(id&^argBit), 10)
	}
	return strconv.AppendInt(append(dst, '%'), int64(id), 10)
}

// appendDefName appends the name of an op's result group where it is
// defined.
func (ns *nameState) appendDefName(dst []byte, op *ir.Operation) []byte {
	id, ok := ns.values[op.Result(0)]
	if !ok {
		return append(dst, "<<UNKNOWN SSA VALUE>>"...)
	}
	return strconv.AppendInt(append(dst, '%'), int64(id), 10)
}

func (ns *nameState) blockName(b *ir.Block) string {
	id, ok := ns.blocks[b]
	if !ok {
		return "^INVALIDBLOCK"
	}
	return "^bb" + strconv.Itoa(id)
}

// ValueNames numbers the values nested in top as the custom form prints
// them when top is the outermost op printed, and returns the name of each
// ("%3", "%arg0", "%2#1"); a value not under top is "<<UNKNOWN SSA VALUE>>".
// Diagnostics that name values use it so the names match a printout.
func ValueNames(top *ir.Operation) func(*ir.Value) string {
	return numberValues(top, false).valueName
}
