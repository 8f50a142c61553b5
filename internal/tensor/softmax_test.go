package tensor

import (
	"math"
	"math/rand"
	"testing"
)

// softmaxRowF32's SIMD maximum leaves NaNs out as its loop does, and its
// four float64 lane sums are the loop's, bit for bit: rows of every
// length from 1 to 70 with NaNs, infinities, signed zeros and values
// whose sums round.
func TestSoftmaxRowKernelsMatchLoops(t *testing.T) {
	rng := rand.New(rand.NewSource(4))
	for trial := range 2000 {
		n := 1 + trial%70
		x := make([]float32, n)
		for i := range x {
			switch rng.Intn(20) {
			case 0:
				x[i] = float32(math.NaN())
			case 1:
				x[i] = float32(math.Inf(1 - 2*rng.Intn(2)))
			case 2:
				x[i] = float32(math.Copysign(0, float64(1-2*rng.Intn(2))))
			default:
				x[i] = float32(rng.NormFloat64() * math.Pow(10, float64(rng.Intn(60)-30)))
			}
		}
		if trial%3 == 0 { // all NaN or −Inf: the maximum is −Inf
			for i := range x {
				x[i] = []float32{float32(math.NaN()), float32(math.Inf(-1))}[i%2]
			}
		}
		want := float32(math.Inf(-1))
		for _, v := range x {
			if v > want {
				want = v
			}
		}
		if got, ok := rowMaxFast(x); ok && math.Float32bits(got) != math.Float32bits(want) && !(got == 0 && want == 0) {
			t.Fatalf("trial %d (n %d): max %v, want %v", trial, n, got, want)
		}
		var ws [4]float64
		for i := 0; i+4 <= n; i += 4 {
			for j := range 4 {
				ws[j] += float64(x[i+j])
			}
		}
		if got, ok := sum4Fast(x); ok {
			for j := range 4 {
				if math.Float64bits(got[j]) != math.Float64bits(ws[j]) && !(math.IsNaN(got[j]) && math.IsNaN(ws[j])) {
					t.Fatalf("trial %d (n %d): lane %d sum %v, want %v", trial, n, j, got[j], ws[j])
				}
			}
		}
	}
}

// A float32 sum over two values (trailing or inner axis, other reduced
// axes of size 1) gives the float64 path's bits: float32 of 0 + a + b in
// float64, for signed zeros, NaNs, infinities and sums that round, and
// lengths that leave a SIMD tail.
func TestReduceSumPairsMatchFloat64(t *testing.T) {
	rng := rand.New(rand.NewSource(6))
	vals := func(n int) []float32 {
		x := make([]float32, n)
		for i := range x {
			switch rng.Intn(12) {
			case 0:
				x[i] = float32(math.Copysign(0, -1))
			case 1:
				x[i] = float32(math.NaN())
			case 2:
				x[i] = float32(math.Inf(1 - 2*rng.Intn(2)))
			default:
				x[i] = float32(rng.NormFloat64() * math.Pow(2, float64(rng.Intn(40)-20)))
			}
		}
		return x
	}
	for _, c := range []struct {
		shape []int64
		axes  []int
	}{
		{[]int64{3, 37, 2}, []int{2}}, {[]int64{1, 21, 64, 64, 2}, []int{4}}, {[]int64{4, 2, 9}, []int{1}},
		{[]int64{1, 21, 8, 2, 8}, []int{3}}, {[]int64{5, 1, 2}, []int{1, 2}}, {[]int64{2}, nil},
	} {
		n := 1
		for _, d := range c.shape {
			n *= int(d)
		}
		x := MustFromSlice(F32, c.shape, vals(n))
		for _, keep := range []bool{false, true} {
			got, err := Reduce(ReduceSum, x, c.axes, keep)
			if err != nil {
				t.Fatal(err)
			}
			want, err := Reduce(ReduceSum, MustFromSlice(F64, c.shape, x.Values()), c.axes, keep)
			if err != nil {
				t.Fatal(err)
			}
			wv := want.Values()
			for i, v := range got.Float32s() {
				w := float32(wv[i])
				if math.Float32bits(v) != math.Float32bits(w) && !(v != v && w != w) {
					t.Fatalf("%v over %v: element %d = %v (%#x), want %v (%#x)", c.shape, c.axes, i, v, math.Float32bits(v), w, math.Float32bits(w))
				}
			}
		}
	}
}

// The AVX-512 last-axis gather for short rows gives the values the index
// loop gives, for row lengths 1 to 16 and index counts with a partial
// last block.
func TestGatherShortRows(t *testing.T) {
	rng := rand.New(rand.NewSource(9))
	for d := 1; d <= 17; d++ {
		for _, m := range []int{1, 15, 16, 33, 128} {
			x := MustFromSlice(F32, []int64{3, 5, int64(d)}, vals32(rng, 15*d))
			idx := make([]int64, m)
			for i := range idx {
				idx[i] = int64(rng.Intn(2*d) - d) // negative ones count from the end
			}
			got, err := Gather(x, MustFromSlice(I64, []int64{int64(m)}, idx), 2)
			if err != nil {
				t.Fatal(err)
			}
			for r := range 15 {
				for j, v := range idx {
					if v < 0 {
						v += int64(d)
					}
					if w := x.Float32s()[r*d+int(v)]; got.Float32s()[r*m+j] != w {
						t.Fatalf("d %d m %d: [%d,%d] = %v, want %v", d, m, r, j, got.Float32s()[r*m+j], w)
					}
				}
			}
		}
	}
}

func vals32(rng *rand.Rand, n int) []float32 {
	x := make([]float32, n)
	for i := range x {
		x[i] = float32(rng.NormFloat64())
	}
	return x
}
