//go:build amd64 && !purego

package tensor

//go:noescape
func binF32AVX(op, mode int, o, a, b *float32, n int)

// binF32Fast sets o[i] = a[i·sa] op b[i·sb] for add, sub, mul and div
// with (sa, sb) one of (1, 1), (1, 0), (0, 1), over the first len(o)&^7
// values, and returns how many it did (0 when it has no kernel for the
// case).
func binF32Fast(op BinaryOp, o, a, b []float32, sa, sb int) int {
	n := len(o) &^ 7
	if !hasAVX2 || n == 0 || op > OpDiv {
		return 0
	}
	var mode int
	switch {
	case sa == 1 && sb == 1:
		a, b = a[:n], b[:n]
	case sa == 1 && sb == 0:
		a, b, mode = a[:n], b[:1], 1
	case sa == 0 && sb == 1:
		a, b, mode = a[:1], b[:n], 2
	default:
		return 0
	}
	binF32AVX(int(op), mode, &o[0], &a[0], &b[0], n)
	return n
}
