// Package all lists every dialect of mlc, so tools register them in one
// call and the docs are generated from one list.
package all

import (
	"github.com/mlc-go/mlc/dialects/builtin"
	function "github.com/mlc-go/mlc/dialects/func"
	"github.com/mlc-go/mlc/dialects/ods"
	"github.com/mlc-go/mlc/ir"
)

// Dialects returns every dialect definition, in registration order.
func Dialects() []*ods.Dialect {
	return []*ods.Dialect{builtin.Dialect, function.Dialect}
}

// Register adds every dialect to ctx.
func Register(ctx *ir.Context) {
	for _, d := range Dialects() {
		ods.Register(ctx, d)
	}
}
