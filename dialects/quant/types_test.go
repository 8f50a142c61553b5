package quant

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mlc-go/mlc/ir"
	"github.com/mlc-go/mlc/ir/asm"
)

func TestFormatScaleLikeMLIR(t *testing.T) {
	// Expected texts are mlir-opt-19's prints of these doubles.
	for v, want := range map[float64]string{
		0.0235:                  "2.350000e-02",
		1.0:                     "1.000000e+00",
		1.0e-3:                  "1.000000e-03",
		3.0517578125e-5:         "3.0517578125E-5",
		0.1:                     "1.000000e-01",
		0.5:                     "5.000000e-01",
		100:                     "1.000000e+02",
		1.5e10:                  "1.500000e+10",
		123456789.0:             "0x419D6F3454000000",
		1234567.0:               "0x4132D68700000000",
		1.0 / 3.0:               "0.33333333333333331",
		792.54:                  "792.53999999999996", // six digits would read back, but LLVM truncates first
		2.2235488891601563:      "2.2235488891601563",
		0.003921568859368563:    "0.0039215688593685627",
		1.2345678e-4:            "1.2345678000000001E-4",
		math.Float64frombits(1): "4.940660e-324",
		math.MaxFloat64:         "1.7976931348623157E+308",
		0:                       "0.000000e+00",
		-0.5:                    "-5.000000e-01",
		math.Inf(1):             "0x7FF0000000000000",
	} {
		assert.Equal(t, want, FormatScale(v), "%v", v)
	}
	assert.Equal(t, "5.2635442471208903E-315", FormatScale(math.Float64frombits(0x3F800000)))
}

func TestDiagFloat(t *testing.T) {
	assert.Equal(t, "0.000000e+00", diagFloat(0))
	assert.Equal(t, "-1.000000e+00", diagFloat(-1))
	assert.Equal(t, "nan", diagFloat(math.NaN()))
	assert.Equal(t, "INF", diagFloat(math.Inf(1)))
	assert.Equal(t, "-INF", diagFloat(math.Inf(-1)))
}

func TestConstructorsPrintAndIntern(t *testing.T) {
	ctx := ir.NewContext()
	i8, u8, si8 := ctx.I(8), ctx.IntegerType(8, ir.Unsigned), ctx.IntegerType(8, ir.Signed)
	f32 := ctx.F32()

	a, err := NewUniform(ctx, i8, -128, 127, f32, 0.0235, -3)
	require.NoError(t, err)
	assert.Equal(t, "!quant.uniform<i8:f32, 2.350000e-02:-3>", a.String())
	b, err := NewUniform(ctx, si8, -128, 127, f32, 0.0235, -3)
	require.NoError(t, err)
	assert.Same(t, a, b, "siN storage is iN: one interned type")
	assert.Equal(t, i8, b.Storage)
	assert.True(t, b.Signed())

	u, err := NewUniform(ctx, u8, 0, 255, f32, 1, 128)
	require.NoError(t, err)
	assert.Equal(t, "!quant.uniform<u8:f32, 1.000000e+00:128>", u.String())
	assert.False(t, u.Signed())
	assert.Equal(t, u8, u.Storage)

	s, err := NewUniform(ctx, i8, -127, 127, ctx.FloatType(ir.F16), 1e-3, 0)
	require.NoError(t, err)
	assert.Equal(t, "!quant.uniform<i8<-127:127>:f16, 1.000000e-03>", s.String())

	pa, err := NewUniformPerAxis(ctx, i8, -128, 127, f32, 0, []float64{0.1, 0.2}, []int64{0, 1})
	require.NoError(t, err)
	assert.Equal(t, "!quant.uniform<i8:f32:0, {1.000000e-01,2.000000e-01:1}>", pa.String())

	an, err := NewAny(ctx, u8, 1, 255, nil)
	require.NoError(t, err)
	assert.Equal(t, "!quant.any<u8<1:255>>", an.String())
	assert.Nil(t, an.ExpressedType())
	cal, err := NewCalibrated(ctx, f32, -0.5, 1)
	require.NoError(t, err)
	assert.Equal(t, "!quant.calibrated<f32<-5.000000e-01:1.000000e+00>>", cal.String())

	// Each type reads back as itself.
	for _, ty := range []ir.Type{a, u, s, pa, an, cal} {
		body := ty.String()[len("!quant"):]
		back, err := parseBody(ctx, body)
		require.NoError(t, err, body)
		assert.Same(t, ty, back, body)
	}

	// Interning is by value: a pass building the same parameters gets the
	// same pointer, so type equality stays ==.
	pa2, _ := NewUniformPerAxis(ctx, i8, -128, 127, f32, 0, []float64{0.1, 0.2}, []int64{0, 1})
	assert.Same(t, pa, pa2)
	assert.Same(t, ir.Type(a), ir.Type(ctx.TensorType([]int64{4}, a, nil).Elem))
}

func TestConstructorErrors(t *testing.T) {
	ctx := ir.NewContext()
	i8, f32 := ctx.I(8), ctx.F32()
	for _, c := range []struct {
		err  string
		make func() error
	}{
		{"illegal scale: 0.000000e+00", func() error { _, e := NewUniform(ctx, i8, -128, 127, f32, 0, 0); return e }},
		{"illegal scale: -2.000000e+00", func() error { _, e := NewUniform(ctx, i8, -128, 127, f32, -2, 0); return e }},
		{"illegal scale: nan", func() error { _, e := NewUniform(ctx, i8, -128, 127, f32, math.NaN(), 0); return e }},
		{"illegal scale: INF", func() error { _, e := NewUniform(ctx, i8, -128, 127, f32, math.Inf(1), 0); return e }},
		{"illegal zero point: 128 is outside the storage range [-128:127]", func() error { _, e := NewUniform(ctx, i8, -128, 127, f32, 1, 128); return e }},
		{"illegal zero point: -128 is outside the storage range [-127:127]", func() error { _, e := NewUniform(ctx, i8, -127, 127, f32, 1, -128); return e }},
		{"illegal storage type minimum: -129", func() error { _, e := NewUniform(ctx, i8, -129, 127, f32, 1, 0); return e }},
		{"illegal storage type maximum: 256", func() error {
			_, e := NewUniform(ctx, ctx.IntegerType(8, ir.Unsigned), 0, 256, f32, 1, 0)
			return e
		}},
		{"illegal storage min and storage max: (3:3)", func() error { _, e := NewUniform(ctx, i8, 3, 3, f32, 1, 3); return e }},
		{"illegal storage type size: 64", func() error { _, e := NewUniform(ctx, ctx.I(64), 0, 1, f32, 1, 0); return e }},
		{"storage type must be integral", func() error { _, e := NewUniform(ctx, nil, 0, 1, f32, 1, 0); return e }},
		{"uniform quantization requires expressed type", func() error { _, e := NewUniform(ctx, i8, -128, 127, nil, 1, 0); return e }},
		{"illegal number of scales and zeroPoints: 2, 1", func() error {
			_, e := NewUniformPerAxis(ctx, i8, -128, 127, f32, 0, []float64{1, 2}, []int64{0})
			return e
		}},
		{"per-axis quantization requires at least one scale", func() error {
			_, e := NewUniformPerAxis(ctx, i8, -128, 127, f32, 0, nil, nil)
			return e
		}},
		{"illegal quantized dimension: -1", func() error {
			_, e := NewUniformPerAxis(ctx, i8, -128, 127, f32, -1, []float64{1}, []int64{0})
			return e
		}},
		{"illegal scale: 0.000000e+00", func() error {
			_, e := NewUniformPerAxis(ctx, i8, -128, 127, f32, 0, []float64{1, 0}, []int64{0, 0})
			return e
		}},
		{"illegal min and max: (1.000000e+00:1.000000e+00)", func() error { _, e := NewCalibrated(ctx, f32, 1, 1); return e }},
	} {
		assert.EqualError(t, c.make(), c.err)
	}
}

func TestDefaultStorageRange(t *testing.T) {
	ctx := ir.NewContext()
	for _, c := range []struct {
		ty     *ir.IntegerType
		lo, hi int64
	}{
		{ctx.I(8), -128, 127}, {ctx.IntegerType(8, ir.Signed), -128, 127}, {ctx.IntegerType(8, ir.Unsigned), 0, 255},
		{ctx.I(4), -8, 7}, {ctx.IntegerType(4, ir.Unsigned), 0, 15}, {ctx.I(16), -32768, 32767},
		{ctx.IntegerType(16, ir.Unsigned), 0, 65535}, {ctx.I(32), math.MinInt32, math.MaxInt32},
		{ctx.IntegerType(32, ir.Unsigned), 0, math.MaxUint32}, {ctx.I(1), -1, 0},
	} {
		lo, hi := DefaultStorageRange(c.ty)
		assert.Equal(t, [2]int64{c.lo, c.hi}, [2]int64{lo, hi}, c.ty.String())
	}
}

func TestIsStorageOf(t *testing.T) {
	ctx := ir.NewContext()
	f32 := ctx.F32()
	s8, _ := NewUniform(ctx, ctx.I(8), -128, 127, f32, 1, 0)
	u8, _ := NewUniform(ctx, ctx.IntegerType(8, ir.Unsigned), 0, 255, f32, 1, 0)
	assert.True(t, IsStorageOf(ctx.I(8), s8))
	assert.True(t, IsStorageOf(ctx.IntegerType(8, ir.Signed), s8))
	assert.False(t, IsStorageOf(ctx.IntegerType(8, ir.Unsigned), s8))
	assert.True(t, IsStorageOf(ctx.I(8), u8), "MLIR's convention: u8 storage is i8")
	assert.True(t, IsStorageOf(ctx.IntegerType(8, ir.Unsigned), u8))
	assert.False(t, IsStorageOf(ctx.IntegerType(8, ir.Signed), u8))
	assert.False(t, IsStorageOf(ctx.I(16), s8))
}

func TestVerifyContainer(t *testing.T) {
	ctx := ir.NewContext()
	pa, _ := NewUniformPerAxis(ctx, ctx.I(8), -128, 127, ctx.F32(), 1, []float64{1, 2, 3}, []int64{0, 0, 0})
	assert.NoError(t, VerifyContainer(ctx.TensorType([]int64{2, 3}, pa, nil)))
	assert.NoError(t, VerifyContainer(ctx.TensorType([]int64{2, ir.Dynamic}, pa, nil)))
	assert.NoError(t, VerifyContainer(ctx.UnrankedTensorType(pa)))
	assert.EqualError(t, VerifyContainer(ctx.TensorType([]int64{2, 4}, pa, nil)), "quantized dimension size does not match number of scales")
	assert.EqualError(t, VerifyContainer(ctx.TensorType([]int64{3}, pa, nil)), "quantized dimension must be less than tensor rank")
	assert.EqualError(t, VerifyContainer(pa), "scalar types may not use per-axis quantization")
	assert.NoError(t, VerifyContainer(ctx.TensorType([]int64{2}, ctx.F32(), nil)))
}

// parseBody parses "!quant"+body as a file's type, registering the
// dialect in ctx first.
func parseBody(ctx *ir.Context, body string) (ir.Type, error) {
	if ctx.LookupDialect("quant") == nil {
		Register(ctx)
	}
	return asm.ParseType(ctx, "!quant"+body)
}

func TestParseTypeErrors(t *testing.T) {
	ctx := ir.NewContext()
	// Each error is positioned at the offending token, where at starts in
	// "!quant"+body, as mlir-opt-19 reports it (checks of the whole
	// type: at its mnemonic).
	for body, want := range map[string]struct{ msg, at string }{
		"<uniform<i8:f32, 0.5> x>":                 {"unexpected 'x' after the quantized type", "x>"},
		"<uniform<i8:f32, 0.5 x>>":                 {"expected '>'", " x>>"}, // after the token before, as MLIR's parseToken
		".uniform<i8:f8E5M2, 0.5>":                 {"expressed type f8E5M2 is not supported by mlc", "f8E5M2"},
		".uniform<i8:f32, 0.5:0x8000000000000000>": {"integer value too large", "0x8"},
		".uniform<i8<-128:127:f32, 0.5>>":          {"expected '>'", ":f32"},
		".uniform<i8<-128:127:f32, 0.5>":           {"unbalanced '<' character in pretty dialect name", "<i8"},
		".uniform<i8:f32, x>":                      {"expected floating point literal", "x>"},
		".uniform<i8:f32, #>":                      {"invalid attribute name", "#"},
		".uniform<q8:f32, 0.5>":                    {"illegal storage type prefix", "q8"},
		".uniform<i8<-129:127>:f32, 0.5>":          {"illegal storage type minimum: -129", "-129"},
		".uniform<u8<0:256>:f32, 0.5>":             {"illegal storage type maximum: 256", "256"},
		".uniform<i8:f32, 2>":                      {"unexpected decimal integer literal for a floating point value (add a trailing dot to make the literal a float)", "2>"},
		".uniform<i8:f32, 0.0>":                    {"illegal scale: 0.000000e+00", "uniform"},
		".uniformx<i8:f32, 2.0>":                   {"unknown quantized type uniformx", "uniformx"},
		"<uniform<i8:f32, 0.0>>":                   {"illegal scale: 0.000000e+00", "uniform"},
		".any<i8:i32>":                             {"expressed type must be floating point", "i32"},
		".calibrated<f32>":                         {"calibrated values must be present", ">"},
	} {
		text := "!quant" + body
		_, err := parseBody(ctx, body)
		var d *ir.Diagnostic
		if assert.ErrorAs(t, err, &d, body) {
			assert.Equal(t, want.msg, d.Message, body)
			assert.Equal(t, fmt.Sprintf(`"type":1:%d`, strings.Index(text, want.at)+1), d.Loc.String(), body)
		}
	}
	// Comments and newlines inside the body are whitespace, as in MLIR,
	// and positions stay right across lines.
	ty, err := parseBody(ctx, ".uniform<i8: // storage\n f32, 0.5>")
	require.NoError(t, err)
	assert.Equal(t, "!quant.uniform<i8:f32, 5.000000e-01>", ty.String())
	_, err = parseBody(ctx, ".uniform<i8: // storage\n  f32 0.5>")
	var d *ir.Diagnostic
	if assert.ErrorAs(t, err, &d) {
		assert.Equal(t, "expected ','", d.Message)
		assert.Equal(t, `"type":2:6`, d.Loc.String()) // just after f32, as MLIR
	}
}
