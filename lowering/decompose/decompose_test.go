package decompose

import (
	"errors"
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mlc-go/mlc/ir"
	"github.com/mlc-go/mlc/ir/asm"
	"github.com/mlc-go/mlc/rewrite/pass"
)

// denseLiteral writes vals (row-major) as a nested dense<...> literal.
func denseLiteral(shape []int, vals []float64) string {
	var b strings.Builder
	var rec func(dim, off int) int
	rec = func(dim, off int) int {
		if dim == len(shape) {
			fmt.Fprintf(&b, "%.9g", vals[off])
			return off + 1
		}
		b.WriteByte('[')
		for i := 0; i < shape[dim]; i++ {
			if i > 0 {
				b.WriteString(", ")
			}
			off = rec(dim+1, off)
		}
		b.WriteByte(']')
		return off
	}
	rec(0, 0)
	return "dense<" + b.String() + ">"
}

func randoms(rng *rand.Rand, n int, lo, hi float64) []float64 {
	out := make([]float64, n)
	for i := range out {
		out[i] = lo + (hi-lo)*rng.Float64()
	}
	return out
}

// bnConvSource is conv2d (constant weight and bias) followed by
// batch_norm with constant statistics; with twoUses the conv result is
// returned too, which keeps it from folding.
func bnConvSource(rng *rand.Rand, twoUses bool) string {
	w := denseLiteral([]int{4, 3, 3, 3}, randoms(rng, 108, -1, 1))
	bias := denseLiteral([]int{4}, randoms(rng, 4, -1, 1))
	mean := denseLiteral([]int{4}, randoms(rng, 4, -1, 1))
	variance := denseLiteral([]int{4}, randoms(rng, 4, 0.2, 2))
	gamma := denseLiteral([]int{4}, randoms(rng, 4, 0.5, 1.5))
	beta := denseLiteral([]int{4}, randoms(rng, 4, -1, 1))
	results, ret, retTypes := "tensor<1x4x5x5xf32>", "%y", "tensor<1x4x5x5xf32>"
	if twoUses {
		results, ret, retTypes = "(tensor<1x4x5x5xf32>, tensor<1x4x5x5xf32>)", "%y, %c", "tensor<1x4x5x5xf32>, tensor<1x4x5x5xf32>"
	}
	return fmt.Sprintf(`func.func @main(%%x: tensor<1x3x5x5xf32>) -> %s {
  %%w = torch.constant %s : tensor<4x3x3x3xf32> loc("conv.weight")
  %%b = torch.constant %s : tensor<4xf32>
  %%m = torch.constant %s : tensor<4xf32>
  %%v = torch.constant %s : tensor<4xf32>
  %%g = torch.constant %s : tensor<4xf32>
  %%be = torch.constant %s : tensor<4xf32>
  %%c = torch.aten.conv2d %%x, %%w, %%b {padding = array<i64: 1>} : (tensor<1x3x5x5xf32>, tensor<4x3x3x3xf32>, tensor<4xf32>) -> tensor<1x4x5x5xf32> loc("conv")
  %%y = torch.aten.batch_norm %%c, %%m, %%v, %%g, %%be {eps = 1.0e-03 : f64} : (tensor<1x4x5x5xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<1x4x5x5xf32> loc("bn")
  func.return %s : %s
}
`, results, w, bias, mean, variance, gamma, beta, ret, retTypes)
}

func TestBatchNormFoldsIntoConv(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	lowered := checkEquivalent(t, bnConvSource(rng, false), nil, rng)
	assert.Equal(t, 1, strings.Count(lowered, "core.conv2d"), lowered)
	for _, op := range []string{"core.mul", "core.add", "core.rsqrt"} {
		assert.NotContains(t, lowered, op, "the batch norm should fold into the convolution")
	}
	// The folded conv carries both locations.
	m := parseVerified(t, bnConvSource(rng, false))
	require.NoError(t, TorchToCore(m))
	var conv *ir.Operation
	ir.WalkPreOrder(m, func(o *ir.Operation) ir.WalkResult {
		if o.Name() == "core.conv2d" {
			conv = o
		}
		return ir.Advance
	})
	require.NotNil(t, conv)
	assert.Equal(t, `fused["conv", "bn"]`, conv.Loc.String())

	// A conv with another use stays, and the batch norm becomes scale/shift.
	lowered = checkEquivalent(t, bnConvSource(rng, true), nil, rng)
	assert.Equal(t, 1, strings.Count(lowered, "core.conv2d"), lowered)
	assert.Contains(t, lowered, "core.mul")
}

func TestQuantTypesSurviveDecomposition(t *testing.T) {
	const q = "!quant.uniform<i8:f32, 5.000000e-02:-3>"
	src := `func.func @main(%x: tensor<2x6x!quant.uniform<i8:f32, 5.000000e-02:-3>>) -> (tensor<3x4x!quant.uniform<i8:f32, 5.000000e-02:-3>>, tensor<2x6x!quant.uniform<i8:f32, 5.000000e-02:-3>>, tensor<6x2x!quant.uniform<i8:f32, 5.000000e-02:-3>>) {
  %d = quant.dcast %x : tensor<2x6x!quant.uniform<i8:f32, 5.000000e-02:-3>> to tensor<2x6xf32>
  %v = torch.aten.view %d {size = array<i64: 3, 4>} : tensor<2x6xf32> -> tensor<3x4xf32>
  %qv = quant.qcast %v : tensor<3x4xf32> to tensor<3x4x!quant.uniform<i8:f32, 5.000000e-02:-3>>
  %r = torch.aten.hardswish %d : tensor<2x6xf32>
  %qr = quant.qcast %r : tensor<2x6xf32> to tensor<2x6x!quant.uniform<i8:f32, 5.000000e-02:-3>>
  %p = torch.aten.permute %d {dims = array<i64: 1, 0>} : tensor<2x6xf32> -> tensor<6x2xf32>
  %qp = quant.qcast %p : tensor<6x2xf32> to tensor<6x2x!quant.uniform<i8:f32, 5.000000e-02:-3>>
  func.return %qv, %qr, %qp : tensor<3x4x!quant.uniform<i8:f32, 5.000000e-02:-3>>, tensor<2x6x!quant.uniform<i8:f32, 5.000000e-02:-3>>, tensor<6x2x!quant.uniform<i8:f32, 5.000000e-02:-3>>
}
`
	rng := rand.New(rand.NewSource(5))
	lowered := checkEquivalent(t, src, nil, rng)
	// Movement runs on the stored integers; hardswish keeps its dcast and qcast.
	assert.Contains(t, lowered, "core.reshape %arg0 : (tensor<2x6x"+q+">) -> tensor<3x4x"+q+">")
	assert.Contains(t, lowered, "core.transpose %arg0 {perm = array<i64: 1, 0>} : (tensor<2x6x"+q+">) -> tensor<6x2x"+q+">")
	assert.Equal(t, 1, strings.Count(lowered, "quant.dcast"), lowered)
	assert.Equal(t, 1, strings.Count(lowered, "quant.qcast"), lowered)
	assert.Contains(t, lowered, "quant.qcast %")
}

// A per-axis type, or wide storage, keeps the float detour.
func TestQuantMovementNeedsAnExactRoundTrip(t *testing.T) {
	src := `func.func @main(%x: tensor<4x!quant.uniform<i32:f32, 5.000000e-02>>) -> tensor<2x2x!quant.uniform<i32:f32, 5.000000e-02>> {
  %d = quant.dcast %x : tensor<4x!quant.uniform<i32:f32, 5.000000e-02>> to tensor<4xf32>
  %v = torch.aten.view %d {size = array<i64: 2, 2>} : tensor<4xf32> -> tensor<2x2xf32>
  %q = quant.qcast %v : tensor<2x2xf32> to tensor<2x2x!quant.uniform<i32:f32, 5.000000e-02>>
  func.return %q : tensor<2x2x!quant.uniform<i32:f32, 5.000000e-02>>
}
`
	m := parseVerified(t, src)
	require.NoError(t, TorchToCore(m))
	out := asm.String(m, asm.PrintOptions{})
	assert.Contains(t, out, "quant.dcast")
	assert.Contains(t, out, "core.reshape %0 : (tensor<4xf32>) -> tensor<2x2xf32>")
}

// Ops left only because an argument is dynamic give one error at that
// argument, naming the dim and the import flags that fix it.
func TestDynamicArgumentIsOneDiagnostic(t *testing.T) {
	src := `func.func @main(%x: tensor<?x3x?xf32> {mlc.name = "input", mlc.dim_params = ["batch", "", ""]}, %y: tensor<?xf32>) -> (tensor<?x3x?xf32>, tensor<?xf32>) {
  %0 = torch.aten.relu %x : tensor<?x3x?xf32>
  %1 = torch.aten.exp %0 : tensor<?x3x?xf32>
  %2 = torch.aten.exp %y : tensor<?xf32>
  func.return %1, %2 : tensor<?x3x?xf32>, tensor<?xf32>
}
`
	m := parseVerified(t, src)
	err := TorchToCore(m)
	var d *ir.Diagnostic
	require.True(t, errors.As(err, &d), "%v", err)
	assert.Equal(t, `"case.mlir":1:17`, d.Loc.String())
	assert.Equal(t, "input 'input' (argument #0) has dynamic dims 0 ('batch'), 2: core needs static shapes; "+
		"fix it at import with --dim batch=1 or --shape input=1x3x1; 3 torch ops could not be decomposed", d.Message)
	require.Len(t, d.Notes, 1)
	assert.Equal(t, "argument #1 has dynamic dim 0: core needs static shapes", d.Notes[0].Message)
}

func TestLeftoverOpsAreOneDiagnostic(t *testing.T) {
	src := `func.func @main(%x: tensor<?x3xf32>, %u: tensor<4xui8>, %i: tensor<4xi32>, %y: tensor<2x3xf32>) -> (tensor<?x3xf32>, tensor<?x3xf32>, tensor<4xui8>, tensor<4xi32>, tensor<2x3xf32>) {
  %0 = torch.aten.relu %x : tensor<?x3xf32> loc("a.py":1:1)
  %1 = torch.aten.exp %0 : tensor<?x3xf32> loc("a.py":2:1)
  %2 = torch.aten.relu %u : tensor<4xui8> loc("a.py":3:1)
  %3 = torch.aten.pow.Tensor_Tensor %i, %i : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32> loc("a.py":4:1)
  %4 = torch.aten.exp %y : tensor<2x3xf32> loc("a.py":5:1)
  func.return %0, %1, %2, %3, %4 : tensor<?x3xf32>, tensor<?x3xf32>, tensor<4xui8>, tensor<4xi32>, tensor<2x3xf32>
}
`
	m := parseVerified(t, src)
	err := TorchToCore(m)
	var d *ir.Diagnostic
	require.True(t, errors.As(err, &d), "%v", err)
	assert.Equal(t, `"a.py":1:1`, d.Loc.String())
	assert.Equal(t, "4 torch ops could not be decomposed into core: torch.aten.exp ×1, torch.aten.pow.Tensor_Tensor ×1, torch.aten.relu ×2", d.Message)
	require.Len(t, d.Notes, 5)
	// The dynamic argument leads the notes.
	assert.Equal(t, `"case.mlir":1:17`, d.Notes[0].Loc.String())
	assert.Equal(t, "argument #0 has dynamic dim 0: core needs static shapes", d.Notes[0].Message)
	d.Notes = d.Notes[1:]
	assert.Equal(t, `"a.py":1:1`, d.Notes[0].Loc.String())
	assert.Equal(t, "'torch.aten.relu' op left: operand #0 has type tensor<?x3xf32>; core needs static shapes", d.Notes[0].Message)
	assert.Equal(t, `"a.py":2:1`, d.Notes[1].Loc.String())
	assert.Contains(t, d.Notes[2].Message, "'torch.aten.relu' op left: rule lowering/decompose/decompose.rules:")
	assert.Contains(t, d.Notes[3].Message, "'torch.aten.pow.Tensor_Tensor' op left:")
	// The static exp decomposed before the failure was reported.
	assert.Contains(t, asm.String(m, asm.PrintOptions{}), "core.exp %arg3")
}

// Go decompositions explain themselves from their dry run: the reason is
// what stopped the op, not a generic one.
func TestGoPatternReasons(t *testing.T) {
	src := `func.func @main(%q: tensor<1x2x4xf32>, %k: tensor<1x3x4xf32>, %v: tensor<1x3x4xf32>, %x: tensor<2x3xui8>) -> (tensor<1x2x4xf32>, tensor<2x3xui8>) {
  %0 = torch.aten.scaled_dot_product_attention %q, %k, %v {dropout_p = 0.5 : f64} : (tensor<1x2x4xf32>, tensor<1x3x4xf32>, tensor<1x3x4xf32>) -> tensor<1x2x4xf32>
  %1 = torch.aten.add.Scalar %x {other = 1 : i64} : tensor<2x3xui8> -> tensor<2x3xui8>
  func.return %0, %1 : tensor<1x2x4xf32>, tensor<2x3xui8>
}
`
	m := parseVerified(t, src)
	err := TorchToCore(m)
	var d *ir.Diagnostic
	require.True(t, errors.As(err, &d), "%v", err)
	require.Len(t, d.Notes, 2)
	assert.Equal(t, "'torch.aten.scaled_dot_product_attention' op left: dropout_p = 0.5 is random; inference graphs carry 0", d.Notes[0].Message)
	assert.Contains(t, d.Notes[1].Message, "'torch.aten.add.Scalar' op left: 'core.add' op operand #0 must be statically shaped tensor of float (f16, bf16, f32, f64) or signless integer (i8, i16, i32, i64) values, but got 'tensor<2x3xui8>'")
}

func TestNewOpsKeepTheTorchLocation(t *testing.T) {
	src := `func.func @main(%x: tensor<2x3x4xf32>, %w: tensor<3x4xf32>) -> tensor<2x3x4xf32> {
  %0 = torch.aten.layer_norm %x, %w {normalized_shape = array<i64: 3, 4>} : (tensor<2x3x4xf32>, tensor<3x4xf32>) -> tensor<2x3x4xf32> loc("model.py":7:9)
  func.return %0 : tensor<2x3x4xf32>
}
`
	m := parseVerified(t, src)
	require.NoError(t, TorchToCore(m))
	pm, err := pass.ParsePipeline("builtin.module(func.func(core-decompose-composites))")
	require.NoError(t, err)
	require.NoError(t, pm.Run(m, nil)) // the pieces keep it too
	n := 0
	ir.WalkPreOrder(m, func(o *ir.Operation) ir.WalkResult {
		if o.Dialect() == "core" {
			n++
			assert.Equal(t, `"model.py":7:9`, o.Loc.String(), o.Name())
		}
		return ir.Advance
	})
	assert.Greater(t, n, 5)
}

func TestPipelineIsRegistered(t *testing.T) {
	pl := pass.LookupPipeline("torch-to-core")
	require.NotNil(t, pl)
	pm, err := pl.Expand()
	require.NoError(t, err)
	assert.Equal(t, "builtin.module(func.func(torch-fold-batch-norm,torch-decompose,canonicalize{max-iterations=10 max-num-rewrites=-1 test-convergence=false top-down=true},core-fuse-composites,cse))", pm.Text())
	assert.Error(t, TorchToCore(nil))
}

// The rules compile against the op tables, each rooted at a torch op.
func TestRulesRootAtTorchOps(t *testing.T) {
	require.NotEmpty(t, Rules)
	for _, r := range Rules {
		assert.True(t, strings.HasPrefix(r.Root(), "torch."), r.String())
	}
}
