//go:build amd64 && !purego

package tensor

//go:noescape
func sumRows8AVX512(x *float32, rowBytes, cols int, acc *float64)

// sumRows8Fast adds the first n&^7 values of each of eight rows of xs (n
// values each) to acc[0..7] as sumRowsF32 does, and returns how many.
func sumRows8Fast(xs []float32, n int, acc []float64) int {
	cols := n &^ 7
	if !hasAVX512 || cols == 0 {
		return 0
	}
	_, _ = xs[7*n+cols-1], acc[7]
	sumRows8AVX512(&xs[0], 4*n, cols, &acc[0])
	return cols
}
