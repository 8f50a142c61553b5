package asm

import (
	"strings"

	"github.com/mlc-go/mlc/ir"
)

// NoteCurrentOp adds mlir-opt's "see current operation" note to d when
// d is about an op (d.Op, set by the verifier): the op in generic form,
// its values named as in its nearest isolated-from-above ancestor, dense
// attributes over 16 elements elided, locations with debugInfo (as
// --mlir-print-debuginfo gives them). The note comes before d's own
// notes, on a line of its own when the op spans several. mlir-opt leaves
// it out under --verify-diagnostics, so callers do too.
func NoteCurrentOp(d *ir.Diagnostic, debugInfo bool) {
	op := d.Op
	if op == nil {
		return
	}
	d.Op = nil
	text := CurrentOpString(op, debugInfo)
	if strings.Contains(text, "\n") {
		text = "\n" + text
	}
	note := &ir.Diagnostic{Severity: ir.SeverityNote, Loc: op.Loc, Message: "see current operation: " + text}
	d.Notes = append([]*ir.Diagnostic{note}, d.Notes...)
}

// CurrentOpString prints op as NoteCurrentOp shows it.
func CurrentOpString(op *ir.Operation, debugInfo bool) string {
	var b strings.Builder
	opts := PrintOptions{Generic: true, LocalScope: true, NoResources: true, DebugInfo: debugInfo, ElideElementsAttrsIfLarger: 16}
	p := &Printer{w: &b, opts: opts, resources: map[*ir.ResourceBlob]bool{}, defaultDialect: "builtin"}
	p.names = numberValues(numberingScope(op), true)
	p.PrintOp(op)
	p.flush()
	return b.String()
}

// numberingScope is the op whose numbering a local-scope print of op
// uses: the nearest isolated-from-above op enclosing op (or op itself),
// else the outermost one.
func numberingScope(op *ir.Operation) *ir.Operation {
	for {
		if op.HasTrait(ir.IsolatedFromAbove) {
			return op
		}
		parent := op.ParentOp()
		if parent == nil {
			return op
		}
		op = parent
	}
}
