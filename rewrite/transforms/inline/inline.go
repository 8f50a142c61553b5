// Package inline is the inline pass: replace calls to functions whose
// body is one block ending in a return-like terminator by a copy of that
// body. It sees calls and functions only through ir's call interfaces, so
// it knows no dialect.
package inline

import (
	"fmt"

	"github.com/mlc-go/mlc/ir"
	"github.com/mlc-go/mlc/rewrite/pass"
	"github.com/mlc-go/mlc/rewrite/transforms/symboldce"
)

// Pass is inline.
var Pass = pass.Register(&pass.Pass{
	Name:    "inline",
	Summary: "Inliner",
	Doc:     "Replaces calls by a copy of the callee when its body is a single block ending in a return-like op; recursion is left alone and inlined ops get call-site locations. As MLIR's inliner, private functions with a body that nothing references afterwards are erased.",
	Options: []pass.Option{pass.IntOpt("max-depth", 8, "nested inlining rounds (guards against recursion)")},
	Changes: pass.NoEffects,
	Run: func(op *ir.Operation, opts pass.Options, pc *pass.Context) error {
		n, err := Run(op, opts.Int("max-depth"))
		pc.Add("num-inlined", "Number of calls inlined", int64(n))
		if err != nil {
			return err
		}
		pc.Add("num-erased", "Number of dead private callables erased", int64(EraseDeadCallables(op)))
		return nil
	},
})

// Run inlines calls nested in root, repeating so calls that inlining
// exposes are inlined too, up to maxDepth rounds. Recursive calls stay.
func Run(root *ir.Operation, maxDepth int) (int, error) {
	total := 0
	for round := 0; round < maxDepth; round++ {
		var calls []*ir.Operation
		ir.Walk(root, func(o *ir.Operation) {
			if info := o.Info(); info != nil && info.Call != nil {
				calls = append(calls, o)
			}
		})
		n := 0
		for _, call := range calls {
			ok, err := inlineCall(call)
			if err != nil {
				return total, err
			}
			if ok {
				n++
			}
		}
		total += n
		if n == 0 {
			return total, nil
		}
	}
	return total, nil
}

func inlineCall(call *ir.Operation) (bool, error) {
	ci := call.Info().Call
	ref := ci.Callee(call)
	if ref == nil {
		return false, nil
	}
	callee := ir.LookupSymbol(call, ref)
	if callee == nil || callee.Info() == nil || callee.Info().CallableRegion == nil {
		return false, nil
	}
	body := callee.Info().CallableRegion(callee)
	if body == nil || body.NumBlocks() != 1 || callee.IsAncestor(call) {
		return false, nil // declaration, control flow, or direct recursion
	}
	entry := body.Front()
	term := entry.Last()
	if term == nil || !term.HasTrait(ir.ReturnLike) {
		return false, nil
	}
	args := ci.Args(call)
	if len(args) != entry.NumArgs() || term.NumOperands() != call.NumResults() {
		return false, fmt.Errorf("call to @%s does not match the callee's signature", ref.Leaf())
	}
	ctx := call.Ctx()
	m := ir.NewMapping()
	for i, a := range entry.Args() {
		m.Values[a] = args[i]
	}
	b := ir.NewBuilder(ctx)
	b.SetInsertionPoint(call)
	for o := entry.First(); o != term; o = o.Next() {
		c := ctx.Clone(o, m)
		// Inlined ops remember where they were called from.
		c.Loc = ir.CallSiteLoc{Callee: o.Loc, Caller: call.Loc}
		b.Insert(c)
	}
	results := make([]*ir.Value, term.NumOperands())
	for i, v := range term.Operands() {
		results[i] = m.Lookup(v)
	}
	call.ReplaceAllUsesWith(results)
	call.Erase()
	return true, nil
}

// EraseDeadCallables erases the private functions with a body directly in
// root's symbol table that no symbol reference in root names (a function
// that only calls itself included), as MLIR's inliner drops the callables
// it leaves dead. Declarations stay. It returns how many it erased.
func EraseDeadCallables(root *ir.Operation) int {
	if !root.HasTrait(ir.SymbolTableTrait) {
		return 0
	}
	return symboldce.EraseUnused(root, func(o *ir.Operation) bool {
		info := o.Info()
		if info == nil || info.CallableRegion == nil {
			return false
		}
		body := info.CallableRegion(o)
		return body != nil && body.NumBlocks() > 0
	})
}
