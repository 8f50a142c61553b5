// Package all lists every dialect of mlc, so tools register them in one
// call and the docs are generated from one list.
package all

import (
	"github.com/mlc-go/mlc/dialects/builtin"
	"github.com/mlc-go/mlc/dialects/core"
	function "github.com/mlc-go/mlc/dialects/func"
	"github.com/mlc-go/mlc/dialects/ods"
	"github.com/mlc-go/mlc/dialects/qnn"
	"github.com/mlc-go/mlc/dialects/quant"
	"github.com/mlc-go/mlc/dialects/torch"
	"github.com/mlc-go/mlc/dialects/trt"
	"github.com/mlc-go/mlc/ir"
)

// Dialects returns every dialect definition, in registration order.
func Dialects() []*ods.Dialect {
	return []*ods.Dialect{builtin.Dialect, function.Dialect, torch.Dialect, core.Dialect, quant.Dialect, trt.Dialect, qnn.Dialect}
}

// Register adds every dialect to ctx.
func Register(ctx *ir.Context) {
	for _, d := range Dialects() {
		ods.Register(ctx, d)
	}
}

// NewContext is a context with every dialect registered, as tools and
// tests above the dialects use (with ir/asm/asmtest's Parse and RoundTrip).
func NewContext() *ir.Context {
	ctx := ir.NewContext()
	Register(ctx)
	return ctx
}
