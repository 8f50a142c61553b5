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
