package conversion

import "github.com/mlc-go/mlc/ir"

// Action is what a Target says about an op, as MLIR's LegalizationAction.
type Action uint8

const (
	// Unknown: the target says nothing. A partial conversion may leave
	// the op; a full conversion must convert it to something legal.
	Unknown Action = iota
	// Legal: the op may stay as it is.
	Legal
	// Dynamic: a predicate decides per op; false means illegal.
	Dynamic
	// Illegal: the op must be converted, in every mode.
	Illegal
)

func (a Action) String() string {
	return [...]string{"unknown", "legal", "dynamically legal", "illegal"}[a]
}

type rule struct {
	action    Action
	pred      func(*ir.Operation) bool // Dynamic only
	recursive bool                     // legal ops whose nested ops are legal too
}

// Target says which ops may remain after a conversion: legal, illegal and
// dynamically legal ops and dialects; ops it does not mention are unknown.
// A rule for an op name wins over its dialect's. Build a Target once and
// share it: reading it is safe from several goroutines.
type Target struct {
	ops      map[string]rule
	dialects map[string]rule
	unknown  func(*ir.Operation) bool
}

// NewTarget returns a target that knows no op.
func NewTarget() *Target {
	return &Target{ops: map[string]rule{}, dialects: map[string]rule{}}
}

// AddLegalOp marks ops legal.
func (t *Target) AddLegalOp(names ...string) *Target {
	for _, n := range names {
		t.ops[n] = rule{action: Legal}
	}
	return t
}

// AddIllegalOp marks ops illegal: every conversion must replace them.
func (t *Target) AddIllegalOp(names ...string) *Target {
	for _, n := range names {
		t.ops[n] = rule{action: Illegal}
	}
	return t
}

// AddDynamicallyLegalOp makes legal(op) decide for ops of these names;
// an op for which it returns false is illegal.
func (t *Target) AddDynamicallyLegalOp(legal func(*ir.Operation) bool, names ...string) *Target {
	for _, n := range names {
		t.ops[n] = rule{action: Dynamic, pred: legal}
	}
	return t
}

// MarkOpRecursivelyLegal marks ops legal together with every op nested in
// their regions, which the conversion then does not visit.
func (t *Target) MarkOpRecursivelyLegal(names ...string) *Target {
	for _, n := range names {
		t.ops[n] = rule{action: Legal, recursive: true}
	}
	return t
}

// AddLegalDialect marks every op of the dialects legal.
func (t *Target) AddLegalDialect(names ...string) *Target {
	for _, n := range names {
		t.dialects[n] = rule{action: Legal}
	}
	return t
}

// AddIllegalDialect marks every op of the dialects illegal.
func (t *Target) AddIllegalDialect(names ...string) *Target {
	for _, n := range names {
		t.dialects[n] = rule{action: Illegal}
	}
	return t
}

// AddDynamicallyLegalDialect makes legal(op) decide for the dialects' ops.
func (t *Target) AddDynamicallyLegalDialect(legal func(*ir.Operation) bool, names ...string) *Target {
	for _, n := range names {
		t.dialects[n] = rule{action: Dynamic, pred: legal}
	}
	return t
}

// MarkUnknownOpDynamicallyLegal makes legal(op) decide for ops that no
// op or dialect rule covers.
func (t *Target) MarkUnknownOpDynamicallyLegal(legal func(*ir.Operation) bool) *Target {
	t.unknown = legal
	return t
}

func (t *Target) ruleOf(op *ir.Operation) (rule, bool) {
	if r, ok := t.ops[op.Name()]; ok {
		return r, true
	}
	if r, ok := t.dialects[op.Dialect()]; ok {
		return r, true
	}
	if t.unknown != nil {
		return rule{action: Dynamic, pred: t.unknown}, true
	}
	return rule{}, false
}

// Action is the rule that applies to op (Unknown when none does).
func (t *Target) Action(op *ir.Operation) Action {
	r, _ := t.ruleOf(op)
	return r.action
}

// IsLegal reports whether op may stay: it is legal, or dynamically legal
// and its predicate accepts it.
func (t *Target) IsLegal(op *ir.Operation) bool {
	r, ok := t.ruleOf(op)
	if !ok {
		return false
	}
	switch r.action {
	case Legal:
		return true
	case Dynamic:
		return r.pred == nil || r.pred(op)
	}
	return false
}

// IsIllegal reports whether op must be converted: it is illegal, or
// dynamically legal and its predicate rejects it (MLIR counts both as
// "explicitly marked illegal").
func (t *Target) IsIllegal(op *ir.Operation) bool {
	r, ok := t.ruleOf(op)
	if !ok {
		return false
	}
	switch r.action {
	case Illegal:
		return true
	case Dynamic:
		return r.pred != nil && !r.pred(op)
	}
	return false
}

// isRecursivelyLegal reports whether op is legal and its nested ops need
// no visit.
func (t *Target) isRecursivelyLegal(op *ir.Operation) bool {
	r, ok := t.ruleOf(op)
	return ok && r.recursive && r.action == Legal
}
