//go:build amd64 && !purego

package tensor

//go:noescape
func expAVX512(o, x *float32, n int)

//go:noescape
func sigmoidAVX512(o, x *float32, n int)

//go:noescape
func siluAVX512(o, x *float32, n int)

//go:noescape
func sigmulAVX512(o, x *float32, n int)

//go:noescape
func geluAVX512(o, x *float32, n int)

// transcendF32Fast computes op (exp, sigmoid, SiLU, GELU's erf form or
// opSigmoidMul) over x into o with
// the AVX-512 kernels and reports whether it did; the last len(o)%16
// values go through a padded block, so every value takes the same
// arithmetic.
func transcendF32Fast(op UnaryOp, o, x []float32) bool {
	if !hasAVX512 || len(o) == 0 {
		return false
	}
	switch op {
	case OpExp, OpSigmoid, OpSilu, OpGeluErf, opSigmoidMul:
	default:
		return false
	}
	x = x[:len(o)]
	n := len(o) &^ 15
	if n > 0 {
		transcendBlocks(op, &o[0], &x[0], n)
	}
	if n < len(o) {
		var bi, bo [16]float32
		copy(bi[:], x[n:])
		transcendBlocks(op, &bo[0], &bi[0], 16)
		copy(o[n:], bo[:])
	}
	return true
}

// transcendOK reports whether transcendF32Fast has kernels here.
func transcendOK() bool { return hasAVX512 }

// transcendBlocks runs op's kernel over n (a multiple of 16) values.
func transcendBlocks(op UnaryOp, o, x *float32, n int) {
	switch op {
	case OpExp:
		expAVX512(o, x, n)
	case OpSigmoid:
		sigmoidAVX512(o, x, n)
	case OpSilu:
		siluAVX512(o, x, n)
	case opSigmoidMul:
		sigmulAVX512(o, x, n)
	case OpGeluErf:
		geluAVX512(o, x, n)
	}
}
