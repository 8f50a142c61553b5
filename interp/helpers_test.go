package interp

import (
	"fmt"
	"strings"
	"testing"

	"github.com/mlc-go/mlc/dialects/all"
	"github.com/mlc-go/mlc/internal/tensor"
	"github.com/mlc-go/mlc/ir"
	"github.com/mlc-go/mlc/ir/asm"
)

// parseModule parses and verifies src with every dialect registered.
func parseModule(t testing.TB, src string) *ir.Operation {
	t.Helper()
	ctx := all.NewContext()
	m, err := asm.Parse(ctx, "test.mlir", []byte(src), 1)
	if err != nil {
		t.Fatalf("parse: %v\n%s", err, src)
	}
	if err := ir.Verify(m); err != nil {
		t.Fatalf("verify: %v\n%s", err, src)
	}
	return m
}

// mainOf parses src and returns its @main and @main's body.
func mainOf(t testing.TB, src string) (*ir.Operation, *ir.Block) {
	t.Helper()
	fn, err := LookupFunc(parseModule(t, src), "main")
	if err != nil {
		t.Fatal(err)
	}
	body, err := funcBody(fn)
	if err != nil {
		t.Fatal(err)
	}
	return fn, body
}

// runSrc runs @main of src.
func runSrc(t testing.TB, src string, in ...*tensor.Tensor) ([]*tensor.Tensor, error) {
	t.Helper()
	return RunModule(parseModule(t, src), "main", in)
}

// elemName is the MLIR element type of a dtype.
func elemName(dt tensor.DType) string {
	switch dt {
	case tensor.Bool:
		return "i1"
	case tensor.U8:
		return "ui8"
	case tensor.U16:
		return "ui16"
	}
	return dt.String()
}

// typeOf is the tensor type of t ("tensor<2x3xf32>").
func typeOf(t *tensor.Tensor) string {
	var b strings.Builder
	b.WriteString("tensor<")
	for _, d := range t.Shape() {
		fmt.Fprintf(&b, "%dx", d)
	}
	b.WriteString(elemName(t.DType()) + ">")
	return b.String()
}

// opSrc wraps one op (operands %a0, %a1, …; written in generic or custom
// form, types after its last " : ") into @main. The argument types are the
// op's operand types as written, so quantized operands get their type.
func opSrc(op string, in ...*tensor.Tensor) string {
	if i := strings.Index(op, " loc("); i >= 0 {
		op = op[:i]
	}
	tail := op[strings.LastIndex(op, " : ")+3:]
	var operands []string
	res := strings.TrimSpace(tail)
	if i := strings.LastIndex(tail, "->"); i >= 0 {
		res = strings.TrimSpace(tail[i+2:])
		list := strings.TrimSpace(tail[:i])
		list = strings.TrimSuffix(strings.TrimPrefix(list, "("), ")")
		operands = splitTop(list)
	} else if i := strings.LastIndex(tail, " to "); i >= 0 {
		res = strings.TrimSpace(tail[i+4:])
		operands = []string{strings.TrimSpace(tail[:i])}
	} else {
		for range in {
			operands = append(operands, res)
		}
	}
	var args []string
	for i, x := range in {
		typ := typeOf(x)
		if len(operands) == len(in) {
			typ = operands[i]
		}
		args = append(args, fmt.Sprintf("%%a%d: %s", i, typ))
	}
	return fmt.Sprintf("func.func @main(%s) -> %s {\n  %%r = %s\n  return %%r : %s\n}\n", strings.Join(args, ", "), res, op, res)
}

// splitTop splits a type list at commas outside brackets.
func splitTop(s string) []string {
	var out []string
	depth, start := 0, 0
	for i, r := range s {
		switch r {
		case '<', '(', '{', '[':
			depth++
		case '>', ')', '}', ']':
			depth--
		case ',':
			if depth == 0 {
				out = append(out, strings.TrimSpace(s[start:i]))
				start = i + 1
			}
		}
	}
	if strings.TrimSpace(s) != "" {
		out = append(out, strings.TrimSpace(s[start:]))
	}
	return out
}

// runOp runs one op on inputs and returns its result.
func runOp(t testing.TB, op string, in ...*tensor.Tensor) *tensor.Tensor {
	t.Helper()
	out, err := runSrc(t, opSrc(op, in...), in...)
	if err != nil {
		t.Fatalf("%s: %v", op, err)
	}
	return out[0]
}

// opErr runs one op and returns its error (failing when there is none).
func opErr(t testing.TB, op string, in ...*tensor.Tensor) *ir.Diagnostic {
	t.Helper()
	_, err := runSrc(t, opSrc(op, in...), in...)
	if err == nil {
		t.Fatalf("%s: expected an error", op)
	}
	d, ok := err.(*ir.Diagnostic)
	if !ok {
		t.Fatalf("%s: error %v is not a diagnostic", op, err)
	}
	return d
}

func f32(shape []int64, v ...float64) *tensor.Tensor {
	return tensor.MustValues(tensor.F32, shape, v...)
}
func i64(shape []int64, v ...float64) *tensor.Tensor {
	return tensor.MustValues(tensor.I64, shape, v...)
}
func i32(shape []int64, v ...float64) *tensor.Tensor {
	return tensor.MustValues(tensor.I32, shape, v...)
}
func i8(shape []int64, v ...float64) *tensor.Tensor { return tensor.MustValues(tensor.I8, shape, v...) }
func u8(shape []int64, v ...float64) *tensor.Tensor { return tensor.MustValues(tensor.U8, shape, v...) }
func bools(shape []int64, v ...bool) *tensor.Tensor {
	return tensor.MustFromSlice(tensor.Bool, shape, v)
}
func sh(d ...int64) []int64 { return d }

// expectEqual fails unless got has want's dtype, shape and elements.
func expectEqual(t testing.TB, what string, got, want *tensor.Tensor) {
	t.Helper()
	if !tensor.Equal(got, want) {
		t.Errorf("%s:\n got %v\nwant %v", what, got, want)
	}
}

// expectClose compares float results with a relative tolerance.
func expectClose(t testing.TB, what string, got, want *tensor.Tensor, tol float64) {
	t.Helper()
	if got.DType() != want.DType() || !tensor.AllClose(got, want, tol, tol) {
		t.Errorf("%s:\n got %v\nwant %v", what, got, want)
	}
}
