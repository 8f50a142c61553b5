package tensor

import (
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// gemmShapes: edge tiles in every direction (M, N, K not multiples of any
// MR, gemmNR or gemmKC), degenerate M, N, K = 1 and a K of several blocks.
var gemmShapes = [][3]int{
	{1, 1, 1}, {1, 17, 5}, {13, 1, 9}, {7, 16, 1}, {12, 16, 256}, {6, 32, 257},
	{25, 33, 300}, {121, 530, 70}, {2, 20, 40}, {4, 16, 3}, {9, 31, 17}, {3, 70, 1100}, {37, 19, 513}, {64, 49, 600},
}

// simdVariants: every SIMD kernel of every family on its own, then each
// family as dispatched (MR picked per product).
func simdVariants[T gemmElem](fams []gemmKernel[T]) []gemmKernel[T] {
	var vs []gemmKernel[T]
	for _, f := range fams {
		vs = append(vs, f.variants()...)
	}
	for _, f := range fams {
		f.name += "/dispatch"
		vs = append(vs, f)
	}
	return vs
}

// TestSgemmSIMDKernels: every f32 SIMD kernel this CPU runs agrees with the
// pure-Go kernel within the accumulation bound
//
//	|simd - ref| <= 2·K·eps·Σ_p |A[i,p]|·|B[p,j]|
//
// (each of the two is within K·eps·Σ|a||b| of the exact sum), the SIMD
// kernels agree with each other bit for bit (the same FMA chain), and on
// small products they equal an exactly computed FMA chain.
func TestSgemmSIMDKernels(t *testing.T) {
	kernels := simdVariants(simdKernelsF32())
	if len(kernels) == 0 {
		t.Skip("no SIMD kernel on this CPU or build")
	}
	const eps = 1.0 / (1 << 23)
	r := rand.New(rand.NewPCG(31, 32))
	for _, s := range gemmShapes {
		m, n, k := s[0], s[1], s[2]
		for _, tr := range [][2]bool{{false, false}, {true, true}, {true, false}, {false, true}} {
			lda, ldb, ldc := k+1, n+3, n+2
			if tr[0] {
				lda = m + 1
			}
			if tr[1] {
				ldb = k + 2
			}
			a, b := randF32(r, (m+k)*lda), randF32(r, (n+k)*ldb)
			c0 := randF32(r, m*ldc)
			at := func(i, p int) float32 {
				if tr[0] {
					return a[p*lda+i]
				}
				return a[i*lda+p]
			}
			bt := func(p, j int) float32 {
				if tr[1] {
					return b[j*ldb+p]
				}
				return b[p*ldb+j]
			}
			run := func(kern gemmKernel[float32], beta float32) []float32 {
				useKernels(t, kern, goKernI32)
				c := append([]float32(nil), c0...)
				require.NoError(t, Sgemm(tr[0], tr[1], m, n, k, 1, a, lda, b, ldb, beta, c, ldc))
				// Reading B in place or packed gives the same bits.
				gemmInPlaceB = false
				defer func() { gemmInPlaceB = true }()
				c2 := append([]float32(nil), c0...)
				require.NoError(t, Sgemm(tr[0], tr[1], m, n, k, 1, a, lda, b, ldb, beta, c2, ldc))
				for i := range c {
					require.Equal(t, math.Float32bits(c2[i]), math.Float32bits(c[i]), "%s: in-place B", kern.name)
				}
				return c
			}
			for _, beta := range []float32{0, 1} {
				ref := run(goKernF32, beta)
				var first []float32
				for _, kern := range kernels {
					got := run(kern, beta)
					name := fmt.Sprintf("%s %dx%dx%d trans=%v beta=%g", kern.name, m, n, k, tr, beta)
					for i := range m {
						for j := range n {
							var mag float64
							for p := range k {
								mag += math.Abs(float64(at(i, p)) * float64(bt(p, j)))
							}
							if beta == 1 {
								mag += math.Abs(float64(c0[i*ldc+j]))
							}
							d := math.Abs(float64(got[i*ldc+j]) - float64(ref[i*ldc+j]))
							if d > 2*float64(k+1)*eps*mag {
								t.Fatalf("%s: C[%d,%d] = %g, pure Go %g", name, i, j, got[i*ldc+j], ref[i*ldc+j])
							}
						}
					}
					// Elements outside the m x n window are never written.
					for i := range m {
						for j := n; j < ldc; j++ {
							require.Equal(t, c0[i*ldc+j], got[i*ldc+j], "%s: C[%d,%d] outside the product", name, i, j)
						}
					}
					if first == nil {
						first = got
					} else {
						for i := range got {
							if math.Float32bits(got[i]) != math.Float32bits(first[i]) {
								t.Fatalf("%s: C[%d] = %g, %s gave %g", name, i, got[i], kernels[0].name, first[i])
							}
						}
					}
					if m*n*k <= 40000 {
						want := fmaChain(m, n, k, at, bt, c0, ldc, beta == 1)
						for i := range m {
							for j := range n {
								require.Equal(t, math.Float32bits(want[i*n+j]), math.Float32bits(got[i*ldc+j]),
									"%s: C[%d,%d] is not the documented FMA chain", name, i, j)
							}
						}
					}
				}
			}
		}
	}
}

// fmaChain computes the SIMD kernels' documented order with exactly
// rounded float32 FMAs (big.Float: no double rounding).
func fmaChain(m, n, k int, at func(i, p int) float32, bt func(p, j int) float32, c []float32, ldc int, acc bool) []float32 {
	fma := func(x, y, z float32) float32 {
		var prod, sum big.Float
		prod.SetPrec(100).Mul(big.NewFloat(float64(x)), big.NewFloat(float64(y)))
		sum.SetPrec(400).Add(&prod, big.NewFloat(float64(z)))
		f, _ := sum.Float32()
		return f
	}
	out := make([]float32, m*n)
	for i := range m {
		for j := range n {
			var s float32
			for p0 := 0; p0 < k; p0 += gemmKC {
				var t float32
				for p := p0; p < min(k, p0+gemmKC); p++ {
					t = fma(at(i, p), bt(p, j), t)
				}
				if p0 == 0 && !acc {
					s = t
				} else if p0 == 0 {
					s = c[i*ldc+j] + t
				} else {
					s += t
				}
			}
			out[i*n+j] = s
		}
	}
	return out
}

// TestGemmInt8SIMDKernels: every integer SIMD kernel equals the pure-Go
// kernel bit for bit, for all four signedness pairs, per-row/column and
// extreme zero points, and with accumulation.
func TestGemmInt8SIMDKernels(t *testing.T) {
	kernels := simdVariants(simdKernelsI32())
	if len(kernels) == 0 {
		t.Skip("no SIMD kernel on this CPU or build")
	}
	r := rand.New(rand.NewPCG(41, 42))
	for _, s := range gemmShapes {
		m, n, k := s[0], s[1], s[2]
		au, bu := make([]uint8, m*k), make([]uint8, k*n)
		for i := range au {
			au[i] = uint8(r.IntN(256))
		}
		for i := range bu {
			bu[i] = uint8(r.IntN(256))
		}
		as, bs := make([]int8, len(au)), make([]int8, len(bu))
		for i := range au {
			as[i] = int8(au[i])
		}
		for i := range bu {
			bs[i] = int8(bu[i])
		}
		azRow := make([]int32, m)
		for i := range azRow {
			azRow[i] = int32(r.IntN(256))
		}
		bzCol := make([]int32, n)
		for i := range bzCol {
			bzCol[i] = int32(r.IntN(256) - 128)
		}
		c0 := make([]int32, m*n)
		for i := range c0 {
			c0[i] = int32(r.Uint32())
		}
		zeros := []struct{ a, b []int32 }{
			{nil, nil}, {azRow, bzCol}, {[]int32{255}, []int32{-128}}, {[]int32{-128}, []int32{255}},
		}
		for zi, z := range zeros {
			for acc := range 2 {
				run := func(kern gemmKernel[int32], sign int) []int32 {
					useKernels(t, goKernF32, kern)
					c := append([]int32(nil), c0...)
					var err error
					switch sign {
					case 0:
						err = GemmInt8(m, n, k, au, max(k, 1), z.a, bu, n, z.b, c, n, acc == 1)
					case 1:
						err = GemmInt8(m, n, k, au, max(k, 1), z.a, bs, n, z.b, c, n, acc == 1)
					case 2:
						err = GemmInt8(m, n, k, as, max(k, 1), z.a, bu, n, z.b, c, n, acc == 1)
					default:
						err = GemmInt8(m, n, k, as, max(k, 1), z.a, bs, n, z.b, c, n, acc == 1)
					}
					require.NoError(t, err)
					return c
				}
				for sign := range 4 {
					ref := run(goKernI32, sign)
					for _, kern := range kernels {
						got := run(kern, sign)
						for i := range got {
							if got[i] != ref[i] {
								t.Fatalf("%s %v zeros#%d sign#%d acc=%d: C[%d] = %d, pure Go %d", kern.name, s, zi, sign, acc, i, got[i], ref[i])
							}
						}
					}
				}
			}
		}
	}
}

// TestGemmInt8WideZeroPoints: zero points outside the 16-bit kernels'
// range fall back to the pure-Go kernel and stay exact.
func TestGemmInt8WideZeroPoints(t *testing.T) {
	a := []uint8{1, 2, 3, 4}
	b := []int8{5, 6, 7, 8}
	c := make([]int32, 4)
	require.NoError(t, GemmInt8(2, 2, 2, a, 2, []int32{100000}, b, 2, []int32{-70000}, c, 2, false))
	for i := range 2 {
		for j := range 2 {
			var want int32
			for p := range 2 {
				want += (int32(a[i*2+p]) - 100000) * (int32(b[p*2+j]) + 70000)
			}
			require.Equal(t, want, c[i*2+j])
		}
	}
}

// TestConvSIMDKernels: the convolution plans (own packing of B) give the
// same results with each kernel: f32 within the bound of Conv2D's own
// check against pure Go, integers bit for bit.
func TestConvSIMDKernels(t *testing.T) {
	r := rand.New(rand.NewPCG(51, 52))
	x := MustFromSlice(F32, sh(2, 6, 11, 13), randF32(r, 2*6*11*13))
	w := MustFromSlice(F32, sh(10, 3, 3, 3), randF32(r, 10*3*9))
	p := Conv2DParams{Groups: 2, Pads: [4]int{1, 2, 0, 1}, Strides: [2]int{1, 2}}
	useKernels(t, goKernF32, goKernI32)
	ref, err := Conv2D(x, w, nil, p)
	require.NoError(t, err)
	xi := make([]uint8, 2*6*11*13)
	for i := range xi {
		xi[i] = uint8(r.IntN(256))
	}
	wi := make([]int8, 10*3*9)
	for i := range wi {
		wi[i] = int8(r.IntN(256) - 128)
	}
	xq, wq := MustFromSlice(U8, sh(2, 6, 11, 13), xi), MustFromSlice(I8, sh(10, 3, 3, 3), wi)
	xz := MustFromSlice(U8, nil, []uint8{131})
	refi, err := ConvInteger2D(xq, wq, xz, nil, p)
	require.NoError(t, err)
	fs, is := simdVariants(simdKernelsF32()), simdVariants(simdKernelsI32())
	for i := range max(len(fs), len(is)) {
		f, ik := goKernF32, goKernI32
		if i < len(fs) {
			f = fs[i]
		}
		if i < len(is) {
			ik = is[i]
		}
		useKernels(t, f, ik)
		y, err := Conv2D(x, w, nil, p)
		require.NoError(t, err)
		k := 3 * 9
		for e, v := range y.Float32s() {
			require.InDelta(t, ref.Float32s()[e], v, 2*float64(k)*1e-7*30, "%s: y[%d]", f.name, e)
		}
		yi, err := ConvInteger2D(xq, wq, xz, nil, p)
		require.NoError(t, err)
		require.Equal(t, refi.IntValues(), yi.IntValues(), "%s", ik.name)
	}
}

// TestGemmAsmGenerated: gemm_amd64.s is what gemm_amd64_gen.go writes.
func TestGemmAsmGenerated(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the go tool")
	}
	gen, err := os.ReadFile("gemm_amd64_gen.go")
	require.NoError(t, err)
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "gemm_amd64_gen.go"), gen, 0o644))
	cmd := exec.Command("go", "run", "gemm_amd64_gen.go")
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "%s", out)
	want, err := os.ReadFile(filepath.Join(dir, "gemm_amd64.s"))
	require.NoError(t, err)
	got, err := os.ReadFile("gemm_amd64.s")
	require.NoError(t, err)
	require.True(t, string(want) == string(got), "gemm_amd64.s is stale: run go generate ./internal/tensor")
}

// Every offset-reading kernel gives the bits of its plain twin on the
// same rows: B rows scattered through a buffer at random offsets (some
// shared, some overlapping) against the same rows packed, both on full
// tiles, with and without accumulation.
func TestSgemmIndKernels(t *testing.T) {
	r := rand.New(rand.NewPCG(61, 62))
	var n int
	for _, k := range simdVariants(simdKernelsF32()) {
		if k.runInd == nil {
			continue
		}
		n++
		for _, kc := range []int{1, 2, 7, 64, gemmKC} {
			buf := randF32(r, 3000)
			off := make([]int, kc)
			packed := make([]float32, kc*gemmNR)
			maxOff := 0
			for p := range off {
				off[p] = r.IntN(len(buf) - gemmNR)
				maxOff = max(maxOff, off[p])
				copy(packed[p*gemmNR:(p+1)*gemmNR], buf[off[p]:])
			}
			a := randF32(r, kc*k.mr)
			for _, acc := range []bool{false, true} {
				init := randF32(r, k.mr*gemmNR)
				want := append([]float32(nil), init...)
				got := append([]float32(nil), init...)
				k.call(kc, a, packed, want, gemmNR, gemmNR, acc)
				k.callInd(kc, a, buf, got, gemmNR, off, maxOff, acc)
				require.Equal(t, want, got, "%s kc=%d acc=%v", k.name, kc, acc)
			}
		}
	}
	if n == 0 {
		t.Skip("no offset-reading kernel on this CPU or build")
	}
}

// TestWideKernelsMatchNarrow: every two-panel kernel gives the bits of two
// calls of its one-panel kernel, for packed panels, B read in place and B
// read at row offsets, storing or accumulating.
func TestWideKernelsMatchNarrow(t *testing.T) {
	r := rand.New(rand.NewPCG(71, 72))
	var n int
	for _, k := range simdVariants(simdKernelsF32()) {
		if k.run2 == nil {
			continue
		}
		n++
		for _, kc := range []int{1, 3, 64, gemmKC} {
			a := randF32(r, kc*k.mr)
			for _, acc := range []bool{false, true} {
				// Packed: panel 1 follows panel 0; in place: rows of ldb.
				for _, ldb := range []int{gemmNR, 2*gemmNR + 5} {
					b := randF32(r, max(2*kc*gemmNR, (kc-1)*ldb+2*gemmNR))
					init := randF32(r, k.mr*2*gemmNR)
					want := append([]float32(nil), init...)
					got := append([]float32(nil), init...)
					b1 := b[gemmNR:]
					if ldb == gemmNR {
						b1 = b[kc*gemmNR:]
					}
					k.call(kc, a, b, want, 2*gemmNR, ldb, acc)
					k.call(kc, a, b1, want[gemmNR:], 2*gemmNR, ldb, acc)
					k.call2(kc, a, b, got, 2*gemmNR, ldb, acc)
					require.Equal(t, want, got, "%s kc=%d ldb=%d acc=%v", k.name, kc, ldb, acc)
				}
				buf := randF32(r, 3000)
				off := make([]int, kc)
				maxOff := 0
				for p := range off {
					off[p] = r.IntN(len(buf) - 2*gemmNR)
					maxOff = max(maxOff, off[p])
				}
				init := randF32(r, k.mr*2*gemmNR)
				want := append([]float32(nil), init...)
				got := append([]float32(nil), init...)
				k.callInd(kc, a, buf, want, 2*gemmNR, off, maxOff, acc)
				k.callInd(kc, a, buf[gemmNR:], want[gemmNR:], 2*gemmNR, off, maxOff, acc)
				k.callInd2(kc, a, buf, got, 2*gemmNR, off, maxOff, acc)
				require.Equal(t, want, got, "%s ind kc=%d acc=%v", k.name, kc, acc)
			}
		}
	}
	if n == 0 {
		t.Skip("no two-panel kernel on this CPU or build")
	}
}

// TestWideKernelsInPlans: products and convolutions give the same bits
// with the two-panel kernels as without them (edge rows and columns,
// several K blocks, B packed, in place and at offsets).
func TestWideKernelsInPlans(t *testing.T) {
	if kernF32.run2 == nil {
		t.Skip("no two-panel kernel on this CPU or build")
	}
	r := rand.New(rand.NewPCG(73, 74))
	narrowK := *kernF32
	narrowK.run2, narrowK.runInd2 = nil, nil
	narrowK.alt = append([]gemmKernel[float32](nil), narrowK.alt...)
	for i := range narrowK.alt {
		narrowK.alt[i].run2, narrowK.alt[i].runInd2 = nil, nil
	}
	run := func(kern gemmKernel[float32], f func() []float32) []float32 {
		prev := *kernF32
		*kernF32 = kern
		defer func() { *kernF32 = prev }()
		return f()
	}
	for _, s := range [][3]int{{37, 100, 300}, {12, 64, 16}, {64, 49, 600}, {25, 131, 513}} {
		m, n, k := s[0], s[1], s[2]
		a, b := randF32(r, m*k), randF32(r, k*n)
		for _, transB := range []bool{false, true} {
			ldb := n
			if transB {
				ldb = k
			}
			f := func() []float32 {
				c := make([]float32, m*n)
				require.NoError(t, Sgemm(false, transB, m, n, k, 1, a, k, b, ldb, 0, c, n))
				return c
			}
			require.Equal(t, run(narrowK, f), run(*kernF32, f), "sgemm %v transB=%v", s, transB)
		}
	}
	x := MustFromSlice(F32, sh(1, 20, 23, 41), randF32(r, 20*23*41))
	w := MustFromSlice(F32, sh(30, 20, 3, 3), randF32(r, 30*20*9))
	for _, p := range []Conv2DParams{{Pads: [4]int{1, 1, 1, 1}}, {Strides: [2]int{2, 2}, Pads: [4]int{1, 0, 1, 1}}} {
		f := func() []float32 {
			y, err := Conv2D(x, w, nil, p)
			require.NoError(t, err)
			return y.Float32s()
		}
		require.Equal(t, run(narrowK, f), run(*kernF32, f), "conv2d %v", p)
	}
}
