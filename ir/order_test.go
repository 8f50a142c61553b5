package ir

import (
	"math/rand/v2"
	"testing"
)

// IsBeforeInBlock agrees with list order through any mix of appends,
// insertions (many at one place, exhausting the gaps) and removals.
func TestIsBeforeInBlockAfterEdits(t *testing.T) {
	ctx := NewContext()
	ctx.AllowUnregistered = true
	r := rand.New(rand.NewPCG(1, 2))
	b := NewBlock(nil, nil)
	newOp := func() *Operation { return ctx.NewOperation(OperationState{Name: "test.op", Loc: UnknownLoc{}}) }
	for range 50 {
		b.Append(newOp())
	}
	for step := range 3000 {
		ops := b.Ops()
		switch k := r.IntN(10); {
		case k < 5 && len(ops) > 0: // insert before a random op, often the same one
			pos := ops[0]
			if step%3 != 0 {
				pos = ops[r.IntN(len(ops))]
			}
			b.InsertBefore(newOp(), pos)
		case k < 7:
			b.Append(newOp())
		case len(ops) > 1:
			ops[r.IntN(len(ops))].Erase()
		}
		if step%100 == 0 || step > 2900 {
			ops = b.Ops()
			for i := 0; i+1 < len(ops); i++ {
				j := i + 1 + r.IntN(len(ops)-i-1)
				if !ops[i].IsBeforeInBlock(ops[j]) || ops[j].IsBeforeInBlock(ops[i]) {
					t.Fatalf("step %d: op %d and op %d out of order", step, i, j)
				}
			}
		}
	}
}
