package ir

import "fmt"

// Pattern is a match-and-rewrite pattern anchored on an op name, kept in
// ir as MLIR keeps PatternMatch in IR, so dialects can define patterns
// without depending on the drivers that apply them.
type Pattern interface {
	// Root is the op name the pattern matches, or "" for any op.
	Root() string
	// Benefit orders patterns: higher first.
	Benefit() int
	// Name identifies the pattern in debug output and failure reports.
	Name() string
	// MatchAndRewrite checks every precondition before touching the IR,
	// then rewrites through rw. It reports whether it changed anything.
	MatchAndRewrite(op *Operation, rw Rewriter) bool
}

// Rewriter is the only way patterns change IR, so that drivers and
// listeners see every change.
type Rewriter interface {
	Context() *Context
	// Builder positions: new ops go before the op being rewritten unless
	// the pattern moves the insertion point.
	SetInsertionPoint(op *Operation)
	SetInsertionPointAfter(op *Operation)
	Create(st OperationState) *Operation
	// ReplaceOp replaces op's results with vals and erases op.
	ReplaceOp(op *Operation, vals []*Value)
	// ReplaceAllUsesWith rewires uses of from to to.
	ReplaceAllUsesWith(from, to *Value)
	EraseOp(op *Operation)
	// ModifyInPlace runs fn, which changes op's operands or attributes.
	ModifyInPlace(op *Operation, fn func())
	// InlineRegionBefore moves region's blocks before block dest.
	InlineBlockBefore(src *Block, dest *Operation, args []*Value)
	// NotifyMatchFailure says why the pattern being applied declines op,
	// as MLIR's notifyMatchFailure, and returns false, so that a pattern
	// may end with `return rw.NotifyMatchFailure(op, "...")`. The reason
	// is format with args, formatted only when the driver's listener
	// wants reasons (see MatchFailureListener); with no args, format is
	// the reason as it is. Patterns call it at every early return. A
	// constant reason costs nothing; args cost their slice even when
	// nobody listens, so hot patterns (compiled rules) pass reasons built
	// in advance.
	NotifyMatchFailure(op *Operation, format string, args ...any) bool
}

// Listener observes rewrites (drivers re-queue ops; debugging prints).
type Listener interface {
	OpInserted(op *Operation)
	OpModified(op *Operation)
	OpReplaced(op *Operation, vals []*Value)
	OpErased(op *Operation)
}

// MatchFailure is a pattern's reason for declining an op.
type MatchFailure struct {
	// Pattern is the name of the pattern that declined.
	Pattern string
	// Reason says why, as the pattern gave it.
	Reason string
}

func (f MatchFailure) String() string { return f.Pattern + ": " + f.Reason }

// MatchFailureListener is implemented by listeners that want the reasons
// patterns give for declining ops. Drivers format a reason only when
// their listener is one, so reasons cost nothing otherwise.
type MatchFailureListener interface {
	MatchFailed(op *Operation, f MatchFailure)
}

// FormatReason is the reason NotifyMatchFailure's arguments give: format
// itself without args, else fmt.Sprintf(format, args...).
func FormatReason(format string, args []any) string {
	if len(args) == 0 {
		return format
	}
	return fmt.Sprintf(format, args...)
}

// MatchFailures collects the reasons patterns give for declining ops, in
// the order given. It is a Listener (ignoring changes) and a
// MatchFailureListener, for a driver's config.
type MatchFailures struct {
	Ops     []*Operation
	Reasons map[*Operation][]MatchFailure
}

// MatchFailed records f for op.
func (m *MatchFailures) MatchFailed(op *Operation, f MatchFailure) {
	if m.Reasons == nil {
		m.Reasons = map[*Operation][]MatchFailure{}
	}
	if _, seen := m.Reasons[op]; !seen {
		m.Ops = append(m.Ops, op)
	}
	m.Reasons[op] = append(m.Reasons[op], f)
}

func (m *MatchFailures) OpInserted(*Operation)           {}
func (m *MatchFailures) OpModified(*Operation)           {}
func (m *MatchFailures) OpReplaced(*Operation, []*Value) {}
func (m *MatchFailures) OpErased(*Operation)             {}

// FuncPattern adapts a function to Pattern.
type FuncPattern struct {
	PatternName string
	RootName    string
	PBenefit    int
	Fn          func(op *Operation, rw Rewriter) bool
}

func (p *FuncPattern) Root() string { return p.RootName }
func (p *FuncPattern) Benefit() int { return p.PBenefit }
func (p *FuncPattern) Name() string { return p.PatternName }
func (p *FuncPattern) MatchAndRewrite(op *Operation, rw Rewriter) bool {
	return p.Fn(op, rw)
}
