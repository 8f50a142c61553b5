//go:build amd64 && !purego

package tensor

// clampSSE is clampF32's SSE body (clamp_amd64.s); SSE is part of the
// amd64 baseline, so it needs no CPU check.
//
//go:noescape
func clampSSE(o, x *float32, n int, lo, hi float32)

// clampFast clamps the first len(o)&^3 elements and returns how many it did.
func clampFast(o, x []float32, lo, hi float32) int {
	n := len(o) &^ 3
	if n > 0 {
		clampSSE(&o[0], &x[0], n, lo, hi)
	}
	return n
}

// addScalarSSE adds b to n (a multiple of 4) floats at o (clamp_amd64.s).
//
//go:noescape
func addScalarSSE(o *float32, n int, b float32)

// addScalarFast adds b to the first len(o)&^3 elements and returns how
// many it did.
func addScalarFast(o []float32, b float32) int {
	n := len(o) &^ 3
	if n > 0 {
		addScalarSSE(&o[0], n, b)
	}
	return n
}

// addScalarI32SSE adds b to n (a multiple of 4) int32 values at o,
// wrapping (clamp_amd64.s).
//
//go:noescape
func addScalarI32SSE(o *int32, n int, b int32)

// addScalarI32Fast adds b to the first len(o)&^3 elements and returns
// how many it did.
func addScalarI32Fast(o []int32, b int32) int {
	n := len(o) &^ 3
	if n > 0 {
		addScalarI32SSE(&o[0], n, b)
	}
	return n
}

//go:noescape
func biasClipRowAVX(p *float32, n int, bias, lo, hi float32, flags int)

// biasClipFast adds b to (when bias) and then clamps (when clip) the first
// len(o)&^7 values of o in one pass, as addScalarF32 then clampF32 would,
// and returns how many it did (0 without AVX2).
func biasClipFast(o []float32, b float32, bias, clip bool, lo, hi float32) int {
	n := len(o) &^ 7
	if !hasAVX2 || n == 0 || (!bias && !clip) {
		return 0
	}
	flags := 0
	if bias {
		flags |= 1
	}
	if clip {
		flags |= 2
	}
	biasClipRowAVX(&o[0], n, b, lo, hi, flags)
	return n
}

//go:noescape
func biasResClipRowAVX(p, r *float32, n int, bias, lo, hi float32, flags int)

// biasResClipFast is biasClipFast with a residual: o[i] = clamp((o[i] + b)
// + r[i]) (r[i] + that sum when resFirst) for the first len(o)&^7 values,
// as addScalarF32, a float32 add and clampF32 would in turn; it returns how
// many it did (0 without AVX2).
func biasResClipFast(o, r []float32, b float32, bias, resFirst, clip bool, lo, hi float32) int {
	n := len(o) &^ 7
	if !hasAVX2 || n == 0 {
		return 0
	}
	_ = r[n-1]
	flags := 0
	if bias {
		flags |= 1
	}
	if clip {
		flags |= 2
	}
	if resFirst {
		flags |= 4
	}
	biasResClipRowAVX(&o[0], &r[0], n, b, lo, hi, flags)
	return n
}

//go:noescape
func evenF32AVX2(dst, src *float32, n int)

// evenF32Fast sets dst[t] = src[2t] for the first values of dst, eight at
// a time while their sources lie in src, and returns how many it did (0
// without AVX2).
func evenF32Fast(dst, src []float32) int {
	n := min(len(dst), len(src)/2) &^ 7
	if !hasAVX2 || n == 0 {
		return 0
	}
	evenF32AVX2(&dst[0], &src[0], n)
	return n
}

//go:noescape
func hardSwishAVX512(o, x *float32, n int, add, lo, hi, div float32, xlast bool)

// hardSwishFast computes hardSwishF32 over the first len(o)&^15 values
// in one pass and returns how many it did.
func hardSwishFast(o, x []float32, h HardSwish) int {
	n := len(o) &^ 15
	if !hasAVX512 || n == 0 {
		return 0
	}
	hardSwishAVX512(&o[0], &x[:n][0], n, h.Add, h.Lo, h.Hi, h.Div, h.XLast)
	return n
}
