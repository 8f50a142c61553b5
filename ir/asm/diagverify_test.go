package asm

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mlc-go/mlc/ir"
)

func TestSplitInputKeepsLineNumbers(t *testing.T) {
	src := []byte("a\n// -----\nb\nc\n// ----- trailing text\n\nd")
	chunks := SplitInput(src)
	require.Len(t, chunks, 3)
	assert.Equal(t, "a\n", string(chunks[0].Text))
	assert.Equal(t, 1, chunks[0].FirstLine)
	assert.Equal(t, "b\nc\n", string(chunks[1].Text))
	assert.Equal(t, 3, chunks[1].FirstLine)
	assert.Equal(t, "\nd", string(chunks[2].Text))
	assert.Equal(t, 6, chunks[2].FirstLine)
}

func diagAt(sev ir.Severity, line int, msg string) *ir.Diagnostic {
	return &ir.Diagnostic{Severity: sev, Loc: ir.FileLineColLoc{File: "f.mlir", Line: line, Col: 1}, Message: msg}
}

func TestDiagVerifierOffsets(t *testing.T) {
	src := `// expected-error @+2 {{two below}}
// expected-warning @below {{next code line}}
"x.a"() : () -> ()
"x.b"() : () -> () // expected-remark {{same line}}
// expected-note @above {{previous code line}}
// expected-error @-5 {{first line}}
// expected-error-re @+1 {{value {{[0-9]+}} bad}}
"x.c"() : () -> ()`
	v := NewDiagVerifier("f.mlir", Chunk{Text: []byte(src), FirstLine: 10})
	v.Handle(diagAt(ir.SeverityError, 12, "it is two below"))
	v.Handle(diagAt(ir.SeverityWarning, 12, "next code line"))
	v.Handle(diagAt(ir.SeverityRemark, 13, "on the same line"))
	v.Handle(diagAt(ir.SeverityNote, 13, "previous code line"))
	v.Handle(diagAt(ir.SeverityError, 10, "first line"))
	v.Handle(diagAt(ir.SeverityError, 17, "value 42 bad"))
	assert.Empty(t, v.Finish())
}

func TestDiagVerifierReportsMissingAndUnexpected(t *testing.T) {
	src := "// expected-error @+1 {{wanted}}\n\"x.a\"() : () -> ()\n"
	v := NewDiagVerifier("f.mlir", Chunk{Text: []byte(src), FirstLine: 1})
	v.Handle(diagAt(ir.SeverityError, 2, "something else"))
	v.Handle(diagAt(ir.SeverityWarning, 2, "wanted")) // wrong severity
	problems := v.Finish()
	require.Len(t, problems, 3)
	var msgs []string
	for _, p := range problems {
		msgs = append(msgs, p.Message)
	}
	assert.Contains(t, msgs, `expected error "wanted" was not produced`)
	assert.Contains(t, msgs, "unexpected error: something else")
	assert.Contains(t, msgs, "unexpected warning: wanted")
}

func TestDiagVerifierMalformedExpectation(t *testing.T) {
	v := NewDiagVerifier("f.mlir", Chunk{Text: []byte("// expected-error @+x {{m}}\n// expected-error {{no end\n"), FirstLine: 1})
	problems := v.Finish()
	require.Len(t, problems, 2)
	assert.Contains(t, problems[0].Message, "expected valid line offset")
	assert.Contains(t, problems[1].Message, "no end '}}'")
}
