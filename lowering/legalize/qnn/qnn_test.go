package qnn

import (
	"math/rand"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mlc-go/mlc/dialects/all"
	"github.com/mlc-go/mlc/ir"
	"github.com/mlc-go/mlc/ir/asm"
	_ "github.com/mlc-go/mlc/lowering/quantize"
	"github.com/mlc-go/mlc/lowering/target"
	"github.com/mlc-go/mlc/rewrite/pass"
)

// Every row of the table names registered ops.
func TestTableNamesRegisteredOps(t *testing.T) {
	ctx := ir.NewContext()
	all.Register(ctx)
	seen := map[string]bool{}
	for _, m := range table {
		assert.NotNil(t, ctx.LookupOp(m.Core), m.Core)
		assert.False(t, seen[m.Core], "%s twice", m.Core)
		seen[m.Core] = true
		for _, q := range m.QNN {
			assert.NotNil(t, ctx.LookupOp("qnn."+q), q)
		}
		_, ok := target.ClassOf(m.Core)
		assert.True(t, ok, "%s has no op class", m.Core)
	}
	assert.Len(t, Mapping(), len(table))
}

func TestPermuteBytes(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	shape := []int64{2, 3, 4, 5}
	for _, perm := range [][]int64{{0, 2, 3, 1}, {2, 3, 1, 0}, {3, 2, 1, 0}, {0, 1, 2, 3}} {
		raw := make([]byte, 2*120)
		r.Read(raw)
		got := permuteBytes(raw, shape, perm, 2)
		out := permuted(shape, perm)
		// Element (i0..i3) of the result is element idx[perm] of the input.
		for o := 0; o < 120; o++ {
			idx := make([]int64, 4)
			rem := int64(o)
			for k := 3; k >= 0; k-- {
				idx[k] = rem % out[k]
				rem /= out[k]
			}
			src := make([]int64, 4)
			for k, p := range perm {
				src[p] = idx[k]
			}
			s := ((src[0]*shape[1]+src[1])*shape[2]+src[2])*shape[3] + src[3]
			require.Equal(t, raw[2*s:2*s+2], got[2*o:2*o+2], "perm %v element %d", perm, o)
		}
	}
}

// CanLegalize reads the QDQ form: every op of a quantized conv model is
// legal for qnn-htp-v73; erf has no qnn op, and a pool that quantize
// moved in f16 is refused by a target without f16.
func TestCanLegalizeQDQForm(t *testing.T) {
	ctx := ir.NewContext()
	all.Register(ctx)
	src := `func.func @main(%x: tensor<1x2x4x4xf32> {mlc.calib = array<f64: -1.0, 1.0>}) -> (tensor<1x2x4x4xf32>, tensor<1x2x2x2xf32>) {
  %w = core.constant dense<0.5> : tensor<2x2x1x1xf32>
  %c = core.conv2d %x, %w {mlc.calib = [array<f64: -2.0, 2.0>]} : (tensor<1x2x4x4xf32>, tensor<2x2x1x1xf32>) -> tensor<1x2x4x4xf32>
  %e = core.erf %c {mlc.calib = [array<f64: -1.0, 1.0>]} : tensor<1x2x4x4xf32>
  %p = core.max_pool2d %x {kernel = array<i64: 2, 2>, strides = array<i64: 2, 2>, mlc.calib = [array<f64: -1.0, 1.0>]} : (tensor<1x2x4x4xf32>) -> tensor<1x2x2x2xf32>
  return %e, %p : tensor<1x2x4x4xf32>, tensor<1x2x2x2xf32>
}`
	m, err := asm.ParseFile(ctx, "m.mlir", []byte(src))
	require.NoError(t, err)
	pm, err := pass.ParsePipeline("builtin.module(func.func(quantize{target=qnn-htp-v73}))")
	require.NoError(t, err)
	require.NoError(t, pm.Run(m, nil))
	v73, err := target.Load("qnn-htp-v73")
	require.NoError(t, err)
	v68, err := target.Load("qnn-htp-v68")
	require.NoError(t, err)
	ops := 0
	ir.WalkPreOrder(m, func(o *ir.Operation) ir.WalkResult {
		ok, why := CanLegalize(o, v73)
		switch o.Name() {
		case "core.erf":
			assert.False(t, ok)
			assert.Contains(t, why, "no qnn op implements 'core.erf'")
		default:
			assert.True(t, ok, "%s: %s", o.Name(), why)
		}
		if o.Name() == "core.max_pool2d" {
			ok, why := CanLegalize(o, v68)
			assert.False(t, ok)
			assert.Contains(t, why, "has element type f16, but target 'qnn-htp-v68' runs op class 'pool'")
		}
		ops++
		return ir.Advance
	})
	assert.Greater(t, ops, 10)
}

func TestTargetOptions(t *testing.T) {
	_, err := loadTarget("trt-orin", "", nil)
	assert.ErrorContains(t, err, "is a tensorrt target; legalize-qnn needs a qnn one")
	_, err = loadTarget("a", "b", nil)
	assert.ErrorContains(t, err, "not both")
	_, err = loadTarget("", "", nil)
	assert.ErrorContains(t, err, "qnn-htp-v73")
	tg, err := loadTarget("qnn-htp-v75", "", nil)
	require.NoError(t, err)
	assert.True(t, strings.HasPrefix(tg.Name, "qnn-"))
}
