package ir

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// A reason without args is taken as it is (a '%' in it is no verb); with
// args it is formatted.
func TestFormatReason(t *testing.T) {
	assert.Equal(t, "100% of operands are constant", FormatReason("100% of operands are constant", nil))
	assert.Equal(t, "operand #2 is i8", FormatReason("operand #%d is %s", []any{2, "i8"}))
}

// MatchFailures keeps each op's reasons in order, and the ops in the
// order of their first reason.
func TestMatchFailuresCollects(t *testing.T) {
	c := NewContext()
	a := c.NewOperation(OperationState{Name: "x.a"})
	b := c.NewOperation(OperationState{Name: "x.b"})
	var m MatchFailures
	var l Listener = &m
	l.(MatchFailureListener).MatchFailed(b, MatchFailure{Pattern: "p", Reason: "one"})
	m.MatchFailed(a, MatchFailure{Pattern: "q", Reason: "two"})
	m.MatchFailed(b, MatchFailure{Pattern: "r", Reason: "three"})
	assert.Equal(t, []*Operation{b, a}, m.Ops)
	assert.Equal(t, []MatchFailure{{"p", "one"}, {"r", "three"}}, m.Reasons[b])
	assert.Equal(t, "q: two", m.Reasons[a][0].String())
}
