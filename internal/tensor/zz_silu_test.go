package tensor

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

func BenchmarkZZSiLU(b *testing.B) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, th := range []int{1, 2} {
		for _, withConv := range []bool{false, true} {
			b.Run(fmt.Sprintf("t%d_conv%v", th, withConv), func(b *testing.B) {
				defer SetThreads(SetThreads(th))
				x := MustFromSlice(F32, sh(1, 40, 28, 28), randF32(r, 40*784))
				w := MustFromSlice(F32, sh(240, 40, 1, 1), randF32(r, 240*40))
				pw, _ := PackConv2D(w, 1)
				y := New(F32, 1, 240, 28, 28)
				z := New(F32, 1, 240, 28, 28)
				Conv2DPackedInto(y, x, pw, nil, Conv2DParams{})
				b.ResetTimer()
				for range b.N {
					if withConv {
						Conv2DPackedInto(y, x, pw, nil, Conv2DParams{})
					}
					SigmoidMulInto(z, y)
				}
			})
		}
	}
}

func BenchmarkZZSiLUFlat(b *testing.B) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, th := range []int{1, 2} {
		b.Run(fmt.Sprintf("t%d", th), func(b *testing.B) {
			defer SetThreads(SetThreads(th))
			y := MustFromSlice(F32, sh(240*784), randF32(r, 240*784))
			z := New(F32, 240*784)
			b.ResetTimer()
			for range b.N {
				SigmoidMulInto(z, y)
			}
		})
	}
}

func BenchmarkZZSiLUHalves(b *testing.B) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, th := range []int{1, 2} {
		b.Run(fmt.Sprintf("t%d", th), func(b *testing.B) {
			defer SetThreads(SetThreads(th))
			y := randF32(r, 240*784)
			z := make([]float32, 240*784)
			n := len(y)
			b.ResetTimer()
			for range b.N {
				parallelTiles(th, 1e9, func(t int) {
					lo, hi := t*n/th, (t+1)*n/th
					transcendF32Fast(opSigmoidMul, z[lo:hi], y[lo:hi])
				})
			}
		})
	}
}

func BenchmarkZZSiLUPieces(b *testing.B) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, piece := range []int{336, 448, 784, 4096, 32768} {
		b.Run(fmt.Sprintf("p%d", piece), func(b *testing.B) {
			y := randF32(r, 240*784)
			z := make([]float32, 240*784)
			b.ResetTimer()
			for range b.N {
				for lo := 0; lo < len(y); lo += piece {
					hi := min(len(y), lo+piece)
					transcendF32Fast(opSigmoidMul, z[lo:hi], y[lo:hi])
				}
			}
		})
	}
}

func BenchmarkZZSiLUManual(b *testing.B) {
	r := rand.New(rand.NewPCG(1, 2))
	y := randF32(r, 240*784)
	z := make([]float32, 240*784)
	band := func(bi int) {
		lo0, hi0 := 0, 16*28
		if bi == 1 {
			lo0, hi0 = 16*28, 784
		}
		for p := 0; p < 240; p++ {
			transcendF32Fast(opSigmoidMul, z[p*784+lo0:p*784+hi0], y[p*784+lo0:p*784+hi0])
		}
	}
	b.Run("t1_strided", func(b *testing.B) {
		for range b.N {
			band(0)
			band(1)
		}
	})
	b.Run("t2_bands", func(b *testing.B) {
		defer SetThreads(SetThreads(2))
		for range b.N {
			parallelTiles(2, 1e9, band)
		}
	})
	b.Run("t2_halves", func(b *testing.B) {
		defer SetThreads(SetThreads(2))
		n := len(y)
		for range b.N {
			parallelTiles(2, 1e9, func(t int) {
				transcendF32Fast(opSigmoidMul, z[t*n/2:(t+1)*n/2], y[t*n/2:(t+1)*n/2])
			})
		}
	})
}
