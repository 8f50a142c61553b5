package tensor

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"
)

// binF32Fast gives the scalar operation's bits for every op, mode and
// length, special values included.
func TestBinF32Fast(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	inf := float32(math.Inf(1))
	specials := []float32{0, float32(math.Copysign(0, -1)), inf, -inf, float32(math.NaN()), 1e-45, 3e38, -3e38}
	vals := func(n int) []float32 {
		v := make([]float32, n)
		for i := range v {
			if r.IntN(8) == 0 {
				v[i] = specials[r.IntN(len(specials))]
			} else {
				v[i] = float32(r.NormFloat64() * 10)
			}
		}
		return v
	}
	ops := map[BinaryOp]func(x, y float32) float32{
		OpAdd: func(x, y float32) float32 { return x + y },
		OpSub: func(x, y float32) float32 { return x - y },
		OpMul: func(x, y float32) float32 { return x * y },
		OpDiv: func(x, y float32) float32 { return x / y },
	}
	for op, f := range ops {
		for _, st := range [][2]int{{1, 1}, {1, 0}, {0, 1}} {
			for n := range 70 {
				a, b, o := vals(n+1), vals(n+1), make([]float32, n)
				k := binF32Fast(op, o, a, b, st[0], st[1])
				if k != 0 && k != n&^7 {
					t.Fatalf("%v %v n=%d: did %d", op, st, n, k)
				}
				for i := range k {
					want := f(a[i*st[0]], b[i*st[1]])
					if want != want && o[i] != o[i] {
						continue
					}
					if math.Float32bits(o[i]) != math.Float32bits(want) {
						t.Fatalf("%v strides %v n=%d: o[%d] = %g, want %g", op, st, n, i, o[i], want)
					}
				}
			}
		}
	}
}

// Broadcast float32 products and quotients large enough to be shared among
// threads give the definition's bits at any thread count, whichever
// operand broadcasts.
func TestBinaryBroadcastThreads(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	fill := func(x *Tensor) *Tensor {
		for i := range x.Float32s() {
			x.Float32s()[i] = float32(r.NormFloat64())
		}
		return x
	}
	cases := [][2]*Tensor{
		{fill(New(F32, 1, 70, 33, 37)), fill(New(F32, 1, 70, 1, 1))},
		{fill(New(F32, 2, 1, 1, 120)), fill(New(F32, 2, 3, 130, 120))},
		{fill(New(F32, 9, 1)), fill(New(F32, 9, 9000))},
	}
	for _, th := range []int{1, 3} {
		prev := SetThreads(th)
		for _, c := range cases {
			for _, op := range []BinaryOp{OpMul, OpDiv, OpSub} {
				got, err := Binary(op, c[0], c[1])
				if err != nil {
					t.Fatal(err)
				}
				shape := got.Shape()
				for i := range got.Len() {
					ia, ib := bcastIndex(i, shape, c[0].Shape()), bcastIndex(i, shape, c[1].Shape())
					x, y := c[0].Float32s()[ia], c[1].Float32s()[ib]
					var want float32
					switch op {
					case OpMul:
						want = x * y
					case OpDiv:
						want = x / y
					case OpSub:
						want = x - y
					}
					if math.Float32bits(got.Float32s()[i]) != math.Float32bits(want) {
						t.Fatalf("threads %d, %v %v %v, element %d: %g, want %g", th, c[0].Shape(), op, c[1].Shape(), i, got.Float32s()[i], want)
					}
				}
			}
		}
		SetThreads(prev)
	}
}

// bcastIndex is the flat index in a tensor of shape in that broadcasts to
// output element i of shape out.
func bcastIndex(i int, out, in []int64) int {
	idx, stride := 0, 1
	for d := len(out) - 1; d >= 0; d-- {
		c := i % int(out[d])
		i /= int(out[d])
		k := d - (len(out) - len(in))
		if k < 0 {
			continue
		}
		if in[k] != 1 {
			idx += c * stride
		}
		stride *= int(in[k])
	}
	return idx
}

// BinaryInto's flat path (operands aligned with the result or one value)
// gives every element's float32 result: sizes below one vector and over
// one chunk, a banded NCHW result, a leading 1 on one side only, and the
// scalar on either side, at one and three threads.
func TestBinaryIntoFlat(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	fill := func(x *Tensor) *Tensor {
		for i := range x.Float32s() {
			x.Float32s()[i] = float32(r.NormFloat64())
			if i%97 == 5 {
				x.Float32s()[i] = float32(math.NaN())
			}
		}
		return x
	}
	cases := [][2][]int64{
		{{3}, {3}}, {{16, 64}, {1, 16, 64}}, {{1}, {2, 5, 7}}, {{2, 5, 7}, {}},
		{{1, 24, 56, 56}, {1, 24, 56, 56}}, {{1, 24, 56, 56}, {1}}, {{40000}, {40000}},
	}
	for _, th := range []int{1, 3} {
		prev := SetThreads(th)
		for _, c := range cases {
			a, b := fill(New(F32, c[0]...)), fill(New(F32, c[1]...))
			for _, op := range []BinaryOp{OpAdd, OpSub, OpMul, OpDiv} {
				shape, err := BroadcastShapes(a.Shape(), b.Shape())
				if err != nil {
					t.Fatal(err)
				}
				y := New(F32, shape...)
				if err := BinaryInto(y, op, a, b); err != nil {
					t.Fatal(err)
				}
				for i := range y.Len() {
					x, z := a.Float32s()[i%a.Len()], b.Float32s()[i%b.Len()]
					want := [...]float32{x + z, x - z, x * z, x / z}[op-OpAdd]
					if math.Float32bits(y.Float32s()[i]) != math.Float32bits(want) {
						t.Fatalf("threads %d, %v %v %v, element %d: %g, want %g", th, a.Shape(), op, b.Shape(), i, y.Float32s()[i], want)
					}
				}
			}
		}
		SetThreads(prev)
	}
}

// HardSwishInto gives the bits of its four ops run one by one (add, clip,
// div, mul), for NaNs, infinities and signed zeros, both operand orders of
// the product, short and banded NCHW shapes, at one and three threads.
func TestHardSwishMatchesSteps(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	for _, th := range []int{1, 3} {
		prev := SetThreads(th)
		for _, shape := range [][]int64{{5}, {1, 16, 32, 32}, {1, 72, 57, 57}, {3, 1000}} {
			x := New(F32, shape...)
			for i := range x.Float32s() {
				switch r.IntN(15) {
				case 0:
					// NaNs of several payloads: which operand's NaN wins
					// shows in the bits.
					x.Float32s()[i] = math.Float32frombits(0x7fc00000 | uint32(r.IntN(1<<22)))
				case 1:
					x.Float32s()[i] = float32(math.Inf(1 - 2*r.IntN(2)))
				case 2:
					x.Float32s()[i] = float32(math.Copysign(0, -1))
				default:
					x.Float32s()[i] = float32(r.NormFloat64() * 4)
				}
			}
			for k, xLast := range []bool{false, true, false, true} {
				h := HardSwish{Add: 3, Lo: 0, Hi: 6, Div: 6, XLast: xLast}
				if k >= 2 { // a NaN addend of its own payload
					h.Add = math.Float32frombits(0x7fc00123)
				}
				y := New(F32, shape...)
				if err := HardSwishInto(y, x, h); err != nil {
					t.Fatal(err)
				}
				a, err := Binary(OpAdd, x, MustFromSlice(F32, nil, []float32{h.Add}))
				if err != nil {
					t.Fatal(err)
				}
				c, err := Clip(a, float64(h.Lo), float64(h.Hi))
				if err != nil {
					t.Fatal(err)
				}
				d, err := Binary(OpDiv, c, MustFromSlice(F32, nil, []float32{h.Div}))
				if err != nil {
					t.Fatal(err)
				}
				want, err := Binary(OpMul, x, d)
				if xLast {
					want, err = Binary(OpMul, d, x)
				}
				if err != nil {
					t.Fatal(err)
				}
				for i, v := range y.Float32s() {
					if math.Float32bits(v) != math.Float32bits(want.Float32s()[i]) {
						t.Fatalf("threads %d, %v, xLast %v, element %d (x %v): %v, want %v", th, shape, xLast, i, x.Float32s()[i], v, want.Float32s()[i])
					}
				}
			}
		}
		SetThreads(prev)
	}
}

// ScaleShiftInto refuses what it cannot compute: another dtype, rank 1,
// a scale or shift of another length than the channels, an empty clamp.
func TestScaleShiftIntoErrors(t *testing.T) {
	x, y := New(F32, 1, 3, 2, 2), New(F32, 1, 3, 2, 2)
	three := []float32{1, 2, 3}
	require.NoError(t, ScaleShiftInto(y, x, three, three, true, 0, 6))
	require.Error(t, ScaleShiftInto(y, New(F64, 1, 3, 2, 2), three, three, false, 0, 0))
	require.Error(t, ScaleShiftInto(New(F32, 3), New(F32, 3), three, three, false, 0, 0))
	require.Error(t, ScaleShiftInto(y, x, three[:2], three, false, 0, 0))
	require.Error(t, ScaleShiftInto(y, x, three, three, true, 1, 0))
	require.Error(t, ScaleShiftInto(New(F32, 1, 3, 2, 3), x, three, three, false, 0, 0))
}

// TestBinaryIntoPerRow: an operand with one value per row of the other
// (a squeeze-and-excite scale, either side, any op, leading 1s dropped,
// one and three threads, in place) gives Binary's bits, and operands
// that broadcast otherwise still do.
func TestBinaryIntoPerRow(t *testing.T) {
	r := rand.New(rand.NewPCG(61, 62))
	for _, c := range []struct{ per, full []int64 }{
		{sh(1, 480, 1, 1), sh(1, 480, 14, 14)},
		{sh(1, 40, 1, 1), sh(1, 40, 30, 31)}, // several elemChunks
		{sh(3, 1, 1), sh(1, 3, 4, 5)},
		{sh(2, 3, 1), sh(2, 3, 7)},
		{sh(1, 1, 4, 5), sh(1, 3, 4, 5)}, // not per row
		{sh(1, 3, 1, 5), sh(2, 3, 4, 5)}, // not per row
	} {
		np, _ := NumElements(c.per)
		nf, _ := NumElements(c.full)
		per := MustFromSlice(F32, c.per, randF32(r, int(np)))
		pv := per.Float32s()
		pv[0] = 0 // a division by zero
		full := MustFromSlice(F32, c.full, randF32(r, int(nf)))
		for _, threads := range []int{1, 3} {
			for _, op := range []BinaryOp{OpAdd, OpSub, OpMul, OpDiv} {
				for _, perFirst := range []bool{false, true} {
					t.Run(fmt.Sprintf("%v/%v/%v/t%d/perFirst=%v", c.per, c.full, op, threads, perFirst), func(t *testing.T) {
						defer SetThreads(SetThreads(threads))
						a, b := full, per
						if perFirst {
							a, b = per, full
						}
						want, err := Binary(op, a, b)
						require.NoError(t, err)
						y := New(F32, want.Shape()...)
						require.NoError(t, BinaryInto(y, op, a, b))
						sameBitsF32(t, want, y)
						// In place, into the full operand's storage.
						in := MustFromSlice(F32, c.full, append([]float32(nil), full.Float32s()...))
						if perFirst {
							require.NoError(t, BinaryInto(in, op, per, in))
						} else {
							require.NoError(t, BinaryInto(in, op, in, per))
						}
						if slices.Equal(want.Shape(), c.full) {
							sameBitsF32(t, want, in)
						}
					})
				}
			}
		}
	}
}
