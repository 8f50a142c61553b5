package tensor

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// resnet18Gemms: (M, N, K) of resnet18's convolutions at 224x224, batch 1,
// as im2col GEMMs (M output channels, N output pixels, K = C·kh·kw), and
// its final fully connected layer.
var resnet18Gemms = [][3]int{
	{64, 12544, 147}, // conv1 7x7/2
	{64, 3136, 576},  // layer1 3x3
	{128, 784, 1152}, // layer2 3x3
	{256, 196, 2304}, // layer3 3x3
	{512, 49, 4608},  // layer4 3x3
	{128, 784, 64},   // layer2 1x1 downsample
	{1, 1000, 512},   // fc
}

// BenchmarkGemmResnet18 runs Sgemm and GemmInt8 on resnet18's shapes with
// every kernel this build has (the first listed is the one in use), one
// thread, reporting GFLOP/s (2·M·N·K per product).
func BenchmarkGemmResnet18(b *testing.B) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, s := range resnet18Gemms {
		m, n, k := s[0], s[1], s[2]
		a, bb, c := randF32(r, m*k), randF32(r, k*n), make([]float32, m*n)
		ai, bi, ci := make([]uint8, m*k), make([]int8, k*n), make([]int32, m*n)
		for i := range ai {
			ai[i] = uint8(r.IntN(256))
		}
		for i := range bi {
			bi[i] = int8(r.IntN(256) - 128)
		}
		for _, kern := range append(simdKernelsF32(), goKernF32) {
			b.Run(fmt.Sprintf("f32/%dx%dx%d/%s", m, n, k, kern.name), func(b *testing.B) {
				prev := SetThreads(1)
				defer SetThreads(prev)
				pk := *kernF32
				*kernF32 = kern
				defer func() { *kernF32 = pk }()
				for b.Loop() {
					if err := Sgemm(false, false, m, n, k, 1, a, k, bb, n, 0, c, n); err != nil {
						b.Fatal(err)
					}
				}
				b.ReportMetric(2*float64(m*n*k)*float64(b.N)/b.Elapsed().Seconds()/1e9, "GFLOP/s")
			})
		}
		for _, kern := range append(simdKernelsI32(), goKernI32) {
			b.Run(fmt.Sprintf("int8/%dx%dx%d/%s", m, n, k, kern.name), func(b *testing.B) {
				prev := SetThreads(1)
				defer SetThreads(prev)
				pk := *kernI32
				*kernI32 = kern
				defer func() { *kernI32 = pk }()
				for b.Loop() {
					if err := GemmInt8(m, n, k, ai, k, []int32{128}, bi, n, nil, ci, n, false); err != nil {
						b.Fatal(err)
					}
				}
				b.ReportMetric(2*float64(m*n*k)*float64(b.N)/b.Elapsed().Seconds()/1e9, "GOP/s")
			})
		}
	}
}

// BenchmarkGemmKernel: the micro-kernels alone on L1/L2-resident panels
// (one kc = gemmKC block, 32 adjacent tiles).
func BenchmarkGemmKernel(b *testing.B) {
	const kc, tiles = gemmKC, 32
	for _, k := range append(simdVariants(simdKernelsF32()), goKernF32) {
		if k.alt != nil {
			continue
		}
		b.Run("f32/"+k.name, func(b *testing.B) {
			a, bb := make([]float32, kc*k.mr), make([]float32, kc*gemmNR*tiles)
			c := make([]float32, k.mr*gemmNR*tiles)
			for b.Loop() {
				for j := range tiles {
					k.call(kc, a, bb[j*kc*gemmNR:], c[j*gemmNR:], gemmNR*tiles, gemmNR, true)
				}
			}
			b.ReportMetric(2*float64(kc*k.mr*gemmNR*tiles)*float64(b.N)/b.Elapsed().Seconds()/1e9, "GFLOP/s")
		})
	}
	for _, k := range append(append(simdVariants(simdKernelsI32()), simdVariants(simdKernelsU8S8())...), goKernI32) {
		if k.alt != nil {
			continue
		}
		b.Run("i32/"+k.name, func(b *testing.B) {
			a, bb := make([]int32, kc*k.mr), make([]int32, kc*gemmNR*tiles)
			c := make([]int32, k.mr*gemmNR*tiles)
			for b.Loop() {
				for j := range tiles {
					k.call(kc, a, bb[j*kc*gemmNR:], c[j*gemmNR:], gemmNR*tiles, gemmNR, true)
				}
			}
			b.ReportMetric(2*float64(kc*k.mr*gemmNR*tiles)*float64(b.N)/b.Elapsed().Seconds()/1e9, "GOP/s")
		})
	}
}
