package tensor

import (
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/mlc-go/mlc/ir"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mlc-go/mlc/internal/testutil"
)

// vals builds a float tensor for tests.
func vals(dt DType, shape []int64, v ...float64) *Tensor { return MustValues(dt, shape, v...) }

func sh(d ...int64) []int64 { return d }

func requireValues(t *testing.T, want []float64, got *Tensor) {
	t.Helper()
	gv := got.Values()
	require.Equal(t, len(want), len(gv), "element count of %v", got)
	for i := range want {
		if math.IsNaN(want[i]) {
			assert.True(t, math.IsNaN(gv[i]), "element %d: want NaN, got %g", i, gv[i])
			continue
		}
		assert.Equal(t, want[i], gv[i], "element %d of %v", i, got)
	}
}

func requireClose(t *testing.T, want []float64, got *Tensor, tol float64) {
	t.Helper()
	gv := got.Values()
	require.Equal(t, len(want), len(gv))
	for i := range want {
		assert.InDelta(t, want[i], gv[i], tol, "element %d", i)
	}
}

// TestImportsBelowDialects: internal/tensor depends, even indirectly, only
// on the standard library, ir (for the float16 codecs), the module's
// internal packages (such as internal/quantize), protowire under
// internal/onnxpb and golang.org/x/sys/cpu (the GEMM kernels' CPU feature
// detection), so every layer above ir may import it.
func TestImportsBelowDialects(t *testing.T) {
	for _, p := range testutil.GoList(t, "-deps", ".") {
		path := p.ImportPath
		if p.Standard || path == "github.com/mlc-go/mlc/internal/tensor" || path == "github.com/mlc-go/mlc/ir" ||
			strings.HasPrefix(path, "google.golang.org/protobuf/") || // internal/onnxpb's wire format
			path == "golang.org/x/sys/cpu" { // GEMM kernel selection
			continue
		}
		assert.True(t, strings.HasPrefix(path, "github.com/mlc-go/mlc/internal/"),
			"internal/tensor must depend only on the standard library, ir and internal packages, depends on %s", path)
	}
}

func TestF16Conversions(t *testing.T) {
	// Every half converts to float32 and back unchanged (NaNs stay NaN).
	for h := range 1 << 16 {
		f := ir.HalfToFloat32(uint16(h))
		back := ir.Float32ToHalf(f)
		if f != f {
			assert.True(t, back&0x7c00 == 0x7c00 && back&0x3ff != 0, "NaN %#x -> %#x", h, back)
			continue
		}
		if back != uint16(h) {
			t.Fatalf("half %#04x -> %g -> %#04x", h, f, back)
		}
	}
	cases := []struct {
		f    float32
		want uint16
	}{
		{1, 0x3c00}, {-2, 0xc000}, {65504, 0x7bff}, {65520, 0x7c00}, // 65520 rounds up to Inf
		{65519.99, 0x7bff},
		{float32(math.Inf(1)), 0x7c00},
		{1 + 1.0/2048, 0x3c00},           // tie between 1 and 1+2^-10: even (1)
		{1 + 3.0/2048, 0x3c02},           // tie: rounds to even mantissa 2
		{5.960464477539063e-08, 0x0001},  // 2^-24, smallest subnormal
		{2.9802322387695312e-08, 0x0000}, // 2^-25: tie with 0, even -> 0
		{4.470348358154297e-08, 0x0001},  // 1.5 * 2^-25 -> 2^-24
		{8.940696716308594e-08, 0x0002},  // 1.5 * 2^-24: tie between 1 and 2 -> 2
		{6.097555160522461e-05, 0x03ff},  // largest subnormal
		{6.103515625e-05, 0x0400},        // smallest normal
		{float32(math.Copysign(0, -1)), 0x8000},
	}
	for _, c := range cases {
		assert.Equal(t, c.want, ir.Float32ToHalf(c.f), "ir.Float32ToHalf(%g)", c.f)
	}
}

func TestBF16Conversions(t *testing.T) {
	assert.Equal(t, uint16(0x3f80), ir.Float32ToBF16(1))
	assert.Equal(t, float32(1), ir.BF16ToFloat32(0x3f80))
	// 1 + 2^-8 is a tie between 1 and 1+2^-7: even -> 1.
	assert.Equal(t, uint16(0x3f80), ir.Float32ToBF16(1+1.0/256))
	// 1 + 3*2^-8 -> tie -> 1 + 2^-6 (even mantissa 2)
	assert.Equal(t, uint16(0x3f82), ir.Float32ToBF16(1+3.0/256))
	assert.True(t, math.IsNaN(float64(ir.BF16ToFloat32(ir.Float32ToBF16(float32(math.NaN()))))))
	assert.Equal(t, uint16(0x7f80), ir.Float32ToBF16(math.MaxFloat32)) // rounds up to Inf
}

func TestNumElementsAndAlloc(t *testing.T) {
	n, err := NumElements(nil)
	require.NoError(t, err)
	assert.Equal(t, int64(1), n)
	n, err = NumElements(sh(2, 0, 1<<62))
	require.NoError(t, err)
	assert.Equal(t, int64(0), n)
	_, err = NumElements(sh(1<<32, 1<<32))
	require.ErrorIs(t, err, ErrTooLarge)
	_, err = NumElements(sh(3, -1))
	require.ErrorContains(t, err, "negative dimension")
	_, err = ByteSize(F64, sh(1<<61))
	require.ErrorIs(t, err, ErrTooLarge)

	_, err = AllocLimit(F32, sh(1024, 1024), 1<<20)
	require.ErrorIs(t, err, ErrTooLarge)
	_, err = AllocLimit(F32, sh(512, 512), 1<<20)
	require.NoError(t, err)
	prev := SetMaxBytes(1000)
	_, err = Alloc(U8, sh(1001))
	assert.ErrorIs(t, err, ErrTooLarge)
	_, err = Add(New(U8, 1000), New(U8, 1000))
	assert.NoError(t, err)
	_, err = Tile(New(U8, 1000), sh(2))
	assert.ErrorIs(t, err, ErrTooLarge)
	SetMaxBytes(prev)
	assert.Equal(t, DefaultMaxBytes, MaxBytes())
}

func TestFromSliceAndAccessors(t *testing.T) {
	x, err := FromSlice(F32, sh(2, 3), []float32{1, 2, 3, 4, 5, 6})
	require.NoError(t, err)
	assert.Equal(t, 6.0, x.At(1, 2))
	assert.Equal(t, 4.0, x.At(-1, 0))
	x.Set(9, 0, 1)
	assert.Equal(t, float32(9), x.Float32s()[1])
	assert.Equal(t, sh(2, 3), x.Shape())
	assert.Equal(t, 2, x.Rank())
	assert.Equal(t, int64(3), x.Dim(-1))

	_, err = FromSlice(F32, sh(2, 2), []float32{1, 2, 3})
	assert.ErrorContains(t, err, "3 values for shape [2x2]")
	_, err = FromSlice(I32, sh(1), []float32{1})
	assert.ErrorContains(t, err, "not the storage")
	_, err = FromSlice(I4, sh(2), []int8{7, 8})
	assert.ErrorContains(t, err, "out of range for i4")
	i64 := MustFromSlice(I64, sh(1), []int64{math.MaxInt64})
	assert.Equal(t, int64(math.MaxInt64), i64.AtInt(0))
	assert.Panics(t, func() { x.Int8s() })
	assert.Panics(t, func() { x.At(2, 0) })
	assert.Equal(t, "f32[2x3]{1, 9, 3, 4, 5, 6}", x.String())
}

func TestReshapeIsView(t *testing.T) {
	x := vals(F32, sh(2, 3), 0, 1, 2, 3, 4, 5)
	y, err := x.Reshape(3, -1)
	require.NoError(t, err)
	assert.Equal(t, sh(3, 2), y.Shape())
	y.Set(42, 0, 0)
	assert.Equal(t, 42.0, x.At(0, 0))
	_, err = x.Reshape(4, -1)
	assert.Error(t, err)
	_, err = x.Reshape(-1, -1)
	assert.ErrorContains(t, err, "more than one -1")
	_, err = x.Reshape(7)
	assert.Error(t, err)
	e := New(F32, 0, 3)
	_, err = e.Reshape(-1, 0)
	assert.Error(t, err) // cannot infer with a zero
	z, err := ReshapeONNX(x, sh(0, -1), false)
	require.NoError(t, err)
	assert.Equal(t, sh(2, 3), z.Shape())
}

func TestEqualAllClose(t *testing.T) {
	a := vals(F32, sh(3), 1, math.NaN(), 3)
	b := vals(F32, sh(3), 1, math.NaN(), 3)
	assert.True(t, Equal(a, b))
	assert.False(t, Equal(a, vals(F64, sh(3), 1, math.NaN(), 3)))
	assert.False(t, Equal(a, vals(F32, sh(1, 3), 1, math.NaN(), 3)))
	c := vals(F32, sh(3), 1.001, math.NaN(), 3)
	assert.False(t, Equal(a, c))
	assert.True(t, AllClose(a, c, 1e-2, 0))
	assert.False(t, AllClose(a, c, 1e-4, 1e-4))
	assert.True(t, AllClose(a, vals(F64, sh(3), 1, math.NaN(), 3), 0, 0))
	assert.False(t, AllClose(vals(F32, sh(1), math.Inf(1)), vals(F32, sh(1), 1e38), 1, 1))
}

func TestCast(t *testing.T) {
	x := vals(F32, sh(8), 1.9, -1.9, 300, -300, math.NaN(), math.Inf(1), math.Inf(-1), -0.5)
	y, err := Cast(x, I8)
	require.NoError(t, err)
	assert.Equal(t, []int64{1, -1, 127, -128, 0, 127, -128, 0}, y.IntValues())
	y, err = Cast(x, U8)
	require.NoError(t, err)
	assert.Equal(t, []int64{1, 0, 255, 0, 0, 255, 0, 0}, y.IntValues())
	y, err = Cast(x, I4)
	require.NoError(t, err)
	assert.Equal(t, []int64{1, -1, 7, -8, 0, 7, -8, 0}, y.IntValues())
	y, err = Cast(x, I64)
	require.NoError(t, err)
	assert.Equal(t, []int64{1, -1, 300, -300, 0, math.MaxInt64, math.MinInt64, 0}, y.IntValues())
	y, err = Cast(x, Bool)
	require.NoError(t, err)
	assert.Equal(t, []int64{1, 1, 1, 1, 1, 1, 1, 1}, y.IntValues())

	// int -> int wraps; int -> 4-bit saturates.
	i := MustFromSlice(I32, sh(4), []int32{300, -129, 65535, 7})
	y, err = Cast(i, I8)
	require.NoError(t, err)
	assert.Equal(t, []int64{44, 127, -1, 7}, y.IntValues())
	y, err = Cast(i, U4)
	require.NoError(t, err)
	assert.Equal(t, []int64{15, 0, 15, 7}, y.IntValues())
	y, err = Cast(i, F16)
	require.NoError(t, err)
	assert.Equal(t, []float64{300, -129, math.Inf(1), 7}, y.Values())

	// float -> float rounds to nearest even.
	h, err := Cast(vals(F64, sh(2), 1+1.0/2048, 1e-9), F16)
	require.NoError(t, err)
	assert.Equal(t, []uint16{0x3c00, 0}, h.Uint16s())
	bf, err := Cast(vals(F32, sh(1), 1+3.0/256), BF16)
	require.NoError(t, err)
	assert.Equal(t, []uint16{0x3f82}, bf.Uint16s())
	back, err := Cast(bf, F32)
	require.NoError(t, err)
	assert.Equal(t, []float32{1 + 1.0/64}, back.Float32s())

	b, err := Cast(MustFromSlice(Bool, sh(2), []bool{true, false}), F32)
	require.NoError(t, err)
	assert.Equal(t, []float32{1, 0}, b.Float32s())
	_, err = Cast(x, Invalid)
	assert.Error(t, err)
	same, err := Cast(x, F32)
	require.NoError(t, err)
	same.Set(0, 0)
	assert.InDelta(t, 1.9, x.At(0), 1e-6, "Cast to the same dtype must copy")
}

func TestDTypeNames(t *testing.T) {
	for d := F32; d < numDTypes; d++ {
		p, err := ParseDType(d.String())
		require.NoError(t, err)
		assert.Equal(t, d, p)
	}
	_, err := ParseDType("f128")
	assert.Error(t, err)
	assert.True(t, errors.Is(nil, nil))
}
