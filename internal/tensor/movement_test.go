package tensor

import (
	"math"
	"math/rand"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestTranspose(t *testing.T) {
	x := arange(F32, 2, 3)
	y, err := Transpose(x, nil)
	require.NoError(t, err)
	assert.Equal(t, sh(3, 2), y.Shape())
	requireValues(t, []float64{1, 4, 2, 5, 3, 6}, y)
	x3 := arange(I16, 2, 3, 4)
	y, err = Transpose(x3, []int{1, 2, 0})
	require.NoError(t, err)
	assert.Equal(t, sh(3, 4, 2), y.Shape())
	for i := range int64(2) {
		for j := range int64(3) {
			for k := range int64(4) {
				assert.Equal(t, x3.At(i, j, k), y.At(j, k, i))
			}
		}
	}
	_, err = Transpose(x3, []int{0, 0, 1})
	assert.Error(t, err)
	s, err := Transpose(Scalar(F32, 3), nil)
	require.NoError(t, err)
	requireValues(t, []float64{3}, s)
}

func TestConcat(t *testing.T) {
	a, b := arange(F32, 2, 2), vals(F32, sh(2, 1), 9, 8)
	y, err := Concat(1, a, b)
	require.NoError(t, err)
	assert.Equal(t, sh(2, 3), y.Shape())
	requireValues(t, []float64{1, 2, 9, 3, 4, 8}, y)
	y, err = Concat(-2, a, vals(F32, sh(1, 2), 7, 7), New(F32, 0, 2))
	require.NoError(t, err)
	requireValues(t, []float64{1, 2, 3, 4, 7, 7}, y)
	_, err = Concat(0, a, b)
	assert.ErrorContains(t, err, "differ on axis 1")
	_, err = Concat(0, a, vals(F64, sh(1, 2), 1, 2))
	assert.Error(t, err)
	// ConcatInto writes what Concat returns, and checks its output.
	into := New(F32, 2, 3)
	require.NoError(t, ConcatInto(into, 1, a, b))
	requireValues(t, []float64{1, 2, 9, 3, 4, 8}, into)
	assert.ErrorContains(t, ConcatInto(New(F32, 3, 2), 1, a, b), "concat into")
	assert.ErrorContains(t, ConcatInto(New(F64, 2, 3), 1, a, b), "concat into")
}

func TestSlice(t *testing.T) {
	x := arange(F32, 3, 4) // rows 1..4, 5..8, 9..12
	cases := []struct {
		starts, ends []int64
		axes         []int
		steps        []int64
		shape        []int64
		want         []float64
	}{
		{sh(0, 1), sh(2, 3), nil, nil, sh(2, 2), []float64{2, 3, 6, 7}},
		{sh(1), sh(math.MaxInt64), []int{1}, nil, sh(3, 3), []float64{2, 3, 4, 6, 7, 8, 10, 11, 12}},
		{sh(-1), sh(-1000), []int{0}, sh(-1), sh(3, 4), []float64{9, 10, 11, 12, 5, 6, 7, 8, 1, 2, 3, 4}},
		{sh(math.MaxInt64), sh(math.MinInt64), []int{1}, sh(-2), sh(3, 2), []float64{4, 2, 8, 6, 12, 10}},
		{sh(3, 0), sh(0, 4), []int{1, 0}, sh(-1, 2), sh(2, 3), []float64{4, 3, 2, 12, 11, 10}},
		{sh(2), sh(1), []int{1}, nil, sh(3, 0), nil},
		{sh(-2), sh(-1), []int{-1}, nil, sh(3, 1), []float64{3, 7, 11}},
		{sh(0), sh(4), []int{1}, sh(3), sh(3, 2), []float64{1, 4, 5, 8, 9, 12}},
		{sh(-5), sh(10), []int{0}, nil, sh(3, 4), []float64{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12}},
		{sh(1), sh(-5), []int{0}, sh(-1), sh(2, 4), []float64{5, 6, 7, 8, 1, 2, 3, 4}},
		{sh(-1), sh(math.MinInt64), []int{1}, sh(math.MinInt64), sh(3, 1), []float64{4, 8, 12}},
		{sh(0), sh(math.MaxInt64), []int{1}, sh(math.MaxInt64), sh(3, 1), []float64{1, 5, 9}},
	}
	for i, c := range cases {
		y, err := Slice(x, c.starts, c.ends, c.axes, c.steps)
		require.NoError(t, err, "case %d", i)
		assert.Equal(t, c.shape, y.Shape(), "case %d", i)
		if c.want != nil {
			requireValues(t, c.want, y)
		}
	}
	e, err := Slice(New(F32, 0, 2), sh(-1), sh(math.MinInt64), []int{0}, sh(-1)) // empty axis, negative step
	require.NoError(t, err)
	assert.Equal(t, sh(0, 2), e.Shape())
	_, err = Slice(x, sh(0), sh(1), []int{0}, sh(0))
	assert.ErrorContains(t, err, "zero step")
	_, err = Slice(x, sh(0, 0), sh(1, 1), []int{0, -2}, nil)
	assert.ErrorContains(t, err, "repeated")
	_, err = Slice(x, sh(0), sh(1), []int{2}, nil)
	assert.Error(t, err)
	_, err = Slice(x, sh(0), sh(1, 2), nil, nil)
	assert.Error(t, err)
}

func TestGather(t *testing.T) {
	x := arange(F32, 3, 2)
	y, err := Gather(x, MustFromSlice(I64, sh(2, 2), []int64{0, 2, -1, 1}), 0)
	require.NoError(t, err)
	assert.Equal(t, sh(2, 2, 2), y.Shape())
	requireValues(t, []float64{1, 2, 5, 6, 5, 6, 3, 4}, y)
	y, err = Gather(x, MustFromSlice(I32, nil, []int32{1}), 1)
	require.NoError(t, err)
	assert.Equal(t, sh(3), y.Shape())
	requireValues(t, []float64{2, 4, 6}, y)
	_, err = Gather(x, MustFromSlice(I32, sh(1), []int32{3}), 0)
	assert.ErrorContains(t, err, "out of range")
	_, err = Gather(x, MustFromSlice(I32, sh(1), []int32{-4}), 0)
	assert.Error(t, err)
	_, err = Gather(x, vals(F32, sh(1), 0), 0)
	assert.Error(t, err)
}

// Gather along every axis of a rank-3 tensor, of the dtypes with their own
// loop and one without, against the definition element by element; and
// GatherInto's output checks.
func TestGatherAxes(t *testing.T) {
	idx := MustFromSlice(I64, sh(2, 3), []int64{2, 0, -1, 1, 1, 0})
	for _, dt := range []DType{F32, I64, I32, U8} {
		x := arange(dt, 3, 4, 5)
		for ax := range 3 {
			y, err := Gather(x, idx, ax)
			require.NoError(t, err)
			d := int(x.Shape()[ax])
			outer, inner := 1, 1
			for i := range ax {
				outer *= int(x.Shape()[i])
			}
			for i := ax + 1; i < 3; i++ {
				inner *= int(x.Shape()[i])
			}
			iv := idx.IntValues()
			for o := range outer {
				for j, v := range iv {
					if v < 0 {
						v += int64(d)
					}
					for k := range inner {
						got := y.floatAt((o*len(iv)+j)*inner + k)
						want := x.floatAt((o*d+int(v))*inner + k)
						require.Equal(t, want, got, "%v axis %d at (%d, %d, %d)", dt, ax, o, j, k)
					}
				}
			}
		}
	}
	x := arange(F32, 3, 4)
	assert.Error(t, GatherInto(New(F32, 3, 3), x, idx, 1), "a wrong output shape")
	assert.Error(t, GatherInto(New(I64, 3, 2, 3), x, idx, 1), "a wrong output dtype")
}

func TestPad(t *testing.T) {
	x := arange(F32, 2, 3)
	y, err := Pad(x, sh(1, 0, 0, 2), PadConstant, -1)
	require.NoError(t, err)
	assert.Equal(t, sh(3, 5), y.Shape())
	requireValues(t, []float64{-1, -1, -1, -1, -1, 1, 2, 3, -1, -1, 4, 5, 6, -1, -1}, y)
	r, err := Pad(vals(F32, sh(4), 1, 2, 3, 4), sh(3, 3), PadReflect, 0)
	require.NoError(t, err)
	requireValues(t, []float64{4, 3, 2, 1, 2, 3, 4, 3, 2, 1}, r)
	r, err = Pad(vals(F32, sh(3), 1, 2, 3), sh(5, 0), PadReflect, 0) // wider than the input: periodic
	require.NoError(t, err)
	requireValues(t, []float64{2, 1, 2, 3, 2, 1, 2, 3}, r)
	r, err = Pad(vals(F32, sh(3), 1, 2, 3), sh(2, 2), PadEdge, 0)
	require.NoError(t, err)
	requireValues(t, []float64{1, 1, 1, 2, 3, 3, 3}, r)
	r, err = Pad(vals(F32, sh(3), 1, 2, 3), sh(2, 4), PadWrap, 0)
	require.NoError(t, err)
	requireValues(t, []float64{2, 3, 1, 2, 3, 1, 2, 3, 1}, r)
	r, err = Pad(vals(F32, sh(4), 1, 2, 3, 4), sh(-1, 1), PadConstant, 0) // negative pad crops
	require.NoError(t, err)
	requireValues(t, []float64{2, 3, 4, 0}, r)
	ri, err := Pad(MustFromSlice(U8, sh(1), []uint8{7}), sh(1, 1), PadConstant, 300)
	require.NoError(t, err)
	assert.Equal(t, []int64{255, 7, 255}, ri.IntValues(), "pad value saturates to the dtype")
	_, err = Pad(x, sh(1, 1), PadConstant, 0)
	assert.Error(t, err)
	_, err = Pad(vals(F32, sh(2), 1, 2), sh(-3, 0), PadConstant, 0)
	assert.Error(t, err)
	_, err = Pad(New(F32, 0), sh(1, 0), PadEdge, 0)
	assert.Error(t, err)
	_, err = Pad(vals(F32, sh(2), 1, 2), sh(1<<50, 0), PadConstant, 0)
	assert.ErrorIs(t, err, ErrTooLarge)
}

func TestExpandTileAndViews(t *testing.T) {
	x := vals(F32, sh(3, 1), 1, 2, 3)
	y, err := Expand(x, sh(2, 1, 2))
	require.NoError(t, err)
	assert.Equal(t, sh(2, 3, 2), y.Shape())
	requireValues(t, []float64{1, 1, 2, 2, 3, 3, 1, 1, 2, 2, 3, 3}, y)
	y, err = Expand(x, sh(1))
	require.NoError(t, err)
	assert.Equal(t, sh(3, 1), y.Shape())
	_, err = Expand(x, sh(2, 2))
	assert.Error(t, err)
	_, err = BroadcastTo(x, sh(3))
	assert.Error(t, err)

	y, err = Tile(vals(F32, sh(2), 1, 2), sh(3))
	require.NoError(t, err)
	requireValues(t, []float64{1, 2, 1, 2, 1, 2}, y)
	y, err = Tile(arange(F32, 1, 2), sh(2, 2))
	require.NoError(t, err)
	assert.Equal(t, sh(2, 4), y.Shape())
	requireValues(t, []float64{1, 2, 1, 2, 1, 2, 1, 2}, y)
	y, err = Tile(arange(F32, 1, 2), sh(0, 2))
	require.NoError(t, err)
	assert.Equal(t, sh(0, 4), y.Shape())
	_, err = Tile(x, sh(1))
	assert.Error(t, err)

	z := arange(F32, 2, 3, 4)
	f, err := Flatten(z, 1)
	require.NoError(t, err)
	assert.Equal(t, sh(2, 12), f.Shape())
	f, err = Flatten(z, 0)
	require.NoError(t, err)
	assert.Equal(t, sh(1, 24), f.Shape())
	f, err = Flatten(z, -1)
	require.NoError(t, err)
	assert.Equal(t, sh(6, 4), f.Shape())
	_, err = Flatten(z, 4)
	assert.Error(t, err)

	s, err := Squeeze(New(F32, 1, 3, 1), nil)
	require.NoError(t, err)
	assert.Equal(t, sh(3), s.Shape())
	s, err = Squeeze(New(F32, 1, 3, 1), []int{-1})
	require.NoError(t, err)
	assert.Equal(t, sh(1, 3), s.Shape())
	_, err = Squeeze(New(F32, 1, 3, 1), []int{1})
	assert.Error(t, err)
	u, err := Unsqueeze(New(F32, 3, 4), []int{0, -1})
	require.NoError(t, err)
	assert.Equal(t, sh(1, 3, 4, 1), u.Shape())
	u, err = Unsqueeze(New(F32, 3), []int{1, 0})
	require.NoError(t, err)
	assert.Equal(t, sh(1, 1, 3), u.Shape())
	_, err = Unsqueeze(New(F32, 3), []int{0, 0})
	assert.Error(t, err)
}

// Huge dimensions beside a zero must not make kernels allocate or loop.
func TestZeroSizedHugeDims(t *testing.T) {
	x := New(F32, 0, 1<<40)
	for name, f := range map[string]func() (*Tensor, error){
		"slice":     func() (*Tensor, error) { return Slice(x, sh(0), sh(1<<40), []int{1}, nil) },
		"pad":       func() (*Tensor, error) { return Pad(x, sh(0, 1, 0, 1), PadConstant, 0) },
		"tile":      func() (*Tensor, error) { return Tile(x, sh(1, 2)) },
		"expand":    func() (*Tensor, error) { return Expand(x, sh(1, 1)) },
		"transpose": func() (*Tensor, error) { return Transpose(x, nil) },
		"softmax":   func() (*Tensor, error) { return Softmax(New(F32, 1<<40, 0), 1) },
		"reduce":    func() (*Tensor, error) { return Reduce(ReduceSum, x, []int{0}, false) },
		"concat":    func() (*Tensor, error) { return Concat(0, x, x) },
		"gather":    func() (*Tensor, error) { return Gather(x, MustFromSlice(I64, sh(1), []int64{0}), 1) },
		"add":       func() (*Tensor, error) { return Add(x, x) },
		"matmul":    func() (*Tensor, error) { return MatMul(New(F32, 1<<30, 1, 0, 3), New(F32, 1, 1<<30, 3, 0)) },
		"matmulint": func() (*Tensor, error) {
			return MatMulInteger(New(I8, 1<<30, 1, 0, 3), New(I8, 1, 1<<30, 3, 0), nil, nil)
		},
		"conv": func() (*Tensor, error) {
			return Conv2D(New(F32, 1<<40, 0, 3, 3), New(F32, 0, 0, 1, 1), nil, Conv2DParams{})
		},
		"convint": func() (*Tensor, error) {
			return ConvInteger2D(New(U8, 1<<40, 0, 3, 3), New(U8, 0, 0, 1, 1), nil, nil, Conv2DParams{})
		},
		"batchnorm": func() (*Tensor, error) {
			p := New(F32, 2)
			return BatchNorm(New(F32, 1<<40, 2, 0), p, p, p, p, 0)
		},
	} {
		y, err := f()
		if name == "reduce" {
			// the sum over axis 0 has 2^40 outputs: refused by the limit
			assert.ErrorIs(t, err, ErrTooLarge, name)
			continue
		}
		require.NoError(t, err, name)
		assert.Equal(t, 0, y.Len(), name)
	}
}

// TransposeInto, SliceInto and MatMulInto give the allocating forms'
// values and refuse outputs of another shape or dtype.
func TestMovementInto(t *testing.T) {
	x := arange(F32, 2, 3, 4)
	perm := []int{2, 0, 1}
	want, err := Transpose(x, perm)
	require.NoError(t, err)
	y := New(F32, want.Shape()...)
	require.NoError(t, TransposeInto(y, x, perm))
	require.Equal(t, want.Values(), y.Values())
	require.Error(t, TransposeInto(New(F32, 4, 3, 2), x, perm))
	require.Error(t, TransposeInto(New(F32, 4, 2, 3), x, []int{2, 0, 0}))

	starts, ends, steps := []int64{1, -1, 0}, []int64{2, -4, 4}, []int64{1, -1, 2}
	want, err = Slice(x, starts, ends, nil, steps)
	require.NoError(t, err)
	shape, err := SliceShape(x, starts, ends, nil, steps)
	require.NoError(t, err)
	require.Equal(t, want.Shape(), shape)
	y = New(F32, shape...)
	require.NoError(t, SliceInto(y, x, starts, ends, nil, steps))
	require.Equal(t, want.Values(), y.Values())
	require.Error(t, SliceInto(New(F32, 1), x, starts, ends, nil, steps))
	require.Error(t, SliceInto(y, x, starts, ends, nil, []int64{1, 0, 1}))

	a, b := arange(F32, 2, 3, 4), arange(F32, 4, 5)
	want, err = MatMul(a, b)
	require.NoError(t, err)
	shape, err = MatMulShape(a, b)
	require.NoError(t, err)
	y = New(F32, shape...)
	require.NoError(t, MatMulInto(y, a, b))
	require.Equal(t, want.Values(), y.Values())
	require.Error(t, MatMulInto(New(F32, 2, 3, 4), a, b))
	require.Error(t, MatMulInto(New(F32, 2, 3, 5), arange(F64, 2, 3, 4), arange(F64, 4, 5)))
}

// Slices whose last axis is one run take sliceRows; every element must
// be the index-map path's, for any steps (negative too) on the outer axes
// and ranks up to sliceRows' limit.
func TestSliceRowsMatchesMapped(t *testing.T) {
	rng := rand.New(rand.NewSource(5))
	for trial := range 300 {
		r := 1 + rng.Intn(5)
		shape := make([]int64, r)
		for i := range shape {
			shape[i] = int64(1 + rng.Intn(6))
		}
		x := New(F32, shape...)
		for i := range x.Len() {
			x.Float32s()[i] = float32(i)
		}
		var starts, ends, steps []int64
		var axes []int
		for ax := range r {
			if rng.Intn(3) == 0 {
				continue
			}
			d := shape[ax]
			st := int64(1)
			if ax < r-1 {
				st = []int64{1, 2, 3, -1, -2}[rng.Intn(5)]
			}
			a, b := rng.Int63n(d+1), rng.Int63n(d+1)
			if st < 0 {
				a, b = rng.Int63n(d), rng.Int63n(d+1)-1
			}
			starts, ends, steps, axes = append(starts, a), append(ends, b), append(steps, st), append(axes, ax)
		}
		y, err := Slice(x, starts, ends, axes, steps)
		if err != nil {
			t.Fatal(err)
		}
		_, first, stride, err := sliceGeometry(x, starts, ends, axes, steps)
		if err != nil {
			t.Fatal(err)
		}
		want := New(F32, y.shape...)
		if want.Len() > 0 {
			sliceMapped(want, x, first, stride)
		}
		if !slices.Equal(y.Float32s(), want.Float32s()) {
			t.Fatalf("trial %d: slice of %v (starts %v ends %v axes %v steps %v) = %v, want %v", trial, shape, starts, ends, axes, steps, y.Float32s(), want.Float32s())
		}
	}
}

// Constant pads (growing, cropping, both at once, whole rows of fill)
// through mapCopy's row copies give what the definition gives, element
// by element, for several dtypes.
func TestPadConstantRowsMatchDefinition(t *testing.T) {
	r := rand.New(rand.NewSource(17))
	for range 200 {
		rank := 1 + r.Intn(4)
		shape := make([]int64, rank)
		pads := make([]int64, 2*rank)
		for ax := range rank {
			shape[ax] = int64(1 + r.Intn(5))
			pads[ax] = int64(r.Intn(5) - 1)
			pads[rank+ax] = int64(r.Intn(5) - 1)
			if pads[ax]+pads[rank+ax]+shape[ax] < 0 {
				pads[ax], pads[rank+ax] = 0, 0
			}
		}
		n, _ := NumElements(shape)
		xv := make([]int32, n)
		for i := range xv {
			xv[i] = int32(i%200 + 10) // fits every dtype, never the fill
		}
		for _, dt := range []DType{F32, I32, U8} {
			x, err := Cast(MustFromSlice(I32, shape, xv), dt)
			require.NoError(t, err)
			y, err := Pad(x, pads, PadConstant, 9)
			require.NoError(t, err)
			ys := y.Shape()
			st := stridesOf(shape)
			got := y.IntValues()
			idx := make([]int64, rank)
			for o := range got {
				rem, in, want := o, 0, int64(9)
				for ax := rank - 1; ax >= 0; ax-- {
					idx[ax] = int64(rem) % ys[ax]
					rem /= int(ys[ax])
				}
				inside := true
				for ax := range rank {
					i := idx[ax] - pads[ax]
					if i < 0 || i >= shape[ax] {
						inside = false
						break
					}
					in += int(i) * st[ax]
				}
				if inside {
					want = int64(xv[in])
				}
				require.Equal(t, want, got[o], "shape %v pads %v dtype %v output %d", shape, pads, dt, o)
			}
		}
	}
}
