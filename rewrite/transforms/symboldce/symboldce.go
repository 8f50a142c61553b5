// Package symboldce is the symbol-dce pass: erase private symbols that no
// symbol reference reaches.
package symboldce

import (
	"github.com/mlc-go/mlc/ir"
	"github.com/mlc-go/mlc/rewrite/pass"
)

// Pass is symbol-dce.
var Pass = pass.Register(&pass.Pass{
	Name:    "symbol-dce",
	Summary: "SymbolDCE",
	Doc:     "Erases private symbols that no symbol reference reaches.",
	Changes: pass.NoEffects,
	Run: func(op *ir.Operation, _ pass.Options, pc *pass.Context) error {
		pc.Add("num-dce'd", "Number of symbols DCE'd", int64(Run(op)))
		return nil
	},
})

// Run erases unreferenced private symbols directly inside root's symbol
// table until none is left to erase.
func Run(root *ir.Operation) int { return EraseUnused(root, nil) }

// EraseUnused is Run limited to the symbols erasable accepts (all when
// nil). It returns how many it erased.
func EraseUnused(root *ir.Operation, erasable func(*ir.Operation) bool) int {
	erased := 0
	for {
		used := map[string]bool{}
		ir.Walk(root, func(o *ir.Operation) {
			for _, a := range o.Attrs() {
				collectRefs(a.Value, used)
			}
			if o.Props != nil {
				collectRefs(o.Props, used)
			}
		})
		removed := false
		for _, r := range root.Regions() {
			for _, b := range r.Blocks() {
				for _, o := range b.Ops() {
					name := ir.SymbolName(o)
					vis, _ := o.InherentAttr("sym_visibility").(*ir.StringAttr)
					if name != "" && vis != nil && vis.Value == "private" && !used[name] && (erasable == nil || erasable(o)) {
						o.Erase()
						erased++
						removed = true
					}
				}
			}
		}
		if !removed {
			return erased
		}
	}
}

func collectRefs(a ir.Attribute, used map[string]bool) {
	switch x := a.(type) {
	case *ir.SymbolRefAttr:
		used[x.Root] = true
		for _, n := range x.Nested {
			used[n] = true
		}
	case *ir.ArrayAttr:
		for _, e := range x.Elems {
			collectRefs(e, used)
		}
	case *ir.DictionaryAttr:
		for _, e := range x.Entries {
			collectRefs(e.Value, used)
		}
	}
}
