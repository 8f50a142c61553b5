package quantize

import (
	"errors"
	"strings"
	"testing"

	"github.com/mlc-go/mlc/dialects/all"
	"github.com/mlc-go/mlc/dialects/quant"
	"github.com/mlc-go/mlc/ir"
	"github.com/mlc-go/mlc/ir/asm/asmtest"
	"github.com/mlc-go/mlc/rewrite/pass"
	_ "github.com/mlc-go/mlc/rewrite/transforms" // cse, canonicalize, dce
)

const qdqSrc = `
func.func @main(%x: tensor<4xf32>, %y: tensor<4xf32>) -> tensor<4xf32> {
  %xq = quant.qcast %x : tensor<4xf32> to tensor<4x!quant.uniform<i8:f32, 0.5>>
  %xd = quant.dcast %xq : tensor<4x!quant.uniform<i8:f32, 0.5>> to tensor<4xf32>
  %yq = quant.qcast %y : tensor<4xf32> to tensor<4x!quant.uniform<u8:f32, 0.25:128>>
  %yd = quant.dcast %yq : tensor<4x!quant.uniform<u8:f32, 0.25:128>> to tensor<4xf32>
  %s = core.add %xd, %yd : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %dead = core.relu %xd : tensor<4xf32>
  return %s : tensor<4xf32>
}
`

func firstOp(top *ir.Operation, name string) *ir.Operation {
	var found *ir.Operation
	ir.WalkPreOrder(top, func(op *ir.Operation) ir.WalkResult {
		if op.Name() == name {
			found = op
			return ir.Interrupt
		}
		return ir.Advance
	})
	return found
}

// replaceAdd swaps the core.add for a new op built by mk, at the same
// location, as a rewrite pattern would.
func replaceAdd(mk func(add *ir.Operation) []*ir.Value) func(*ir.Operation, pass.Options, *pass.Context) error {
	return func(top *ir.Operation, _ pass.Options, _ *pass.Context) error {
		add := firstOp(top, "core.add")
		b := ir.NewBuilder(add.Ctx())
		b.SetInsertionPoint(add)
		n := b.Create(ir.OperationState{Name: add.Name(), Operands: mk(add), ResultTypes: add.ResultTypes(), Loc: add.Loc})
		add.ReplaceAllUsesWith(n.Results())
		add.Erase()
		return nil
	}
}

var contractTestPasses = []*pass.Pass{
	{Name: "contract-test-clone-add", Run: replaceAdd(func(add *ir.Operation) []*ir.Value { return add.Operands() })},
	{Name: "contract-test-commute-add", Run: replaceAdd(func(add *ir.Operation) []*ir.Value {
		return []*ir.Value{add.Operand(1), add.Operand(0)}
	})},
	// Reads the quantized x twice and y not at all: the u8 read is lost.
	{Name: "contract-test-skew-add", Run: replaceAdd(func(add *ir.Operation) []*ir.Value {
		return []*ir.Value{add.Operand(0), add.Operand(0)}
	})},
	{Name: "contract-test-erase-dead", Run: func(top *ir.Operation, _ pass.Options, _ *pass.Context) error {
		firstOp(top, "core.relu").Erase()
		return nil
	}},
}

func init() {
	for _, p := range contractTestPasses {
		p.Changes = pass.NoEffects
		pass.Register(p)
	}
}

// runContracts runs passes on src under the contract check.
func runContracts(t *testing.T, src string, passes ...string) (*ir.Operation, error) {
	t.Helper()
	ctx := ir.NewContext()
	all.Register(ctx)
	module := asmtest.Parse(t, ctx, "t.mlir", src)
	pm := &pass.OpPassManager{OpName: "builtin.module"}
	if err := pass.ParsePassList(pm, strings.Join(passes, ",")); err != nil {
		t.Fatal(err)
	}
	pm.AddInstrumentation(NewContractChecker())
	return module, pm.Run(module, &pass.Config{VerifyEach: true})
}

func violations(t *testing.T, err error) []string {
	t.Helper()
	if err == nil {
		return nil
	}
	var ce *ContractError
	if !errors.As(err, &ce) {
		t.Fatalf("want a *ContractError, got %T: %v", err, err)
	}
	var out []string
	for _, d := range ce.Violations {
		out = append(out, d.Loc.String()+": "+d.Message)
	}
	return out
}

func TestContractsKeepEncodings(t *testing.T) {
	for _, passes := range [][]string{
		{"contract-test-clone-add"},   // replaced, same location, same reads
		{"contract-test-commute-add"}, // the same encodings in the other order
		{"contract-test-erase-dead"},  // a dead reader removed
		{"cse", "canonicalize", "dce"},
		{"contract-test-erase-dead", "test-quant-contract-break-declared", "cse"},
	} {
		if _, err := runContracts(t, qdqSrc, passes...); err != nil {
			t.Errorf("%v: %v", passes, err)
		}
	}
}

func TestContractsCatchBreaks(t *testing.T) {
	for _, c := range []struct {
		passes []string
		want   []string
	}{
		{[]string{"contract-test-skew-add"}, []string{
			`"t.mlir":7:8: 'core.add' op operand #1 (%1) changed its quantization encoding in pass 'contract-test-skew-add' (which does not declare quant-encodings): before: !quant.uniform<u8:f32, 2.500000e-01:128> through quant.dcast; after: !quant.uniform<i8:f32, 5.000000e-01> through quant.dcast`,
		}},
		{[]string{"cse", "test-quant-contract-break"}, []string{
			`"t.mlir":7:8: 'core.add' op operand #0 (%arg0) lost its quantization encoding in pass 'test-quant-contract-break' (which does not declare quant-encodings): before: !quant.uniform<i8:f32, 5.000000e-01> through quant.dcast; after: none (tensor<4xf32>)`,
			`"t.mlir":7:8: 'core.add' op operand #1 (%arg1) lost its quantization encoding in pass 'test-quant-contract-break' (which does not declare quant-encodings): before: !quant.uniform<u8:f32, 2.500000e-01:128> through quant.dcast; after: none (tensor<4xf32>)`,
			`"t.mlir":8:11: 'core.relu' op operand #0 (%arg0) lost its quantization encoding in pass 'test-quant-contract-break' (which does not declare quant-encodings): before: !quant.uniform<i8:f32, 5.000000e-01> through quant.dcast; after: none (tensor<4xf32>)`,
		}},
		// After a declared change, the new encodings are the contract.
		{[]string{"test-quant-contract-break-declared{break=rescale}", "test-quant-contract-break{break=rescale factor=3}"}, []string{
			`"t.mlir":3:9: 'quant.qcast' op result %0 changed its type in place in pass 'test-quant-contract-break' (which does not declare quant-encodings): before: tensor<4x!quant.uniform<i8:f32, 1.000000e+00>>; after: tensor<4x!quant.uniform<i8:f32, 3.000000e+00>>`,
			`"t.mlir":4:9: 'quant.dcast' op operand #0 (%0) changed its quantization encoding in pass 'test-quant-contract-break' (which does not declare quant-encodings): before: !quant.uniform<i8:f32, 1.000000e+00>; after: !quant.uniform<i8:f32, 3.000000e+00>`,
			`"t.mlir":7:8: 'core.add' op operand #0 (%1) changed its quantization encoding in pass 'test-quant-contract-break' (which does not declare quant-encodings): before: !quant.uniform<i8:f32, 1.000000e+00> through quant.dcast; after: !quant.uniform<i8:f32, 3.000000e+00> through quant.dcast`,
			`"t.mlir":8:11: 'core.relu' op operand #0 (%1) changed its quantization encoding in pass 'test-quant-contract-break' (which does not declare quant-encodings): before: !quant.uniform<i8:f32, 1.000000e+00> through quant.dcast; after: !quant.uniform<i8:f32, 3.000000e+00> through quant.dcast`,
		}},
	} {
		_, err := runContracts(t, qdqSrc, c.passes...)
		got := violations(t, err)
		if strings.Join(got, "\n") != strings.Join(c.want, "\n") {
			t.Errorf("%v:\ngot  %q\nwant %q", c.passes, got, c.want)
		}
	}
}

// A function argument retyped in place breaks the contract too.
func TestContractsCatchRetypedArgument(t *testing.T) {
	src := `
func.func @main(%q: tensor<4x!quant.uniform<i8:f32, 0.5>>) -> tensor<4xf32> {
  %d = quant.dcast %q : tensor<4x!quant.uniform<i8:f32, 0.5>> to tensor<4xf32>
  return %d : tensor<4xf32>
}
`
	retype := &pass.Pass{Name: "contract-test-retype-arg", Changes: pass.NoEffects, Run: func(top *ir.Operation, _ pass.Options, _ *pass.Context) error {
		fn := firstOp(top, "func.func")
		a := fn.Region(0).Block(0).Arg(0)
		a.SetType(firstOp(top, "quant.dcast").Result(0).Type())
		return nil
	}}
	pass.Register(retype)
	ctx := ir.NewContext()
	all.Register(ctx)
	module := asmtest.Parse(t, ctx, "t.mlir", src)
	pm := &pass.OpPassManager{OpName: "builtin.module"}
	if err := pm.AddPass(retype.Name, nil); err != nil {
		t.Fatal(err)
	}
	pm.AddInstrumentation(NewContractChecker())
	got := violations(t, pm.Run(module, &pass.Config{}))
	want := []string{
		`"t.mlir":2:17: argument %arg0 of 'func.func' op changed its type in place in pass 'contract-test-retype-arg' (which does not declare quant-encodings): before: tensor<4x!quant.uniform<i8:f32, 5.000000e-01>>; after: tensor<4xf32>`,
		`"t.mlir":3:8: 'quant.dcast' op operand #0 (%arg0) lost its quantization encoding in pass 'contract-test-retype-arg' (which does not declare quant-encodings): before: !quant.uniform<i8:f32, 5.000000e-01>; after: none (tensor<4xf32>)`,
		`"t.mlir":4:3: 'func.return' op operand #0 (%0) lost its quantization encoding in pass 'contract-test-retype-arg' (which does not declare quant-encodings): before: !quant.uniform<i8:f32, 5.000000e-01> through quant.dcast; after: none (tensor<4xf32>)`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got  %q\nwant %q", got, want)
	}
}

func TestSameEncoding(t *testing.T) {
	ctx := ir.NewContext()
	all.Register(ctx)
	m := asmtest.Parse(t, ctx, "t.mlir", `
func.func @f(%a: tensor<2x!quant.uniform<i8:f32, 0.5>>, %b: tensor<2x!quant.uniform<i8:f16, 0.5>>,
    %c: tensor<2x!quant.uniform<i8<-127:127>:f32, 0.5>>, %d: tensor<2x!quant.uniform<i8:f32, 0.5:1>>,
    %e: tensor<2x!quant.uniform<i8:f32:0, {0.5,0.5}>>, %f: tensor<2x!quant.uniform<u8:f32, 0.5>>) {
  return
}`)
	args := firstOp(m, "func.func").Region(0).Block(0).Args()
	enc := func(i int) string { return EncodingOf(args[i].Type()).String() }
	if !SameEncoding(EncodingOf(args[0].Type()), EncodingOf(args[1].Type())) {
		t.Errorf("%s and %s differ only in the expressed type", enc(0), enc(1))
	}
	for i := 2; i < len(args); i++ {
		if SameEncoding(EncodingOf(args[0].Type()), EncodingOf(args[i].Type())) {
			t.Errorf("%s and %s are different encodings", enc(0), enc(i))
		}
	}
}

// Moving a same-scale op across the dcast (reshape(dcast(q)) into
// dcast(reshape(q))) keeps every encoding read: the reshape's readers read
// it through the reshape before and through the dcast after.
func TestContractsLookThroughSameScaleOps(t *testing.T) {
	src := `
func.func @main(%x: tensor<2x2xf32>) -> tensor<4xf32> {
  %q = quant.qcast %x : tensor<2x2xf32> to tensor<2x2x!quant.uniform<i8:f32, 0.5>>
  %d = quant.dcast %q : tensor<2x2x!quant.uniform<i8:f32, 0.5>> to tensor<2x2xf32>
  %r = core.reshape %d : (tensor<2x2xf32>) -> tensor<4xf32>
  %n = core.neg %r : tensor<4xf32>
  return %n : tensor<4xf32>
}
`
	sink := func(scale float64) func(*ir.Operation, pass.Options, *pass.Context) error {
		return func(top *ir.Operation, _ pass.Options, _ *pass.Context) error {
			r := firstOp(top, "core.reshape")
			d := r.Operand(0).DefiningOp()
			q := d.Operand(0)
			qt := EncodingOf(q.Type()).(*quant.UniformType)
			ctx := top.Ctx()
			et, err := quant.NewUniform(ctx, qt.Storage, qt.StorageMin, qt.StorageMax, qt.Expressed, scale, qt.ZeroPoint)
			if err != nil {
				return err
			}
			b := ir.NewBuilder(ctx)
			b.SetInsertionPoint(r)
			nr := b.Create(ir.OperationState{Name: r.Name(), Operands: []*ir.Value{q}, Attrs: r.Attrs(),
				ResultTypes: []ir.Type{ctx.TensorType([]int64{4}, et, nil)}, Loc: r.Loc})
			nd := b.Create(ir.OperationState{Name: d.Name(), Operands: nr.Results(), ResultTypes: r.ResultTypes(), Loc: d.Loc})
			r.ReplaceAllUsesWith(nd.Results())
			r.Erase()
			d.Erase()
			return nil
		}
	}
	for _, c := range []struct {
		name  string
		scale float64
		want  string
	}{
		{"contract-test-sink-reshape", 0.5, ""},
		{"contract-test-sink-reshape-rescaled", 0.25, `"t.mlir":4:8: 'quant.dcast' op operand #0 (%1) changed its quantization encoding in pass 'contract-test-sink-reshape-rescaled' (which does not declare quant-encodings): before: !quant.uniform<i8:f32, 5.000000e-01>; after: !quant.uniform<i8:f32, 2.500000e-01>` + "\n" +
			`"t.mlir":6:8: 'core.neg' op operand #0 (%2) changed its quantization encoding in pass 'contract-test-sink-reshape-rescaled' (which does not declare quant-encodings): before: !quant.uniform<i8:f32, 5.000000e-01> through core.reshape, quant.dcast; after: !quant.uniform<i8:f32, 2.500000e-01> through quant.dcast`},
	} {
		pass.Register(&pass.Pass{Name: c.name, Changes: pass.NoEffects, Run: sink(c.scale)})
		ctx := ir.NewContext()
		all.Register(ctx)
		module := asmtest.Parse(t, ctx, "t.mlir", src)
		pm := &pass.OpPassManager{OpName: "builtin.module"}
		if err := pm.AddPass(c.name, nil); err != nil {
			t.Fatal(err)
		}
		pm.AddInstrumentation(NewContractChecker())
		got := violations(t, pm.Run(module, &pass.Config{}))
		if len(got) == 0 && firstOp(module, "quant.dcast").Operand(0).DefiningOp().Name() != "core.reshape" {
			t.Fatalf("%s did not move the reshape", c.name)
		}
		if strings.Join(got, "\n") != c.want {
			t.Errorf("%s:\ngot  %q\nwant %q", c.name, got, c.want)
		}
	}
}

// Passes on functions run in parallel; each check follows its own function.
func TestContractsParallelFunctions(t *testing.T) {
	fn := strings.Replace(qdqSrc, "@main", "@f0", 1)
	src := fn + strings.Replace(fn, "@f0", "@f1", 1) + strings.Replace(fn, "@f0", "@f2", 1)
	if _, err := runContracts(t, src, "func.func(cse,canonicalize,contract-test-commute-add)"); err != nil {
		t.Fatal(err)
	}
	_, err := runContracts(t, src, "func.func(cse,test-quant-contract-break-declared{break=rescale},cse,test-quant-contract-break)")
	got := violations(t, err)
	// f0's, the first function's, with the encoding the declared pass left.
	if len(got) != 3 || !strings.HasPrefix(got[0], `"t.mlir":7:8: 'core.add' op operand #0 (%arg0) lost its quantization encoding in pass 'test-quant-contract-break' (which does not declare quant-encodings): before: !quant.uniform<i8:f32, 1.000000e+00> through quant.dcast`) {
		t.Fatalf("got %q", got)
	}
}
