package main

import (
	"io"

	"github.com/mlc-go/mlc/dialects/all"
	"github.com/mlc-go/mlc/ir"
	"github.com/mlc-go/mlc/ir/asm"
)

// diagContext is a context with every dialect registered whose
// diagnostics print to a writer with their source lines (files added to
// srcMgr), remembering whether any was an error.
type diagContext struct {
	ctx    *ir.Context
	srcMgr *ir.SourceMgr
	failed bool
}

func newDiagContext(stderr io.Writer) *diagContext {
	dc := &diagContext{ctx: ir.NewContext(), srcMgr: ir.NewSourceMgr()}
	all.Register(dc.ctx)
	dc.ctx.SetDiagnosticHandler(func(d *ir.Diagnostic) {
		if d.Severity == ir.SeverityError {
			dc.failed = true
		}
		asm.NoteCurrentOp(d, false)
		io.WriteString(stderr, dc.srcMgr.FormatFor("mlc", d))
	})
	return dc
}
