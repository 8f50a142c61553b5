package tensor

import (
	"fmt"
	"sync"
)

// ConcatScaleShiftInto writes ScaleShiftInto of the concatenation of xs
// along the channels (axis 1) into y, without writing the concatenation:
// each input's planes go through the scale and shift of their channels
// straight into their place in y. The inputs hold one image each (N = 1),
// so each one's channels are one contiguous run of y. The values are
// those of ConcatInto then ScaleShiftInto, bit for bit.
//
// The planes of all inputs are one parallel section, each thread taking a
// run of whole channels. A section per input (DenseNet concatenates up to
// 48 inputs of 32 channels) spent its time starting sections, and cutting
// planes into bands of rows made both threads write the lines where the
// bands meet: at two threads either ran no faster than one.
func ConcatScaleShiftInto(y *Tensor, xs []*Tensor, scale, shift []float32, clip bool, lo, hi float32) error {
	if len(xs) == 0 {
		return fmt.Errorf("tensor: concat-scale-shift: no inputs")
	}
	shape, err := ConcatShape(1, xs...)
	if err != nil {
		return err
	}
	if len(shape) < 2 || shape[0] != 1 {
		return fmt.Errorf("tensor: concat-scale-shift: want one image of rank 2 or more, got %s", FormatShape(shape))
	}
	for _, x := range xs {
		if x.dtype != F32 {
			return fmt.Errorf("tensor: concat-scale-shift: want f32 inputs, got %v", x.dtype)
		}
	}
	if err := intoF32("concat-scale-shift", y, shape); err != nil {
		return err
	}
	c := int(shape[1])
	if len(scale) != c || len(shift) != c {
		return fmt.Errorf("tensor: concat-scale-shift: %d scales and %d shifts for %d channels", len(scale), len(shift), c)
	}
	if clip && !(lo <= hi) {
		return fmt.Errorf("tensor: concat-scale-shift: clamp to [%g, %g]", lo, hi)
	}
	o := y.data.([]float32)
	if c == 0 || len(o) == 0 {
		return nil
	}
	inner := len(o) / c
	// Channel ch's plane in its input.
	srcs := getScratch[[]float32](&planeLists, c)
	defer func() { clear(*srcs); planeLists.Put(srcs) }()
	src := *srcs
	ch := 0
	for _, x := range xs {
		xv := x.data.([]float32)
		for k := range int(x.shape[1]) {
			src[ch] = xv[k*inner : (k+1)*inner]
			ch++
		}
	}
	parallelTiles(c, float64(len(o)), func(ch int) {
		dst := o[ch*inner : (ch+1)*inner]
		binF32Span(OpMul, dst, src[ch], scale[ch:ch+1], 1, 0)
		biasClipRow(dst, shift[ch], true, clip, lo, hi)
	})
	return nil
}

// planeLists recycles ConcatScaleShiftInto's lists of input planes
// (*[][]float32, cleared when put back so they hold no planes).
var planeLists sync.Pool
