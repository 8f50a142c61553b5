// Package reconcilecasts is the reconcile-unrealized-casts pass: it
// removes the builtin.unrealized_conversion_cast ops that dialect
// conversions leave at the boundaries between converted and unconverted
// IR, once both sides are converted. A chain of casts that leads back to
// the types it started from (A -> B -> A) folds to its input, dead casts
// are erased, and a cast that is still used afterwards is an error at its
// location, as MLIR's pass reported it when it was built on dialect
// conversion (mlir-opt 19 keeps such casts silently; the option
// allow-live-casts does the same).
package reconcilecasts

import (
	"github.com/mlc-go/mlc/ir"
	"github.com/mlc-go/mlc/rewrite/conversion"
	"github.com/mlc-go/mlc/rewrite/pass"
	"slices"
)

// Pass is reconcile-unrealized-casts.
var Pass = pass.Register(&pass.Pass{
	Name:    "reconcile-unrealized-casts",
	Summary: "Simplify and eliminate unrealized conversion casts",
	Options: []pass.Option{
		pass.BoolOpt("allow-live-casts", false, "keep casts that are still used instead of failing, as mlir-opt 19 does"),
	},
	Changes: pass.NoEffects,
	// It cleans up after conversions: casts a conversion run later would
	// leave stay.
	After: []string{"test-legalize-patterns"},
	Run: func(op *ir.Operation, opts pass.Options, pc *pass.Context) error {
		erased, live := Reconcile(op)
		pc.Add("num-erased", "Number of unrealized conversion casts erased", int64(erased))
		if opts.Bool("allow-live-casts") {
			return nil
		}
		return LiveCastsError(live)
	},
})

func isCast(op *ir.Operation) bool { return op != nil && op.Name() == conversion.CastOpName }

// Reconcile folds and erases the casts nested in root, as MLIR's
// reconcileUnrealizedCasts does: casts are visited bottom to top; an
// unused cast is erased, and a cast whose result types equal the input
// types of a cast up its chain (itself included) is replaced by that
// cast's inputs. A cast's chain follows its inputs while they are,
// together and in order, all the results of one cast. It returns how
// many casts it erased and those that remain, in program order.
func Reconcile(root *ir.Operation) (erased int, live []*ir.Operation) {
	var all []*ir.Operation
	ir.WalkPreOrder(root, func(o *ir.Operation) ir.WalkResult {
		if isCast(o) && o != root {
			all = append(all, o)
		}
		return ir.Advance
	})
	work := append([]*ir.Operation(nil), all...)
	queued := make(map[*ir.Operation]bool, len(all))
	for _, o := range all {
		queued[o] = true
	}
	gone := map[*ir.Operation]bool{}
	enqueueInputs := func(c *ir.Operation) {
		for _, v := range c.Operands() {
			if def := v.DefiningOp(); isCast(def) && !queued[def] && !gone[def] {
				queued[def] = true
				work = append(work, def)
			}
		}
	}
	erase := func(c *ir.Operation) {
		enqueueInputs(c)
		c.Erase()
		gone[c] = true
		erased++
	}
	for len(work) > 0 {
		c := work[len(work)-1]
		work = work[:len(work)-1]
		delete(queued, c)
		if gone[c] {
			continue
		}
		if c.UseEmpty() {
			erase(c)
			continue
		}
		results := c.ResultTypes()
		for next := c; next != nil; next = inputCast(next) {
			if slices.Equal(next.OperandTypes(), results) {
				inputs := next.Operands()
				enqueueInputs(c)
				c.ReplaceAllUsesWith(inputs)
				c.Erase()
				gone[c] = true
				erased++
				break
			}
		}
	}
	for _, c := range all {
		if !gone[c] {
			live = append(live, c)
		}
	}
	return erased, live
}

// inputCast is the cast whose results are exactly c's inputs, or nil.
func inputCast(c *ir.Operation) *ir.Operation {
	if c.NumOperands() == 0 {
		return nil
	}
	in := c.Operand(0).DefiningOp()
	if !isCast(in) || in.NumResults() != c.NumOperands() {
		return nil
	}
	for i, r := range in.Results() {
		if c.Operand(i) != r {
			return nil
		}
	}
	return in
}

// LiveCastsError reports each cast that is still used, at its location,
// with a note at its first user; nil when there is none.
func LiveCastsError(live []*ir.Operation) error {
	if len(live) == 0 {
		return nil
	}
	diags := make([]*ir.Diagnostic, len(live))
	for i, c := range live {
		d := ir.Errorf(c.Loc, "failed to legalize operation '%s' that was explicitly marked illegal", c.Name())
		if u := firstUser(c); u != nil {
			d.AttachNote(u.Loc, "see existing live user here: '%s'", u.Name())
		}
		diags[i] = d
	}
	return &conversion.Error{Diags: diags}
}

// firstUser is c's first user in program order within c's block (a
// user nested in an op of the block counts at that op), else any user.
func firstUser(c *ir.Operation) *ir.Operation {
	var user, at, any *ir.Operation
	for _, r := range c.Results() {
		for _, u := range r.Users() {
			if any == nil {
				any = u
			}
			a := u
			for a != nil && a.Block() != c.Block() {
				a = a.ParentOp()
			}
			if a != nil && (at == nil || a.IsBeforeInBlock(at)) {
				user, at = u, a
			}
		}
	}
	if user != nil {
		return user
	}
	return any
}
