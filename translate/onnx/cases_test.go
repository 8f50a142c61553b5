package onnx

import (
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/mlc-go/mlc/dialects/all"
	"github.com/mlc-go/mlc/internal/tensor"
	"github.com/mlc-go/mlc/interp"
	"github.com/mlc-go/mlc/ir"
	"github.com/mlc-go/mlc/ir/asm"
	"github.com/mlc-go/mlc/lowering/decompose"
)

// caseTensor is a tensor of testdata/cases.json.
type caseTensor struct {
	DType string    `json:"dtype"`
	Shape []int64   `json:"shape"`
	Data  []float64 `json:"data"`
}

type caseSpec struct {
	Inputs  map[string]caseTensor `json:"inputs"`
	Outputs map[string]caseTensor `json:"outputs"`
	Atol    float64               `json:"atol"`
}

var caseDTypes = map[string]tensor.DType{"f32": tensor.F32, "i64": tensor.I64, "i32": tensor.I32, "bool": tensor.Bool, "u8": tensor.U8, "i8": tensor.I8}

func (c caseTensor) tensor(t *testing.T) *tensor.Tensor {
	t.Helper()
	dt, ok := caseDTypes[c.DType]
	if !ok {
		t.Fatalf("unknown dtype %q", c.DType)
	}
	x, err := tensor.FromValues(dt, c.Shape, c.Data...)
	if err != nil {
		t.Fatal(err)
	}
	return x
}

func loadCases(t testing.TB) map[string]caseSpec {
	data, err := os.ReadFile("testdata/cases.json")
	if err != nil {
		t.Fatal(err)
	}
	var cases map[string]caseSpec
	if err := json.Unmarshal(data, &cases); err != nil {
		t.Fatal(err)
	}
	return cases
}

// TestCases imports every model made by testdata/gen.py, prints it,
// parses the text back, runs it with the reference interpreter and
// compares with the outputs numpy or torch computed.
func TestCases(t *testing.T) {
	cases := loadCases(t)
	names := make([]string, 0, len(cases))
	for n := range cases {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, name := range names {
		spec := cases[name]
		t.Run(name, func(t *testing.T) {
			ctx := ir.NewContext()
			all.Register(ctx)
			path := filepath.Join("testdata", "ops", name+".onnx")
			module, err := ImportFile(ctx, path, Options{})
			if err != nil {
				t.Fatalf("import: %v", (*ir.SourceMgr)(nil).Format(err.(*ir.Diagnostic)))
			}
			text := printWithResources(t, module)
			ctx2 := ir.NewContext()
			all.Register(ctx2)
			reparsed, err := asm.Parse(ctx2, name+".mlir", []byte(text), 1)
			if err != nil {
				t.Fatalf("re-parse: %v\n%s", err, text)
			}
			if err := ir.Verify(reparsed); err != nil {
				t.Fatalf("re-parsed module does not verify: %v", err)
			}
			if again := printWithResources(t, reparsed); again != text {
				t.Fatalf("round trip changed the text:\n%s\n---\n%s", text, again)
			}
			fn, err := interp.LookupFunc(reparsed, "main")
			if err != nil {
				t.Fatal(err)
			}
			named := map[string]*tensor.Tensor{}
			for k, v := range spec.Inputs {
				named[k] = v.tensor(t)
			}
			inputs, err := interp.BindInputs(fn, named)
			if err != nil {
				t.Fatal(err)
			}
			outs, err := interp.Run(fn, inputs)
			if err != nil {
				t.Fatalf("run: %v\n%s", err, text)
			}
			for i, rn := range interp.ResultNames(fn) {
				want, ok := spec.Outputs[rn]
				if !ok {
					t.Fatalf("unexpected result %q", rn)
				}
				compare(t, rn, outs[i], want, spec.Atol)
			}
			// The same after lowering to core, as the conformance runner
			// does: a decomposition gap or error shows here per op.
			if err := decompose.TorchToCore(reparsed); err != nil {
				t.Fatalf("torch-to-core: %v", err)
			}
			if outs, err = interp.Run(fn, inputs); err != nil {
				t.Fatalf("run after torch-to-core: %v", err)
			}
			for i, rn := range interp.ResultNames(fn) {
				compare(t, rn+" (core)", outs[i], spec.Outputs[rn], spec.Atol)
			}
		})
	}
}

func printWithResources(t *testing.T, module *ir.Operation) string {
	t.Helper()
	var b strings.Builder
	if err := asm.Print(&b, module, asm.PrintOptions{}); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

func compare(t *testing.T, name string, got *tensor.Tensor, want caseTensor, atol float64) {
	t.Helper()
	if got.DType() != caseDTypes[want.DType] {
		t.Fatalf("%s: dtype %s, want %s", name, got.DType(), want.DType)
	}
	if !tensor.ShapeEqual(got.Shape(), want.Shape) {
		t.Fatalf("%s: shape %v, want %v", name, got.Shape(), want.Shape)
	}
	vals := got.Values()
	worst, at := 0.0, -1
	for i, w := range want.Data {
		d := math.Abs(vals[i] - w)
		tol := atol + 1e-5*math.Abs(w)
		if math.IsNaN(d) || d > tol && d > worst {
			worst, at = d, i
		}
	}
	if at >= 0 {
		t.Fatalf("%s: element %d is %v, want %v (|diff| %g > atol %g)", name, at, vals[at], want.Data[at], worst, atol)
	}
}
