package main

import "strings"

// errDiag is LLVM's ErrorDiagnostic: a message anchored in a buffer.
type errDiag struct {
	l     loc
	msg   string
	rng   span
	hasRg bool
}

func (e *errDiag) Error() string { return e.msg }

func (e *errDiag) format(color bool) string {
	if e.hasRg {
		return formatDiagColor(e.l, dkError, e.msg, color, e.rng)
	}
	return formatDiagColor(e.l, dkError, e.msg, color)
}

// newErrDiag anchors msg at the start of s. LLVM 19's ErrorDiagnostic keeps
// only the location (no range), so no '~' marks are printed.
func newErrDiag(s span, msg string) error {
	return &errDiag{l: s.start(), msg: msg, rng: span{s.b, s.lo, s.lo}}
}

func newErrDiagAt(l loc, msg string) error { return &errDiag{l: l, msg: msg} }

func errDiagNoLoc(msg string) error { return &errDiag{msg: msg} }

// undefVarError is UndefVarError.
type undefVarError struct{ name span }

func (e *undefVarError) Error() string { return "undefined variable: " + e.name.str() }

type overflowError struct{}

func (overflowError) Error() string { return "overflow error" }

var errOverflow error = overflowError{}

// multiError joins errors like llvm::joinErrors.
type multiError []error

func (m multiError) Error() string {
	var parts []string
	for _, e := range m {
		parts = append(parts, e.Error())
	}
	return strings.Join(parts, "\n")
}

func joinErrors(errs ...error) error {
	var out multiError
	for _, e := range errs {
		switch t := e.(type) {
		case nil:
		case multiError:
			out = append(out, t...)
		default:
			out = append(out, e)
		}
	}
	switch len(out) {
	case 0:
		return nil
	case 1:
		return out[0]
	}
	return out
}

// eachError visits the leaves of a (possibly joined) error.
func eachError(err error, f func(error)) {
	if err == nil {
		return
	}
	if m, ok := err.(multiError); ok {
		for _, e := range m {
			eachError(e, f)
		}
		return
	}
	f(err)
}

// logErrors prints errors the way logAllUnhandledErrors does: each
// diagnostic followed by an extra newline.
func logErrors(d *diagSink, err error) {
	eachError(err, func(e error) {
		if ed, ok := e.(*errDiag); ok {
			d.raw(ed.format(d.color))
		} else {
			d.raw(e.Error())
		}
		d.raw("\n")
	})
}
