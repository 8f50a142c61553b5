package interp

import (
	"fmt"
	"math/rand"
	"testing"

	"github.com/mlc-go/mlc/internal/tensor"
)

// maxPool2D8 (8-bit stored values, a SIMD vertical max for 3x3 windows)
// equals a window-by-window reference, padding never winning, on windows
// of every kind: 3x3 at strides 1 and 2 with and without padding, 2x2, a
// dilated window, rows wider than the vertical-max buffer, both types.
func TestMaxPool2D8MatchesReference(t *testing.T) {
	rng := rand.New(rand.NewSource(9))
	cases := []struct {
		h, w int
		g    window
	}{
		{13, 70, window{kernel: [2]int{3, 3}, stride: [2]int{2, 2}, dilation: [2]int{1, 1}, pads: [4]int{1, 1, 1, 1}}},
		{9, 33, window{kernel: [2]int{3, 3}, stride: [2]int{1, 1}, dilation: [2]int{1, 1}, pads: [4]int{1, 1, 1, 1}}},
		{8, 8, window{kernel: [2]int{3, 3}, stride: [2]int{2, 2}, dilation: [2]int{1, 1}}},
		{10, 11, window{kernel: [2]int{2, 2}, stride: [2]int{2, 2}, dilation: [2]int{1, 1}, pads: [4]int{0, 0, 1, 1}}},
		{12, 12, window{kernel: [2]int{3, 2}, stride: [2]int{1, 2}, dilation: [2]int{2, 2}, pads: [4]int{2, 1, 2, 1}}},
		{5, 1500, window{kernel: [2]int{3, 3}, stride: [2]int{2, 2}, dilation: [2]int{1, 1}, pads: [4]int{1, 1, 1, 1}}},
		// Whole planes (maxPool3x3s2Plane8): ResNet's, padding after or
		// not, rows narrower than a SIMD block, too large a plane.
		{112, 112, window{kernel: [2]int{3, 3}, stride: [2]int{2, 2}, dilation: [2]int{1, 1}, pads: [4]int{1, 1, 1, 1}}},
		{56, 70, window{kernel: [2]int{3, 3}, stride: [2]int{2, 2}, dilation: [2]int{1, 1}, pads: [4]int{1, 1, 0, 0}}},
		{10, 14, window{kernel: [2]int{3, 3}, stride: [2]int{2, 2}, dilation: [2]int{1, 1}, pads: [4]int{1, 1, 1, 1}}},
		{2, 4, window{kernel: [2]int{3, 3}, stride: [2]int{2, 2}, dilation: [2]int{1, 1}, pads: [4]int{1, 1, 1, 1}}},
		{130, 128, window{kernel: [2]int{3, 3}, stride: [2]int{2, 2}, dilation: [2]int{1, 1}, pads: [4]int{1, 1, 1, 1}}},
		// 2x2 at stride 2 (tensor.MaxPool2x2S2RowFast): VGG's, rows of
		// whole SIMD blocks and a tail, odd sizes (ceil mode's last
		// window has one row or column).
		{16, 128, window{kernel: [2]int{2, 2}, stride: [2]int{2, 2}, dilation: [2]int{1, 1}}},
		{9, 151, window{kernel: [2]int{2, 2}, stride: [2]int{2, 2}, dilation: [2]int{1, 1}, pads: [4]int{0, 0, 1, 1}}},
		{7, 67, window{kernel: [2]int{2, 2}, stride: [2]int{2, 2}, dilation: [2]int{1, 1}}},
		{56, 56, window{kernel: [2]int{2, 2}, stride: [2]int{2, 2}, dilation: [2]int{1, 1}}},
		{15, 14, window{kernel: [2]int{2, 2}, stride: [2]int{2, 2}, dilation: [2]int{1, 1}, pads: [4]int{0, 0, 1, 0}}},
		{6, 20, window{kernel: [2]int{2, 2}, stride: [2]int{2, 2}, dilation: [2]int{1, 1}}},
		{150, 150, window{kernel: [2]int{2, 2}, stride: [2]int{2, 2}, dilation: [2]int{1, 1}}},
		// Over 1M values or rows of 100 or more: 3x3 windows take the
		// rows' byte kernels, not the float32 route (the second:
		// squeezenet's ceil-mode pool).
		{420, 420, window{kernel: [2]int{3, 3}, stride: [2]int{1, 1}, dilation: [2]int{1, 1}, pads: [4]int{1, 1, 1, 1}}},
		{111, 111, window{kernel: [2]int{3, 3}, stride: [2]int{2, 2}, dilation: [2]int{1, 1}, pads: [4]int{0, 0, 1, 1}}},
		// Through float32 (tensor.MaxPool2DBlocked8): alexnet's unpadded
		// 3x3 stride 2, and windows wholly in the padding (the minimum).
		{55, 55, window{kernel: [2]int{3, 3}, stride: [2]int{2, 2}, dilation: [2]int{1, 1}}},
		{4, 5, window{kernel: [2]int{2, 2}, stride: [2]int{1, 1}, dilation: [2]int{1, 1}, pads: [4]int{2, 2, 2, 2}}},
	}
	for ci, c := range cases {
		for _, dt := range []tensor.DType{tensor.U8, tensor.I8} {
			t.Run(fmt.Sprintf("%d/%s", ci, dt), func(t *testing.T) {
				x := tensor.New(dt, 2, 3, int64(c.h), int64(c.w))
				for i := range x.Len() {
					if dt == tensor.U8 {
						x.Uint8s()[i] = uint8(rng.Intn(256))
					} else {
						x.Int8s()[i] = int8(rng.Intn(256) - 128)
					}
				}
				oh, ow, err := c.g.outSize(c.h, c.w)
				if err != nil {
					t.Fatal(err)
				}
				shape := []int64{2, 3, int64(oh), int64(ow)}
				var got *tensor.Tensor
				if dt == tensor.U8 {
					got, err = maxPool2D8(x, x.Uint8s(), shape, c.g, nil)
				} else {
					got, err = maxPool2D8(x, x.Int8s(), shape, c.g, nil)
				}
				if err != nil {
					t.Fatal(err)
				}
				xs, gs := x.IntValues(), got.IntValues()
				lo, _ := dt.IntRange()
				i := 0
				for p := range 6 {
					for oy := range oh {
						for ox := range ow {
							want := lo
							for ki := range c.g.kernel[0] {
								iy := oy*c.g.stride[0] - c.g.pads[0] + ki*c.g.dilation[0]
								for kj := range c.g.kernel[1] {
									ix := ox*c.g.stride[1] - c.g.pads[1] + kj*c.g.dilation[1]
									if iy >= 0 && iy < c.h && ix >= 0 && ix < c.w {
										want = max(want, xs[(p*c.h+iy)*c.w+ix])
									}
								}
							}
							if gs[i] != want {
								t.Fatalf("plane %d output (%d, %d) = %d, want %d", p, oy, ox, gs[i], want)
							}
							i++
						}
					}
				}
			})
		}
	}
}
