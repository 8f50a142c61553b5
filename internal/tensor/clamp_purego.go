//go:build !amd64 || purego

package tensor

// Without assembly clampF32 is all scalar Go.
func clampFast(o, x []float32, lo, hi float32) int { return 0 }

// Without assembly addScalarF32 is all scalar Go.
func addScalarFast(o []float32, b float32) int { return 0 }

func addScalarI32Fast(o []int32, b int32) int { return 0 }

// Without assembly bias and clamp are separate scalar passes.
func biasClipFast(o []float32, b float32, bias, clip bool, lo, hi float32) int { return 0 }

func biasResClipFast(o, r []float32, b float32, bias, resFirst, clip bool, lo, hi float32) int {
	return 0
}

func evenF32Fast(dst, src []float32) int { return 0 }

func hardSwishFast(o, x []float32, h HardSwish) int { return 0 }
