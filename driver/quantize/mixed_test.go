package quantize

import (
	"fmt"
	"math"
	"math/rand"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mlc-go/mlc/dialects/quant"
	"github.com/mlc-go/mlc/driver/calibrate"
	"github.com/mlc-go/mlc/internal/tensor"
	"github.com/mlc-go/mlc/interp"
	"github.com/mlc-go/mlc/ir"
	lq "github.com/mlc-go/mlc/lowering/quantize"
)

// tokenModel concatenates a small constant row (a class token) with a
// matmul's large output and reads the token's row back through a second
// matmul: kept in the matmul's int8 encoding, the concatenation rounds
// the token to zero.
func tokenModel() string {
	rng := rand.New(rand.NewSource(5))
	u := func(a float64) func() float64 { return func() float64 { return (2*rng.Float64() - 1) * a } }
	return fmt.Sprintf(`func.func @main(%%x: tensor<1x16xf32> {mlc.name = "x"}) -> tensor<1x8xf32> {
  %%w = core.constant %s : tensor<16x16xf32>
  %%m = core.matmul %%x, %%w : (tensor<1x16xf32>, tensor<16x16xf32>) -> tensor<1x16xf32> loc("proj")
  %%tok = core.constant %s : tensor<1x16xf32>
  %%c = core.concat %%tok, %%m {axis = 0 : i64} : (tensor<1x16xf32>, tensor<1x16xf32>) -> tensor<2x16xf32> loc("concat")
  %%s = core.slice %%c {starts = array<i64: 0, 0>, limits = array<i64: 1, 16>} : (tensor<2x16xf32>) -> tensor<1x16xf32> loc("row0")
  %%w2 = core.constant %s : tensor<16x8xf32>
  %%y = core.matmul %%s, %%w2 : (tensor<1x16xf32>, tensor<16x8xf32>) -> tensor<1x8xf32> loc("head")
  return %%y : tensor<1x8xf32>
}
`, dense(256, u(3)), dense(16, u(0.01)), dense(128, u(1)))
}

func tokenData(n int) *calibrate.Dataset {
	rng := rand.New(rand.NewSource(6))
	d := &calibrate.Dataset{}
	for k := range n {
		x := make([]float32, 16)
		for i := range x {
			x[i] = float32(rng.NormFloat64())
		}
		d.Samples = append(d.Samples, calibrate.Sample{Set: fmt.Sprintf("test_data_set_%d", k),
			Inputs: []*tensor.Tensor{tensor.MustFromSlice(tensor.F32, []int64{1, 16}, x)}})
	}
	return d
}

// TestMergingOpIsACandidate: a concatenation kept in one encoding adds
// error of its own, so mixed precision promotes it (no MACs) rather than
// the matmul whose encoding it keeps.
func TestMergingOpIsACandidate(t *testing.T) {
	budget := 30.0
	for _, name := range []string{"trt-orin", "qnn-htp-v73"} {
		base, err := Run(parse(t, tokenModel()), Options{Target: load(t, name), CalibData: tokenData(8)})
		require.NoError(t, err)
		require.Less(t, float64(base.Report.OutputSQNR), 10.0, "%s: the token is lost in int8", name)
		res, err := Run(parse(t, tokenModel()), Options{Target: load(t, name), CalibData: tokenData(8), MinSQNR: &budget})
		require.NoError(t, err, name)
		assert.GreaterOrEqual(t, float64(res.Report.OutputSQNR), budget, name)
		require.NotEmpty(t, res.Report.Promoted, name)
		assert.Equal(t, "concat", res.Report.Promoted[0].Name, "%s: %+v", name, res.Report.Promoted)
		assert.Equal(t, 1.0, res.Report.Int8MACShare, name)
	}
}

func TestMerges(t *testing.T) {
	m := parse(t, tokenModel())
	fn, err := interp.LookupFunc(m, "main")
	require.NoError(t, err)
	got := map[string]bool{}
	ir.WalkPreOrder(fn, func(o *ir.Operation) ir.WalkResult {
		if o.Name() == "core.concat" || o.Name() == "core.slice" { // the same-scale ops
			got[where(o)] = merges(o)
		}
		return ir.Advance
	})
	assert.Equal(t, map[string]bool{"concat": true, "row0": false}, got)
}

// TestResultStep: a contraction's first step up widens only its output:
// the MACs stay int8 and the result's 16-bit encoding spans the observed
// range with headroom.
func TestResultStep(t *testing.T) {
	f := newFixture(t, 1)
	tg := load(t, "qnn-htp-v73")
	s, err := NewSession(parse(t, f.src), Options{Calib: f.calib}, tg)
	require.NoError(t, err)
	c, err := s.calibrateFor(tg)
	require.NoError(t, err)
	d := s.driver(tg, c)
	_, err = d.quantize(nil, nil)
	require.NoError(t, err)
	var fc *ir.Operation
	for o := range d.chosen {
		if where(o) == "fc" {
			fc = o
		}
	}
	require.NotNil(t, fc)
	assert.Equal(t, []string{"i16", "f16"}, lq.WiderResults(tg, fc, "i8"))
	cand, err := d.build(map[*ir.Operation]string{fc: "i8" + resultSep + "i16"}, tg, "")
	require.NoError(t, err)
	require.NoError(t, lq.Check(cand.fn, tg))
	for _, dc := range lq.Decisions(cand.fn) {
		if cand.masterOf[dc.Op] != fc {
			continue
		}
		assert.Equal(t, "i8", dc.Precision)
		assert.Equal(t, "u8", lq.StorageName(dc.Operands[0].Type))
		q := dc.Results[0].Type
		require.Equal(t, "u16", lq.StorageName(q))
		r := d.observed[fc][0]
		lo, hi := withHeadroom(r)[0], withHeadroom(r)[1]
		u, ok := q.(*quant.UniformType)
		require.True(t, ok)
		assert.InDelta(t, (max(hi, 0)-min(lo, 0))/65535, u.Scale, 1e-12)
	}
	op, res := splitPrecision("i8" + resultSep + "i16")
	assert.Equal(t, [2]string{"i8", "i16"}, [2]string{op, res})
}

// bound is worst when every sample has the same noise (or there is one
// sample), and lower by one standard error of the mean otherwise.
func TestNoiseBound(t *testing.T) {
	n := &noise{signal: []float64{8}, noise: []float64{4e-3}, samples: [][]float64{{1e-3, 1e-3, 1e-3, 1e-3}}}
	assert.InDelta(t, n.worst(), n.bound(), 1e-12)
	n = &noise{signal: []float64{8}, noise: []float64{8e-3}, samples: [][]float64{{1e-3, 3e-3, 1e-3, 3e-3}}}
	// sd = sqrt(4·1e-6/3); k·(mean + sd/√k) = 8e-3 + 2·sd.
	want := 10 * math.Log10(8/(8e-3+2*math.Sqrt(4e-6/3)))
	assert.InDelta(t, want, n.bound(), 1e-9)
	assert.Less(t, n.bound(), n.worst())
	n = &noise{signal: []float64{2}, noise: []float64{2e-3}, samples: [][]float64{{2e-3}}}
	assert.InDelta(t, n.worst(), n.bound(), 1e-12)
}
