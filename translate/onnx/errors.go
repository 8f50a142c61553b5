package onnx

import (
	"errors"
	"fmt"
	"strings"

	"github.com/mlc-go/mlc/ir"
)

// The importer's errors are *ir.Diagnostic values (positioned, with
// notes). Those that report a limit of the importer rather than a broken
// model carry one of the typed errors below as their Err, so callers
// tell them apart with errors.As; the diagnostic's text is what users see.

// UnsupportedOpsError reports the op types of a model that have no
// converter at its opset, all at once.
type UnsupportedOpsError struct {
	Opset int64
	Ops   []UnsupportedOp // sorted by OpType
}

// UnsupportedOp is one op type of an UnsupportedOpsError.
type UnsupportedOp struct {
	OpType    string // with its domain when not the default one
	Count     int    // nodes of this type
	FirstNode string // the first of them, as "node 'name' (Op)" or "node #i (Op)"
	Subgraph  bool   // the first node has graph attributes (If, Loop, Scan, …)
}

func (e *UnsupportedOpsError) Error() string {
	names := make([]string, len(e.Ops))
	for i, o := range e.Ops {
		names[i] = o.OpType
	}
	return fmt.Sprintf("%d ONNX op type%s not supported at opset %d: %s", len(names), pluralS(len(names), " is", "s are"), e.Opset, strings.Join(names, ", "))
}

// NeedsConstantError reports a value the importer needs at import time
// (a shape, an axis list, a clip bound, …) that the model computes at run
// time. Binding that input to a constant makes the model importable.
type NeedsConstantError struct {
	Node  string // "node 'name' (Op)" or "node #i (Op)"
	Input string // the input's role ("shape", "min"); "" for all of the node's inputs
}

func (e *NeedsConstantError) Error() string {
	if e.Input == "" {
		return e.Node + ": all inputs must be known at import time"
	}
	return fmt.Sprintf("%s: input '%s' must be known at import time", e.Node, e.Input)
}

// UnsupportedError reports a feature of a model the importer cannot
// express: an attribute or attribute value, an element type, an optional
// output, an opset, a rank.
type UnsupportedError struct {
	Node    string // the node, as NeedsConstantError.Node; "" when not at a node
	Feature string // what is not supported, as the diagnostic says
}

func (e *UnsupportedError) Error() string {
	if e.Node == "" {
		return e.Feature
	}
	return e.Node + ": " + e.Feature
}

// IsUnsupported reports whether err says the importer cannot express
// the model (any of the typed errors above), as opposed to a model that
// is invalid or an importer bug.
func IsUnsupported(err error) bool {
	var (
		ops *UnsupportedOpsError
		nc  *NeedsConstantError
		u   *UnsupportedError
	)
	return errors.As(err, &ops) || errors.As(err, &nc) || errors.As(err, &u)
}

// limit is an error that marks a plain error from a helper (types.go,
// tensor data) as an UnsupportedError, for typed to carry over to the
// diagnostic that reports it.
func limit(err error) error {
	if err == nil {
		return nil
	}
	return &UnsupportedError{Feature: err.Error()}
}

// typed sets d.Err to the typed error in err's chain, if any, so that
// wrapping a helper's error in a diagnostic keeps its class.
func typed(d *ir.Diagnostic, err error) *ir.Diagnostic {
	var (
		nc *NeedsConstantError
		u  *UnsupportedError
	)
	switch {
	case errors.As(err, &nc):
		d.Err = nc
	case errors.As(err, &u):
		d.Err = u
	}
	return d
}

// unsupportedf is a diagnostic at the node for a feature the importer
// cannot express.
func (c *nodeCtx) unsupportedf(format string, args ...any) error {
	feature := fmt.Sprintf(format, args...)
	d := c.diag("%s", feature)
	d.Err = &UnsupportedError{Node: nodeDesc(c.node, c.index), Feature: feature}
	return d
}

// needsConstant is a diagnostic at the node for input (its role; "" for
// all inputs) being a run-time value where the importer needs a constant.
func (c *nodeCtx) needsConstant(input, format string, args ...any) error {
	d := c.diag(format, args...)
	d.Err = &NeedsConstantError{Node: nodeDesc(c.node, c.index), Input: input}
	return d
}

// unsupportedAt is a diagnostic at a byte offset of the model for a
// feature the importer cannot express.
func (im *importer) unsupportedAt(offset int, format string, args ...any) *ir.Diagnostic {
	d := ir.Errorf(im.at(offset), format, args...)
	d.Err = &UnsupportedError{Feature: d.Message}
	return d
}
