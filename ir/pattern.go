package ir

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
}

// Listener observes rewrites (drivers re-queue ops; debugging prints).
type Listener interface {
	OpInserted(op *Operation)
	OpModified(op *Operation)
	OpReplaced(op *Operation, vals []*Value)
	OpErased(op *Operation)
}

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
