package partition

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/mlc-go/mlc/dialects/all"
	"github.com/mlc-go/mlc/internal/tensor"
	"github.com/mlc-go/mlc/interp"
	"github.com/mlc-go/mlc/ir"
	"github.com/mlc-go/mlc/ir/asm"
	"github.com/mlc-go/mlc/lowering/cost"
	"github.com/mlc-go/mlc/lowering/quantize"
	"github.com/mlc-go/mlc/lowering/target"
)

// A residual network with a comparison and a select (the logic class, which
// no target runs) in the middle: quantized for trt-orin with fallback.
const residual = `
func.func @main(%x: tensor<1x2x4x4xf32> {mlc.calib = array<f64: -1.0, 3.0>}) -> (tensor<1x2x4x4xf32>, tensor<1x2x4x4xf32>) {
  %w = core.constant dense<[[[[0.5]], [[-1.0]]], [[[0.25]], [[2.0]]]]> : tensor<2x2x1x1xf32>
  %b = core.constant dense<[0.1, -0.2]> : tensor<2xf32>
  %c = core.conv2d %x, %w, %b {mlc.calib = [array<f64: -4.0, 6.0>]} : (tensor<1x2x4x4xf32>, tensor<2x2x1x1xf32>, tensor<2xf32>) -> tensor<1x2x4x4xf32>
  %r = core.relu %c {mlc.calib = [array<f64: 0.0, 6.0>]} : tensor<1x2x4x4xf32>
  %c2 = core.conv2d %r, %w, %b {mlc.calib = [array<f64: -4.0, 6.0>]} : (tensor<1x2x4x4xf32>, tensor<2x2x1x1xf32>, tensor<2xf32>) -> tensor<1x2x4x4xf32>
  %a = core.add %c2, %c {mlc.calib = [array<f64: -8.0, 12.0>]} : (tensor<1x2x4x4xf32>, tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
  %z = core.constant dense<0.0> : tensor<1x2x4x4xf32>
  %m = core.cmp "gt", %a, %z : (tensor<1x2x4x4xf32>, tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xi1>
  %s = core.select %m, %a, %r {mlc.calib = [array<f64: -8.0, 12.0>]} : (tensor<1x2x4x4xi1>, tensor<1x2x4x4xf32>, tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
  %c3 = core.conv2d %s, %w, %b {mlc.calib = [array<f64: -8.0, 12.0>]} : (tensor<1x2x4x4xf32>, tensor<2x2x1x1xf32>, tensor<2xf32>) -> tensor<1x2x4x4xf32>
  %r3 = core.relu %c3 {mlc.calib = [array<f64: 0.0, 12.0>]} : tensor<1x2x4x4xf32>
  %c4 = core.conv2d %r3, %w, %b {mlc.calib = [array<f64: -8.0, 12.0>]} : (tensor<1x2x4x4xf32>, tensor<2x2x1x1xf32>, tensor<2xf32>) -> tensor<1x2x4x4xf32>
  %a2 = core.add %c4, %s {mlc.calib = [array<f64: -8.0, 12.0>]} : (tensor<1x2x4x4xf32>, tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
  return %a2, %r : tensor<1x2x4x4xf32>, tensor<1x2x4x4xf32>
}
`

func parse(t *testing.T, src string) (*ir.Operation, *ir.Operation) {
	t.Helper()
	m, err := asm.Parse(all.NewContext(), "test.mlir", []byte(src), 1)
	require.NoError(t, err)
	fn, err := interp.LookupFunc(m, "main")
	require.NoError(t, err)
	return m, fn
}

func printed(t *testing.T, m *ir.Operation) string {
	var b strings.Builder
	require.NoError(t, asm.Print(&b, m, asm.PrintOptions{}))
	return b.String()
}

func quantized(t *testing.T, tg *target.Target) (*ir.Operation, *ir.Operation) {
	m, fn := parse(t, residual)
	_, err := quantize.Run(fn, quantize.Config{Target: tg, Fallback: true})
	require.NoError(t, err)
	return m, fn
}

func randomInput(seed uint64) *tensor.Tensor {
	r := rand.New(rand.NewPCG(seed, 1))
	v := make([]float32, 32)
	for i := range v {
		v[i] = float32(r.NormFloat64())
	}
	t, err := tensor.FromSlice(tensor.F32, []int64{1, 2, 4, 4}, v)
	if err != nil {
		panic(err)
	}
	return t
}

// Partitioning changes where ops run, never what they compute.
func TestApplyKeepsOutputs(t *testing.T) {
	for _, name := range []string{"trt-orin", "qnn-htp-v73"} {
		tg, err := target.Load(name)
		require.NoError(t, err)
		for _, minBlock := range []int{1, 2, 3, 100} {
			m, fn := quantized(t, tg)
			if tg.Backend == "qnn" {
				// QNN runs the integer forms of conv, matmul and add
				// (QLinearAdd, not an add in float), as quant-fuse does.
				_, err := quantize.Fuse(fn)
				require.NoError(t, err)
			}
			in := randomInput(uint64(minBlock))
			want, err := interp.RunModule(m, "main", []*tensor.Tensor{in})
			require.NoError(t, err)
			r, err := Apply(fn, Options{Target: tg, MinBlockSize: minBlock})
			require.NoError(t, err, "%s min-block-size %d", name, minBlock)
			require.NoError(t, ir.Verify(m))
			got, err := interp.RunModule(m, "main", []*tensor.Tensor{in})
			require.NoError(t, err)
			require.Len(t, got, len(want))
			for i := range want {
				require.Equal(t, want[i].Float32s(), got[i].Float32s(), "%s min-block-size %d output %d", name, minBlock, i)
			}
			// The body holds only calls and the casts the return reads.
			for _, op := range fn.Region(0).Front().Ops() {
				switch op.Name() {
				case "func.call", "func.return", "quant.dcast", "quant.qcast", "core.constant", "quant.scast":
				default:
					t.Errorf("%s: %s left in the function", name, op.Name())
				}
			}
			// The comparison and the select always fall back.
			var fellBack []string
			for _, f := range r.Fallbacks {
				fellBack = append(fellBack, f.Name)
			}
			require.Contains(t, fellBack, "core.cmp")
			require.Contains(t, fellBack, "core.select")
			// Legalising the vendor partitions keeps them too.
			{
				for _, op := range m.Region(0).Front().Ops() {
					if s, ok := op.Attr(TargetAttr).(*ir.StringAttr); ok && s.Value == tg.Name {
						require.NoError(t, Backends[tg.Backend].Legalize(op, tg), "%s min-block-size %d", name, minBlock)
					}
				}
				got, err := interp.RunModule(m, "main", []*tensor.Tensor{in})
				require.NoError(t, err)
				for i := range want {
					require.Equal(t, want[i].Float32s(), got[i].Float32s(), "legalised, min-block-size %d output %d", minBlock, i)
				}
			}
			if minBlock == 1 {
				require.GreaterOrEqual(t, len(r.Partitions), 3, "%s: target, CPU, target", name)
			}
			if minBlock == 100 {
				for _, p := range r.Partitions {
					require.Equal(t, CPU, p.Device)
				}
			}
		}
	}
}

// Every compute op lands in exactly one partition, and the partitions
// alternate devices.
func TestPlanCoversEveryOp(t *testing.T) {
	tg, err := target.Load("trt-orin")
	require.NoError(t, err)
	_, fn := quantized(t, tg)
	r, err := Plan(fn, Options{Target: tg, MinBlockSize: 1})
	require.NoError(t, err)
	computeOps := 0
	for _, op := range fn.Region(0).Front().Ops() {
		if roleOf(op) == compute && op.Name() != "func.return" {
			computeOps++
		}
	}
	n := 0
	for i, p := range r.Partitions {
		n += p.Ops
		if i > 0 {
			require.NotEqual(t, r.Partitions[i-1].Device, p.Device)
		}
	}
	require.Equal(t, computeOps, n)
	onOps, onMACs := r.Coverage()
	require.Greater(t, onOps, 0.0)
	require.Less(t, onOps, 1.0)
	require.Greater(t, onMACs, 0.5) // two of four convs at least
}

// --require-full names every op that would fall back, at its location.
func TestRequireFull(t *testing.T) {
	tg, err := target.Load("trt-orin")
	require.NoError(t, err)
	m, fn := quantized(t, tg)
	before := printed(t, m)
	_, err = Apply(fn, Options{Target: tg, MinBlockSize: 1, RequireFull: true})
	var fe *FallbackError
	require.True(t, errors.As(err, &fe), "%v", err)
	require.Len(t, fe.Diags, 2)
	require.Contains(t, fe.Diags[0].Message, "'core.cmp' would fall back to the CPU (require-full): 'core.cmp' op (op class 'logic') cannot run on target 'trt-orin'")
	require.Contains(t, fe.Diags[1].Message, "'core.select' would fall back")
	require.Equal(t, before, printed(t, m), "a failed partitioning changed the IR")
}

// --fallback forces ops by name; a float model's ops are legal in f32.
func TestForcedFallback(t *testing.T) {
	tg, err := target.Load("trt-orin")
	require.NoError(t, err)
	m, fn := parse(t, strings.ReplaceAll(strings.ReplaceAll(residual, `core.cmp "gt", %a, %z`, `core.max %a, %z`), "tensor<1x2x4x4xi1>", "tensor<1x2x4x4xf32>"))
	_ = m
	r, err := Plan(fn, Options{Target: tg, MinBlockSize: 1, Fallback: []string{"add", "core.select"}})
	require.NoError(t, err)
	var reasons []string
	for _, f := range r.Fallbacks {
		reasons = append(reasons, f.Name+": "+f.Reason)
	}
	require.Contains(t, reasons, "core.add: forced to the CPU by --fallback")
	require.Contains(t, reasons, "core.select: forced to the CPU by --fallback")
}

// fixedCost prices every compute op alike.
type fixedCost struct{ target, cpu float64 }

func (c fixedCost) Estimate(ops []*ir.Operation) (float64, float64, error) {
	n := 0.0
	for _, op := range ops {
		if roleOf(op) == compute {
			n++
		}
	}
	return n * c.target, n * c.cpu, nil
}

// A Coster decides by its estimates alone, after the minimum block size.
func TestCostChoosesCPU(t *testing.T) {
	tg, err := target.Load("trt-orin")
	require.NoError(t, err)
	_, fn := quantized(t, tg)
	fast, err := Plan(fn, Options{Target: tg, MinBlockSize: 1, Cost: fixedCost{1e-6, 1e-3}})
	require.NoError(t, err)
	slow, err := Plan(fn, Options{Target: tg, MinBlockSize: 1, Cost: fixedCost{1e-3, 1e-5}})
	require.NoError(t, err)
	fastOps, _ := fast.Coverage()
	slowOps, _ := slow.Coverage()
	require.Greater(t, fastOps, 0.0)
	require.Equal(t, 0.0, slowOps)
	require.Contains(t, slow.Fallbacks[0].Reason+slow.Fallbacks[len(slow.Fallbacks)-1].Reason, "estimated faster on the CPU")
	for _, p := range fast.Partitions {
		if p.Device != CPU {
			require.Greater(t, p.EstimatedCPU, p.EstimatedTarget)
		}
	}
}

// costGraph has a heavy conv cluster, then a cluster of five cheap
// elementwise ops on a tiny tensor between two CPU-only ops (trt-orin
// runs no logic-class op), all in float, which trt-orin runs in f32.
const costGraph = `
func.func @main(%x: tensor<1x64x56x56xf32>, %v: tensor<1x8xf32>) -> (tensor<1x64x56x56xf32>, tensor<1x8xf32>) {
  %w = core.constant dense<0.01> : tensor<64x64x3x3xf32>
  %b = core.constant dense<0.1> : tensor<64xf32>
  %c1 = core.conv2d %x, %w, %b {padding = array<i64: 1, 1, 1, 1>} : (tensor<1x64x56x56xf32>, tensor<64x64x3x3xf32>, tensor<64xf32>) -> tensor<1x64x56x56xf32>
  %r1 = core.relu %c1 : tensor<1x64x56x56xf32>
  %c2 = core.conv2d %r1, %w, %b {padding = array<i64: 1, 1, 1, 1>} : (tensor<1x64x56x56xf32>, tensor<64x64x3x3xf32>, tensor<64xf32>) -> tensor<1x64x56x56xf32>
  %a = core.add %c2, %x : (tensor<1x64x56x56xf32>, tensor<1x64x56x56xf32>) -> tensor<1x64x56x56xf32>
  %r2 = core.relu %a : tensor<1x64x56x56xf32>
  %z = core.constant dense<0.0> : tensor<1x8xf32>
  %m = core.cmp "gt", %v, %z : (tensor<1x8xf32>, tensor<1x8xf32>) -> tensor<1x8xi1>
  %s = core.select %m, %v, %z : (tensor<1x8xi1>, tensor<1x8xf32>, tensor<1x8xf32>) -> tensor<1x8xf32>
  %e1 = core.relu %s : tensor<1x8xf32>
  %e2 = core.add %e1, %v : (tensor<1x8xf32>, tensor<1x8xf32>) -> tensor<1x8xf32>
  %e3 = core.mul %e2, %e1 : (tensor<1x8xf32>, tensor<1x8xf32>) -> tensor<1x8xf32>
  %e4 = core.sub %e3, %v : (tensor<1x8xf32>, tensor<1x8xf32>) -> tensor<1x8xf32>
  %e5 = core.relu %e4 : tensor<1x8xf32>
  %m2 = core.cmp "gt", %e5, %z : (tensor<1x8xf32>, tensor<1x8xf32>) -> tensor<1x8xi1>
  %s2 = core.select %m2, %e5, %v : (tensor<1x8xi1>, tensor<1x8xf32>, tensor<1x8xf32>) -> tensor<1x8xf32>
  return %r2, %s2 : tensor<1x64x56x56xf32>, tensor<1x8xf32>
}
`

// With the target file's cost model, the cheap cluster between the two
// CPU ops runs on the CPU (five layer overheads and two transfers cost
// more than the CPU takes for 40 elements) and the conv cluster stays on
// the target; without it, both clusters pass the minimum block size.
func TestCostBasedFallback(t *testing.T) {
	tg, err := target.Load("trt-orin")
	require.NoError(t, err)
	pl, err := cost.NewPlacement(tg)
	require.NoError(t, err)

	_, fn := parse(t, costGraph)
	plain, err := Plan(fn, Options{Target: tg})
	require.NoError(t, err)
	require.Equal(t, []string{"trt-orin", CPU, "trt-orin", CPU}, devices(plain))

	m, fn := parse(t, costGraph)
	r, err := Apply(fn, Options{Target: tg, Cost: pl})
	require.NoError(t, err)
	require.NoError(t, ir.Verify(m))
	require.Equal(t, []string{"trt-orin", CPU}, devices(r))
	conv := r.Partitions[0]
	require.Equal(t, 5, conv.Ops)
	require.Greater(t, conv.EstimatedCPU, 2*conv.EstimatedTarget, "the conv cluster is far faster on the GPU")
	require.Greater(t, r.Partitions[1].EstimatedCPU, 0.0)
	byCost := map[string]int{}
	for _, f := range r.Fallbacks {
		if strings.Contains(f.Reason, "estimated faster on the CPU") {
			byCost[f.Name]++
		}
	}
	require.Equal(t, map[string]int{"core.relu": 2, "core.add": 1, "core.mul": 1, "core.sub": 1}, byCost)

	// Partitioning by cost changes where ops run, not what they compute.
	_, ref := parse(t, costGraph)
	x := make([]float32, 64*56*56)
	for i := range x {
		x[i] = float32(i%7) - 3
	}
	xt, err := tensor.FromSlice(tensor.F32, []int64{1, 64, 56, 56}, x)
	require.NoError(t, err)
	vt, err := tensor.FromSlice(tensor.F32, []int64{1, 8}, []float32{-2, -1, 0, 1, 2, 3, -4, 5})
	require.NoError(t, err)
	want, err := interp.RunModule(ref.ParentOp(), "main", []*tensor.Tensor{xt, vt})
	require.NoError(t, err)
	got, err := interp.RunModule(m, "main", []*tensor.Tensor{xt, vt})
	require.NoError(t, err)
	for i := range want {
		require.Equal(t, want[i].Float32s(), got[i].Float32s(), "output %d", i)
	}
}

// Cost-based partitioning needs the target file's host CPU and transfer
// figures: a file without them is an error positioned in it.
func TestCostBasedNeedsFigures(t *testing.T) {
	tg, err := target.Load("qnn-htp-v73")
	require.NoError(t, err)
	_, err = cost.NewPlacement(tg)
	var te *target.Error
	require.True(t, errors.As(err, &te), "%v", err)
	require.Equal(t, "peak_ops", te.Field)
	require.Contains(t, err.Error(), "targets/qnn-htp-v73.yaml:1:1: error: field 'peak_ops': missing: cost-based partitioning")
}

func devices(r *Report) []string {
	var out []string
	for _, p := range r.Partitions {
		out = append(out, p.Device)
	}
	return out
}
