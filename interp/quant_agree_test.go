package interp

import (
	"math"
	"math/rand"
	"testing"

	"github.com/mlc-go/mlc/dialects/qnn"
	"github.com/mlc-go/mlc/dialects/quant"
	"github.com/mlc-go/mlc/internal/quantize"
	"github.com/mlc-go/mlc/internal/tensor"
	"github.com/mlc-go/mlc/ir"
)

// agreeStorage is one storage type as each caller of internal/quantize
// names it.
type agreeStorage struct {
	bits   int
	signed bool
	dt     tensor.DType
	qnn    qnn.DataType
}

var agreeStorages = []agreeStorage{
	{4, true, tensor.I4, qnn.SFixed4}, {4, false, tensor.U4, qnn.UFixed4},
	{8, true, tensor.I8, qnn.SFixed8}, {8, false, tensor.U8, qnn.UFixed8},
	{16, true, tensor.I16, qnn.SFixed16}, {16, false, tensor.U16, qnn.UFixed16},
	{32, true, tensor.I32, qnn.SFixed32},
}

// agreeInputs draws float32 inputs that stress the rules: NaN, ±Inf, exact
// .5 ties of x/scale, values far out of range, denormals, values near the
// range ends and ordinary ones.
func agreeInputs(rng *rand.Rand, n int, scale float32, lo, hi int64) []float32 {
	xs := make([]float32, n)
	for i := range xs {
		switch rng.Intn(8) {
		case 0:
			xs[i] = []float32{float32(math.NaN()), float32(math.Inf(1)), float32(math.Inf(-1)), -float32(math.NaN())}[rng.Intn(4)]
		case 1: // a tie, exact when scale is a power of two
			xs[i] = (float32(rng.Int63n(hi-lo+1)+lo) + 0.5) * scale
		case 2:
			xs[i] = []float32{1e30, -1e30, math.MaxFloat32, -math.MaxFloat32, 3e9, -3e9}[rng.Intn(6)]
		case 3:
			xs[i] = math.Float32frombits(uint32(rng.Intn(1<<23)) | uint32(rng.Intn(2))<<31) // denormal
		case 4: // near the ends of the range
			xs[i] = float32(float64([]int64{lo, hi}[rng.Intn(2)])+rng.Float64()*4-2) * scale
		default:
			xs[i] = float32(rng.NormFloat64() * float64(hi-lo) / 4 * float64(scale))
		}
	}
	return xs
}

func agreeScale(rng *rand.Rand) float32 {
	if rng.Intn(2) == 0 {
		return float32(math.Ldexp(1, rng.Intn(24)-16)) // ties stay exact
	}
	return float32(math.Exp(rng.Float64()*20 - 14))
}

// TestQuantizeCallersAgree: every caller of internal/quantize (the quant
// dialect's Params and constant folding, qnn's ScaleOffset, the tensor
// kernels QuantizeLinear / DequantizeLinear, the interpreter's quant
// kernels) gives bit for bit what the package gives, for every storage
// type, narrow ranges, per tensor and per axis. Any copy that rounds,
// saturates or treats NaN differently fails it.
func TestQuantizeCallersAgree(t *testing.T) {
	rng := rand.New(rand.NewSource(20))
	ctx := ir.NewContext()
	quant.Register(ctx)
	const n = 96
	for trial := range 300 {
		st := agreeStorages[trial%len(agreeStorages)]
		lo, hi := quantize.StorageRange(st.bits, st.signed)
		tlo, thi := st.dt.IntRange()
		qlo, qhi := st.qnn.StorageRange()
		if lo != tlo || hi != thi || lo != qlo || hi != qhi {
			t.Fatalf("%v: storage range %d..%d, tensor %d..%d, qnn %d..%d", st.dt, lo, hi, tlo, thi, qlo, qhi)
		}
		narrow := st.signed && rng.Intn(3) == 0
		if narrow {
			lo = -hi
		}
		scale := agreeScale(rng)
		zp := lo + rng.Int63n(hi-lo+1)
		p := quantize.Params{Scale: float64(scale), ZeroPoint: zp, Min: lo, Max: hi}
		xs := agreeInputs(rng, n, scale, lo, hi)

		// The quant dialect's parameters and its kernels in the interpreter.
		qp := quant.Params(p)
		storage := ctx.IntegerType(st.bits, map[bool]ir.Signedness{true: ir.Signless, false: ir.Unsigned}[st.signed])
		ut, err := quant.NewUniform(ctx, storage, lo, hi, ctx.F32(), float64(scale), zp)
		if err != nil {
			t.Fatal(err)
		}
		interpQ, err := quantizeTensor(tensor.MustFromSlice(tensor.F32, []int64{n}, xs), ut)
		if err != nil {
			t.Fatal(err)
		}
		// quant.qcast folded on a constant.
		raw := make([]byte, 0, 4*n)
		for _, x := range xs {
			raw = ir.EncodeFloat(raw, ir.F32, float64(x))
		}
		var folded *ir.DenseElementsAttr
		if st.bits >= 8 { // i4 / u4 have no dense attribute form
			folded, err = quant.QuantizeElements(ctx, ctx.DenseElementsAttr(ctx.TensorType([]int64{n}, ctx.F32(), nil), raw), ctx.TensorType([]int64{n}, ut, nil))
			if err != nil {
				t.Fatal(err)
			}
		}
		// The tensor kernels (they know no narrow range: full range only).
		var onnx32, onnx64 []int64
		if !narrow {
			zpT := tensor.MustValues(st.dt, nil, float64(zp))
			y, err := tensor.QuantizeLinear(tensor.MustFromSlice(tensor.F32, []int64{n}, xs), tensor.MustFromSlice(tensor.F32, nil, []float32{scale}), zpT, 0, 0, tensor.Invalid)
			if err != nil {
				t.Fatal(err)
			}
			onnx32 = y.IntValues()
			x64 := make([]float64, n)
			for i, x := range xs {
				x64[i] = float64(x)
			}
			y, err = tensor.QuantizeLinear(tensor.MustFromSlice(tensor.F64, []int64{n}, x64), tensor.MustFromSlice(tensor.F64, nil, []float64{float64(scale)}), zpT, 0, 0, tensor.Invalid)
			if err != nil {
				t.Fatal(err)
			}
			onnx64 = y.IntValues()
		}
		so := qnn.ScaleOffset{Scale: scale, Offset: int32(-zp)}
		for i, x := range xs {
			want := p.Quantize32(x)
			want64 := p.Quantize(float64(x))
			check := func(who string, got, want int64) {
				t.Helper()
				if got != want {
					t.Fatalf("trial %d %v narrow=%v scale %g zp %d: %s(%g) = %d, internal/quantize gives %d", trial, st.dt, narrow, scale, zp, who, x, got, want)
				}
			}
			check("quant.Params.Quantize32", qp.Quantize32(x), want)
			check("quant.Params.QuantizeAs(f32)", qp.QuantizeAs(ir.F32, float64(x)), want)
			check("quant.Params.Quantize", qp.Quantize(float64(x)), want64)
			check("interp quant.qcast", interpQ.IntValues()[i], want)
			if folded != nil {
				check("quant.QuantizeElements", folded.IntAt(i), want)
			}
			if !narrow {
				check("qnn.ScaleOffset.Quantize", so.Quantize(x, st.qnn), want)
				check("tensor.QuantizeLinear f32", onnx32[i], want)
				check("tensor.QuantizeLinear f64", onnx64[i], want64)
			}
		}
		// qnn's offsets are any int32: a zero point outside the storage
		// range shows the NaN rule's clamp.
		wild := rng.Int63n(1<<20) - 1<<19
		wp := quantize.Params{Scale: float64(scale), ZeroPoint: wild, Min: lo, Max: hi}
		for _, x := range xs {
			if got, want := (qnn.ScaleOffset{Scale: scale, Offset: int32(-wild)}).Quantize(x, st.qnn), wp.Quantize32(x); !narrow && got != want {
				t.Fatalf("qnn.ScaleOffset.Quantize(%g) with zero point %d = %d, internal/quantize gives %d", x, wild, got, want)
			}
		}

		// Dequantize: stored values including the range ends and the zero point.
		qs := make([]int64, n)
		for i := range qs {
			qs[i] = []int64{lo, hi, zp, lo + rng.Int63n(hi-lo+1)}[i%4]
		}
		stored, err := fromInt64(st.dt, []int64{n}, qs)
		if err != nil {
			t.Fatal(err)
		}
		interpD, err := dequantizeTensor(stored, ut, tensor.F32)
		if err != nil {
			t.Fatal(err)
		}
		var onnxD []float32
		if !narrow {
			y, err := tensor.DequantizeLinear(stored, tensor.MustFromSlice(tensor.F32, nil, []float32{scale}), tensor.MustValues(st.dt, nil, float64(zp)), 0, 0)
			if err != nil {
				t.Fatal(err)
			}
			onnxD = y.Float32s()
		}
		out := quantize.Params{Scale: float64(agreeScale(rng)), ZeroPoint: 0, Min: lo, Max: hi}
		for i, q := range qs {
			want := math.Float32bits(p.Dequantize32(q))
			check := func(who string, got float32) {
				t.Helper()
				if math.Float32bits(got) != want {
					t.Fatalf("%s(%d) with scale %g zp %d = %g, internal/quantize gives %g", who, q, scale, zp, got, p.Dequantize32(q))
				}
			}
			check("quant.Params.Dequantize32", qp.Dequantize32(q))
			check("interp quant.dcast", interpD.Float32s()[i])
			if !narrow {
				check("qnn.ScaleOffset.Dequantize", so.Dequantize(q))
				check("tensor.DequantizeLinear", onnxD[i])
			}
			if got, want := qp.Dequantize(q), p.Dequantize(q); math.Float64bits(got) != math.Float64bits(want) {
				t.Fatalf("quant.Params.Dequantize(%d) = %g, internal/quantize gives %g", q, got, want)
			}
			if got, want := quant.Requantize(ir.F32, qp, quant.Params(out), q), quantize.Requantize32(p, out, q, nil); got != want {
				t.Fatalf("quant.Requantize(%d) = %d, internal/quantize gives %d", q, got, want)
			}
		}
	}
}

// TestQuantizeCallersAgreePerAxis: per-axis scales and zero points in the
// interpreter's qcast and the tensor kernel pick the channel's parameters
// and then agree with internal/quantize element by element.
func TestQuantizeCallersAgreePerAxis(t *testing.T) {
	rng := rand.New(rand.NewSource(21))
	ctx := ir.NewContext()
	quant.Register(ctx)
	const rows, ch = 40, 5
	for trial := range 50 {
		st := agreeStorages[trial%len(agreeStorages)]
		lo, hi := quantize.StorageRange(st.bits, st.signed)
		scales := make([]float32, ch)
		scales64 := make([]float64, ch)
		zps := make([]int64, ch)
		zpf := make([]float64, ch)
		for c := range ch {
			scales[c] = agreeScale(rng)
			scales64[c] = float64(scales[c])
			zps[c] = lo + rng.Int63n(hi-lo+1)
			zpf[c] = float64(zps[c])
		}
		xs := make([]float32, 0, rows*ch)
		for r := range rows {
			xs = append(xs, agreeInputs(rng, ch, scales[r%ch], lo, hi)...)
		}
		x := tensor.MustFromSlice(tensor.F32, []int64{rows, ch}, xs)
		storage := ctx.IntegerType(st.bits, map[bool]ir.Signedness{true: ir.Signless, false: ir.Unsigned}[st.signed])
		pt, err := quant.NewUniformPerAxis(ctx, storage, lo, hi, ctx.F32(), 1, scales64, zps)
		if err != nil {
			t.Fatal(err)
		}
		interpQ, err := quantizeTensor(x, pt)
		if err != nil {
			t.Fatal(err)
		}
		y, err := tensor.QuantizeLinear(x, tensor.MustFromSlice(tensor.F32, []int64{ch}, scales), tensor.MustValues(st.dt, []int64{ch}, zpf...), 1, 0, tensor.Invalid)
		if err != nil {
			t.Fatal(err)
		}
		for i, v := range xs {
			c := i % ch
			want := quantize.Params{Scale: scales64[c], ZeroPoint: zps[c], Min: lo, Max: hi}.Quantize32(v)
			if got := interpQ.IntValues()[i]; got != want {
				t.Fatalf("interp per-axis qcast(%g) channel %d = %d, internal/quantize gives %d", v, c, got, want)
			}
			if got := y.IntValues()[i]; got != want {
				t.Fatalf("tensor.QuantizeLinear per axis (%g) channel %d = %d, internal/quantize gives %d", v, c, got, want)
			}
		}
	}
}
