package pass

import (
	"fmt"
	"slices"
)

// walkPasses calls f on every pass instance in pipeline order, nested
// managers in place. That is the order in which the passes reach any one
// op, which is what an ordering constraint is about.
func (pm *OpPassManager) walkPasses(f func(*Instance)) {
	for _, e := range pm.Entries {
		if e.Pass != nil {
			f(e.Pass)
		} else {
			e.Nested.walkPasses(f)
		}
	}
}

// OrderError is a pipeline that breaks a pass's After or Before
// declaration: At is the pass whose declaration is broken, Other the pass
// on the wrong side of it.
type OrderError struct {
	At, Other *Instance
	// MustRunAfter: At declares After Other (else Before).
	MustRunAfter bool
}

func (e *OrderError) Error() string {
	if e.MustRunAfter {
		return fmt.Sprintf("pass '%s' must run after '%s', which comes later in the pipeline", e.At.Pass.Name, e.Other.Pass.Name)
	}
	return fmt.Sprintf("pass '%s' must run before '%s', which comes earlier in the pipeline", e.At.Pass.Name, e.Other.Pass.Name)
}

// CheckOrder checks the pipeline against every pass's After and Before
// declarations. Parsing a pipeline does this; a pipeline built with
// AddPass is checked when it runs.
func (pm *OpPassManager) CheckOrder() error { return pm.checkOrder() }

func (pm *OpPassManager) checkOrder() error {
	var seq []*Instance
	pm.walkPasses(func(in *Instance) { seq = append(seq, in) })
	for j, b := range seq {
		for _, a := range seq[:j] {
			// a runs before b.
			if slices.Contains(a.Pass.After, b.Pass.Name) {
				return &OrderError{At: a, Other: b, MustRunAfter: true}
			}
			if slices.Contains(b.Pass.Before, a.Pass.Name) {
				return &OrderError{At: b, Other: a}
			}
		}
	}
	return nil
}
