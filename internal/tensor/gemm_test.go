package tensor

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func randF32(r *rand.Rand, n int) []float32 {
	s := make([]float32, n)
	for i := range s {
		s[i] = float32(r.NormFloat64())
	}
	return s
}

// naiveGemm: C = op(A) op(B), each element summed in float32 in
// increasing k within gemmKC blocks, the block sums added in order — the
// exact order Sgemm documents.
func naiveGemm(transA, transB bool, m, n, k int, a []float32, lda int, b []float32, ldb int) []float32 {
	c := make([]float32, m*n)
	for i := range m {
		for j := range n {
			var s float32
			for p0 := 0; p0 < k; p0 += gemmKC {
				var t float32
				for p := p0; p < min(k, p0+gemmKC); p++ {
					var av, bv float32
					if transA {
						av = a[p*lda+i]
					} else {
						av = a[i*lda+p]
					}
					if transB {
						bv = b[j*ldb+p]
					} else {
						bv = b[p*ldb+j]
					}
					t += av * bv
				}
				if p0 == 0 {
					s = t
				} else {
					s += t
				}
			}
			c[i*n+j] = s
		}
	}
	return c
}

// useKernels makes Sgemm, GemmInt8 and the convolutions use f and i until
// the test ends.
// useKernels sets the f32 and int32 kernels for the rest of the test and
// turns the quad path off, so 8-bit convolutions run on i.
func useKernels(t *testing.T, f gemmKernel[float32], i gemmKernel[int32]) {
	t.Helper()
	pf, pi, pq := *kernF32, *kernI32, *kernU8S8
	*kernF32, *kernI32, *kernU8S8 = f, i, gemmKernel[int32]{}
	t.Cleanup(func() { *kernF32, *kernI32, *kernU8S8 = pf, pi, pq })
}

// TestSgemmAgainstNaive: the pure-Go kernel sums exactly in the documented
// order (products rounded, then added).
func TestSgemmAgainstNaive(t *testing.T) {
	useKernels(t, goKernF32, goKernI32)
	r := rand.New(rand.NewPCG(1, 2))
	shapes := [][3]int{{1, 1, 1}, {2, 4, 8}, {3, 5, 7}, {17, 13, 9}, {1, 100, 3}, {100, 1, 3},
		{33, 65, 257}, {121, 515, 300}, {7, 3, 600}, {250, 9, 513}, {64, 70, 576}, {5, 5, 0}}
	for _, s := range shapes {
		m, n, k := s[0], s[1], s[2]
		for _, tr := range [][2]bool{{false, false}, {true, false}, {false, true}, {true, true}} {
			t.Run(fmt.Sprintf("%dx%dx%d/%v", m, n, k, tr), func(t *testing.T) {
				a := randF32(r, m*k+3)
				b := randF32(r, k*n+5)
				lda, ldb := k, n
				if tr[0] {
					lda = m
				}
				if tr[1] {
					ldb = k
				}
				c := randF32(r, m*n) // garbage: beta 0 must ignore it
				require.NoError(t, Sgemm(tr[0], tr[1], m, n, k, 1, a, lda, b, ldb, 0, c, n))
				want := naiveGemm(tr[0], tr[1], m, n, k, a, lda, b, ldb)
				for i := range want {
					if math.Float32bits(want[i]) != math.Float32bits(c[i]) && !(want[i] == 0 && c[i] == 0) {
						t.Fatalf("C[%d] = %g, want %g", i, c[i], want[i])
					}
				}
			})
		}
	}
}

func TestSgemmAlphaBetaAndErrors(t *testing.T) {
	a := []float32{1, 2, 3, 4} // 2x2
	b := []float32{5, 6, 7, 8}
	c := []float32{1, 1, 1, 1}
	require.NoError(t, Sgemm(false, false, 2, 2, 2, 2, a, 2, b, 2, 1, c, 2))
	assert.Equal(t, []float32{39, 45, 87, 101}, c)
	c = []float32{1, 1, 1, 1}
	require.NoError(t, Sgemm(false, false, 2, 2, 2, 1, a, 2, b, 2, 0.5, c, 2))
	assert.Equal(t, []float32{19.5, 22.5, 43.5, 50.5}, c)
	c = []float32{float32(math.NaN()), 1, 1, 1}
	require.NoError(t, Sgemm(false, false, 2, 2, 2, 0, a, 2, b, 2, 0, c, 2))
	assert.Equal(t, []float32{0, 0, 0, 0}, c)
	assert.Error(t, Sgemm(false, false, 2, 2, 2, 1, a[:3], 2, b, 2, 0, c, 2))
	assert.Error(t, Sgemm(false, false, 2, 2, 2, 1, a, 1, b, 2, 0, c, 2))
	assert.Error(t, Sgemm(false, false, -1, 2, 2, 1, a, 2, b, 2, 0, c, 2))
	// k = 0 clears C (beta 0) or keeps it (beta 1)
	c = []float32{3, 3, 3, 3}
	require.NoError(t, Sgemm(false, false, 2, 2, 0, 1, nil, 1, nil, 2, 1, c, 2))
	assert.Equal(t, []float32{3, 3, 3, 3}, c)
	require.NoError(t, Sgemm(false, false, 2, 2, 0, 1, nil, 1, nil, 2, 0, c, 2))
	assert.Equal(t, []float32{0, 0, 0, 0}, c)
}

// TestGemmThreadDeterminism: results are bit-identical for every thread count.
func TestGemmThreadDeterminism(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	m, n, k := 300, 1100, 700 // several tiles in both directions, 3 K blocks
	if testing.Short() {
		m, n, k = 130, 600, 300
	}
	a, b := randF32(r, m*k), randF32(r, k*n)
	var ref []float32
	for _, th := range []int{1, 2, 3, 7, 16} {
		prev := SetThreads(th)
		c := make([]float32, m*n)
		require.NoError(t, Sgemm(false, false, m, n, k, 1, a, k, b, n, 0, c, n))
		SetThreads(prev)
		if ref == nil {
			ref = c
			continue
		}
		for i := range c {
			if math.Float32bits(c[i]) != math.Float32bits(ref[i]) {
				t.Fatalf("threads=%d: C[%d] = %x, threads=1 gave %x", th, i, math.Float32bits(c[i]), math.Float32bits(ref[i]))
			}
		}
	}
	// A narrow product cut by rows, each worker packing all of B (both B
	// layouts, and the int8 GEMM).
	for _, transB := range []bool{false, true} {
		m, n, k := 260, 49, 600
		a, b := randF32(r, m*k), randF32(r, k*n)
		ldb := n
		if transB {
			ldb = k
		}
		var ref []float32
		for _, th := range []int{1, 2, 4} {
			prev := SetThreads(th)
			c := make([]float32, m*n)
			require.NoError(t, Sgemm(false, transB, m, n, k, 1, a, k, b, ldb, 0, c, n))
			SetThreads(prev)
			if ref != nil {
				require.Equal(t, ref, c, "narrow, transB=%v, threads=%d", transB, th)
			}
			ref = c
		}
	}
	{
		m, n, k := 200, 30, 777
		a, b := make([]int8, m*k), make([]uint8, k*n)
		for i := range a {
			a[i] = int8(r.IntN(256) - 128)
		}
		for i := range b {
			b[i] = uint8(r.IntN(256))
		}
		var ref []int32
		for _, th := range []int{1, 3} {
			prev := SetThreads(th)
			c := make([]int32, m*n)
			require.NoError(t, GemmInt8(m, n, k, a, k, []int32{3}, b, n, []int32{200}, c, n, false))
			SetThreads(prev)
			if ref != nil {
				require.Equal(t, ref, c, "narrow int8, threads=%d", th)
			}
			ref = c
		}
	}
	// Convolutions split by output rows among the threads (the extended
	// output copied out, or written directly for a strided 1x1), with a
	// bias and a clamp.
	for _, c := range []struct {
		x, w []int64
		p    Conv2DParams
	}{
		{sh(1, 32, 30, 30), sh(64, 32, 3, 3), Conv2DParams{Pads: [4]int{1, 1, 1, 1}, Clip: true, ClipLo: -1, ClipHi: 2}},
		{sh(1, 24, 33, 31), sh(48, 24, 3, 3), Conv2DParams{Strides: [2]int{2, 2}, Pads: [4]int{1, 0, 1, 1}}},
		{sh(1, 64, 40, 40), sh(128, 64, 1, 1), Conv2DParams{Strides: [2]int{2, 2}}},
		// One strip of B read in place, one tall row tile a worker.
		{sh(1, 600, 7, 7), sh(128, 600, 1, 1), Conv2DParams{}},
	} {
		nx, _ := NumElements(c.x)
		nw, _ := NumElements(c.w)
		x := MustFromSlice(F32, c.x, randF32(r, int(nx)))
		w := MustFromSlice(F32, c.w, randF32(r, int(nw)))
		bias := MustFromSlice(F32, sh(c.w[0]), randF32(r, int(c.w[0])))
		var ref *Tensor
		for _, th := range []int{1, 2, 3} {
			prev := SetThreads(th)
			y, err := Conv2D(x, w, bias, c.p)
			SetThreads(prev)
			require.NoError(t, err)
			if ref != nil {
				require.Equal(t, ref.Float32s(), y.Float32s(), "conv %v threads=%d", c.w, th)
			}
			ref = y
		}
	}
	// The convolution path too.
	x := MustFromSlice(F32, sh(2, 16, 20, 20), randF32(r, 2*16*400))
	w := MustFromSlice(F32, sh(32, 8, 3, 3), randF32(r, 32*8*9))
	var refc *Tensor
	for _, th := range []int{1, 2, 5} {
		prev := SetThreads(th)
		y, err := Conv2D(x, w, nil, Conv2DParams{Groups: 2, Pads: [4]int{1, 1, 1, 1}})
		SetThreads(prev)
		require.NoError(t, err)
		if refc != nil {
			require.Equal(t, refc.Float32s(), y.Float32s(), "threads=%d", th)
		}
		refc = y
	}
}

func TestGemmInt8AgainstNaive(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for _, s := range [][3]int{{1, 1, 1}, {3, 5, 7}, {17, 33, 300}, {64, 100, 576}, {2, 3, 0}} {
		m, n, k := s[0], s[1], s[2]
		a := make([]uint8, m*k)
		b := make([]int8, k*n)
		for i := range a {
			a[i] = uint8(r.IntN(256))
		}
		for i := range b {
			b[i] = int8(r.IntN(256) - 128)
		}
		az := make([]int32, m)
		for i := range az {
			az[i] = int32(r.IntN(256))
		}
		bz := []int32{int32(r.IntN(256) - 128)}
		c := make([]int32, m*n)
		for i := range c {
			c[i] = 99 // must be overwritten
		}
		require.NoError(t, GemmInt8(m, n, k, a, max(k, 1), az, b, n, bz, c, n, false))
		for i := range m {
			for j := range n {
				var want int32
				for p := range k {
					want += (int32(a[i*k+p]) - az[i]) * (int32(b[p*n+j]) - bz[0])
				}
				require.Equal(t, want, c[i*n+j], "C[%d,%d] of %v", i, j, s)
			}
		}
	}
	assert.Error(t, GemmInt8(2, 2, 2, []int8{1, 2, 3, 4}, 2, []int32{1, 2, 3}, []int8{1, 2, 3, 4}, 2, nil, make([]int32, 4), 2, false))
}

func naiveMatMulF64(a, b []float64, m, n, k int) []float64 {
	c := make([]float64, m*n)
	for i := range m {
		for j := range n {
			for p := range k {
				c[i*n+j] += a[i*k+p] * b[p*n+j]
			}
		}
	}
	return c
}

func TestMatMulShapes(t *testing.T) {
	cases := []struct {
		a, b, want []int64
	}{
		{sh(2, 3), sh(3, 4), sh(2, 4)},
		{sh(3), sh(3, 4), sh(4)},
		{sh(2, 3), sh(3), sh(2)},
		{sh(3), sh(3), []int64{}},
		{sh(5, 2, 3), sh(3, 4), sh(5, 2, 4)},
		{sh(2, 3), sh(5, 3, 4), sh(5, 2, 4)},
		{sh(2, 1, 2, 3), sh(5, 3, 4), sh(2, 5, 2, 4)},
		{sh(3), sh(5, 3, 4), sh(5, 4)},
		{sh(5, 2, 3), sh(3), sh(5, 2)},
	}
	r := rand.New(rand.NewPCG(9, 10))
	for _, c := range cases {
		na, _ := NumElements(c.a)
		nb, _ := NumElements(c.b)
		a := MustFromSlice(F32, c.a, randF32(r, int(na)))
		b := MustFromSlice(F32, c.b, randF32(r, int(nb)))
		y, err := MatMul(a, b)
		require.NoError(t, err, "%v x %v", c.a, c.b)
		assert.Equal(t, c.want, y.Shape(), "%v x %v", c.a, c.b)
		// Check against F64 (naive loop) on the same values.
		a64, _ := Cast(a, F64)
		b64, _ := Cast(b, F64)
		y64, err := MatMul(a64, b64)
		require.NoError(t, err)
		assert.True(t, AllClose(y, y64, 1e-5, 1e-5), "%v x %v", c.a, c.b)
	}
	_, err := MatMul(New(F32, 2, 3), New(F32, 4, 2))
	assert.ErrorContains(t, err, "inner dimensions 3 and 4 differ")
	_, err = MatMul(New(F32, 2, 2, 3), New(F32, 3, 3, 2))
	assert.ErrorContains(t, err, "batch")
	_, err = MatMul(New(F32), New(F32, 3))
	assert.Error(t, err)
	_, err = MatMul(New(I8, 2, 2), New(I8, 2, 2))
	assert.Error(t, err)

	// Hand-computed batch broadcast: (2,1,2,2) x (2,2,2).
	a := vals(F32, sh(2, 1, 2, 2), 1, 0, 0, 1, 2, 0, 0, 2)
	b := vals(F32, sh(2, 2, 2), 1, 2, 3, 4, 5, 6, 7, 8)
	y, err := MatMul(a, b)
	require.NoError(t, err)
	assert.Equal(t, sh(2, 2, 2, 2), y.Shape())
	requireValues(t, []float64{1, 2, 3, 4, 5, 6, 7, 8, 2, 4, 6, 8, 10, 12, 14, 16}, y)
	// Integer and F64 match the naive loop.
	ai := MustFromSlice(I64, sh(2, 3), []int64{1, 2, 3, 4, 5, 6})
	bi := MustFromSlice(I64, sh(3, 2), []int64{1, -1, 2, -2, 3, -3})
	yi, err := MatMul(ai, bi)
	require.NoError(t, err)
	assert.Equal(t, []int64{14, -14, 32, -32}, yi.IntValues())
	yd, err := MatMul(vals(F64, sh(2, 2), 1, 2, 3, 4), vals(F64, sh(2, 1), 1, 1))
	require.NoError(t, err)
	requireValues(t, naiveMatMulF64([]float64{1, 2, 3, 4}, []float64{1, 1}, 2, 1, 2), yd)
	yh, err := MatMul(vals(BF16, sh(1, 2), 1, 2), vals(BF16, sh(2, 1), 3, 4))
	require.NoError(t, err)
	assert.Equal(t, BF16, yh.DType())
	requireValues(t, []float64{11}, yh)
}

func TestMatMulInteger(t *testing.T) {
	a := MustFromSlice(U8, sh(2, 3), []uint8{10, 20, 30, 40, 50, 60})
	b := MustFromSlice(I8, sh(3, 2), []int8{1, -1, 2, -2, 3, -3})
	y, err := MatMulInteger(a, b, MustFromSlice(U8, nil, []uint8{10}), MustFromSlice(I8, sh(2), []int8{1, -1}))
	require.NoError(t, err)
	assert.Equal(t, I32, y.DType())
	// (a-10) = [[0,10,20],[30,40,50]]; (b-[1,-1]) = [[0,0],[1,-1],[2,-2]]
	assert.Equal(t, []int64{50, -50, 140, -140}, y.IntValues())
	// per-row a zero point, batched a
	a3 := MustFromSlice(I8, sh(2, 1, 2), []int8{1, 2, 3, 4})
	b2 := MustFromSlice(I8, sh(2, 1), []int8{1, 1})
	y, err = MatMulInteger(a3, b2, MustFromSlice(I8, sh(1), []int8{1}), nil)
	require.NoError(t, err)
	assert.Equal(t, sh(2, 1, 1), y.Shape())
	assert.Equal(t, []int64{1, 5}, y.IntValues())
	_, err = MatMulInteger(a, b, MustFromSlice(I8, nil, []int8{1}), nil)
	assert.ErrorContains(t, err, "zero point is i8")
	_, err = MatMulInteger(a, b, nil, MustFromSlice(I8, sh(3), []int8{1, 2, 3}))
	assert.ErrorContains(t, err, "want a scalar or 2 values")
}

func TestSgemmRandomShapes(t *testing.T) {
	useKernels(t, goKernF32, goKernI32)
	r := rand.New(rand.NewPCG(21, 22))
	for range 40 {
		m, n, k := 1+r.IntN(70), 1+r.IntN(70), 1+r.IntN(600)
		ta, tb := r.IntN(2) == 0, r.IntN(2) == 0
		lda, ldb := k+r.IntN(3), n+r.IntN(3)
		if ta {
			lda = m + r.IntN(3)
		}
		if tb {
			ldb = k + r.IntN(3)
		}
		a, b := randF32(r, m*lda+k*lda), randF32(r, k*ldb+n*ldb)
		ldc := n + r.IntN(3)
		c := make([]float32, m*ldc)
		require.NoError(t, Sgemm(ta, tb, m, n, k, 1, a, lda, b, ldb, 0, c, ldc))
		want := naiveGemm(ta, tb, m, n, k, a, lda, b, ldb)
		for i := range m {
			for j := range n {
				require.Equal(t, math.Float32bits(want[i*n+j]), math.Float32bits(c[i*ldc+j]), "%dx%dx%d C[%d,%d]", m, n, k, i, j)
			}
		}
	}
}
