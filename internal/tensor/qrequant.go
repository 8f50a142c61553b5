package tensor

import "fmt"

// Requantizer maps int32 accumulators of a quantized convolution or matrix
// product to stored output integers as MLAS's MlasRequantizeOutput does:
// float32(acc + bias) × scale in float32, rounded half to even, plus the
// zero point, saturated to [Min, Max]; NaN (an infinite scale times 0)
// gives the zero point, saturated (quantize.Params.Saturate's rule).
//
// The value is clamped to [Min − Zero, Max − Zero] before it is rounded:
// the bounds are integers, so that is the same as saturating afterwards,
// and it leaves |v| < 2^22, where adding and subtracting 1.5 × 2^23 in
// float32 rounds half to even exactly.
type Requantizer struct {
	Scale          []float32 // one, or one per channel
	Bias           []int32   // nil, or one per channel
	Zero, Min, Max int32
}

const roundMagic32 = float32(1 << 23 * 1.5)

func (r *Requantizer) scaleAt(ch int) float32 { return r.Scale[min(ch, len(r.Scale)-1)] }

func (r *Requantizer) biasAt(ch int) int32 {
	if r.Bias == nil {
		return 0
	}
	return r.Bias[ch]
}

func (r *Requantizer) check(channels int) error {
	if len(r.Scale) != 1 && len(r.Scale) != channels {
		return fmt.Errorf("tensor: requantize: %d scales for %d channels", len(r.Scale), channels)
	}
	if r.Bias != nil && len(r.Bias) != channels {
		return fmt.Errorf("tensor: requantize: %d biases for %d channels", len(r.Bias), channels)
	}
	if r.Min > r.Max || r.Min < -(1<<20) || r.Max > 1<<20 {
		return fmt.Errorf("tensor: requantize: range [%d, %d]", r.Min, r.Max)
	}
	return nil
}

// requantOne is the reference for one value (requantRow's loop body).
func requantOne(a, bias int32, scale, lo, hi float32, zero int32) int32 {
	v := float32(float32(a+bias) * scale)
	if v != v {
		v = 0
	}
	v = max(min(v, hi), lo)
	return int32(float32(float32(v+roundMagic32)-roundMagic32)) + zero
}

// requantRow stores dst[i] = requant(acc[i]) for one channel.
func requantRow[T int8 | uint8 | int16 | uint16](dst []T, acc []int32, bias int32, scale float32, r *Requantizer) {
	lo, hi := float32(r.Min-r.Zero), float32(r.Max-r.Zero)
	acc = acc[:len(dst)]
	for i := requantRowFast(dst, acc, bias, scale, lo, hi, r.Zero); i < len(dst); i++ {
		dst[i] = T(requantOne(acc[i], bias, scale, lo, hi, r.Zero))
	}
}

// requantCols stores dst[i] = requant(acc[i]) with channel i (a matrix
// row, channels along columns).
func requantCols[T int8 | uint8 | int16 | uint16](dst []T, acc []int32, r *Requantizer) {
	lo, hi := float32(r.Min-r.Zero), float32(r.Max-r.Zero)
	for i := range dst {
		dst[i] = T(requantOne(acc[i], r.biasAt(i), r.scaleAt(i), lo, hi, r.Zero))
	}
}

// RequantizeConv stores acc, N × M planes of plane values (channel m of
// each image), into dst of as many 8- or 16-bit integers.
func (r *Requantizer) RequantizeConv(dst *Tensor, acc []int32, m, plane int) error {
	if err := r.check(m); err != nil {
		return err
	}
	if m <= 0 || plane < 0 || len(acc)%max(m*plane, 1) != 0 || dst.Len() != len(acc) {
		return fmt.Errorf("tensor: requantize: %d accumulators into %d values of %d channels × %d", len(acc), dst.Len(), m, plane)
	}
	planes := len(acc) / max(plane, 1)
	if plane == 0 {
		planes = 0
	}
	// Tiles of whole planes; a plane alone when they are few.
	parallelTiles(planes, float64(len(acc))*4, func(p int) {
		ch := p % m
		a := acc[p*plane : (p+1)*plane]
		b, s := r.biasAt(ch), r.scaleAt(ch)
		switch d := dst.data.(type) {
		case []int8:
			requantRow(d[p*plane:(p+1)*plane], a, b, s, r)
		case []uint8:
			requantRow(d[p*plane:(p+1)*plane], a, b, s, r)
		case []int16:
			requantRow(d[p*plane:(p+1)*plane], a, b, s, r)
		case []uint16:
			requantRow(d[p*plane:(p+1)*plane], a, b, s, r)
		}
	})
	if !isIntStorage(dst.dtype) {
		return fmt.Errorf("tensor: requantize into %v", dst.dtype)
	}
	return nil
}

// RequantizeMatMul stores acc, rows of cols values with channel = column,
// into dst.
func (r *Requantizer) RequantizeMatMul(dst *Tensor, acc []int32, cols int) error {
	return r.requantizeMatMulRows(dst, acc, cols, nil)
}

// requantizeMatMulRows is RequantizeMatMul with rowBias[i] (when not nil)
// added to every sum of row i as well; acc is then the caller's scratch.
func (r *Requantizer) requantizeMatMulRows(dst *Tensor, acc []int32, cols int, rowBias []int32) error {
	if err := r.check(cols); err != nil {
		return err
	}
	if !isIntStorage(dst.dtype) {
		return fmt.Errorf("tensor: requantize into %v", dst.dtype)
	}
	if cols <= 0 || len(acc)%cols != 0 || dst.Len() != len(acc) {
		return fmt.Errorf("tensor: requantize: %d accumulators into %d values of %d columns", len(acc), dst.Len(), cols)
	}
	rows := len(acc) / cols
	if rowBias != nil && len(rowBias) != rows {
		return fmt.Errorf("tensor: requantize: %d row biases for %d rows", len(rowBias), rows)
	}
	if r.requantColsSIMD(dst, acc, rows, cols, rowBias) {
		return nil
	}
	for i, b := range rowBias { // acc is the caller's scratch
		for j := range cols {
			acc[i*cols+j] += b
		}
	}
	for i := range rows {
		a := acc[i*cols : (i+1)*cols]
		if len(r.Scale) == 1 {
			switch d := dst.data.(type) {
			case []int8:
				requantColsBias(d[i*cols:(i+1)*cols], a, r)
			case []uint8:
				requantColsBias(d[i*cols:(i+1)*cols], a, r)
			case []int16:
				requantColsBias(d[i*cols:(i+1)*cols], a, r)
			case []uint16:
				requantColsBias(d[i*cols:(i+1)*cols], a, r)
			}
			continue
		}
		switch d := dst.data.(type) {
		case []int8:
			requantCols(d[i*cols:(i+1)*cols], a, r)
		case []uint8:
			requantCols(d[i*cols:(i+1)*cols], a, r)
		case []int16:
			requantCols(d[i*cols:(i+1)*cols], a, r)
		case []uint16:
			requantCols(d[i*cols:(i+1)*cols], a, r)
		}
	}
	return nil
}

// requantColsSIMD is RequantizeMatMul through the AVX-512 column kernel
// (requantColsFast), blocks of rows shared among the threads, and reports
// whether it ran: 8-bit storage, finite scales and a CPU that can.
func (r *Requantizer) requantColsSIMD(dst *Tensor, acc []int32, rows, cols int, rowBias []int32) bool {
	if !requantColsAvailable() || cols < 16 || !isInt8Storage(dst.dtype) || !(&tileRequant{r: r}).rowsFastOK() {
		return false
	}
	// Every column's bias and scale spelt out, as the kernel reads them.
	bp, sp := getScratch[int32](&scratchI32, cols), getF32(cols)
	defer scratchI32.Put(bp)
	defer scratchF32.Put(sp)
	bias, scale := *bp, *sp
	for j := range cols {
		bias[j], scale[j] = r.biasAt(j), r.scaleAt(j)
	}
	const block = 16 // rows per tile
	parallelTiles((rows+block-1)/block, float64(len(acc))*4, func(t int) {
		i0, i1 := t*block, min((t+1)*block, rows)
		var rb []int32
		if rowBias != nil {
			rb = rowBias[i0:i1]
		}
		if requantColsFast(dst, i0*cols, cols, acc[i0*cols:], cols, i1-i0, cols, bias, scale, rb, r) {
			return
		}
		for i := i0; i < i1; i++ { // a range the kernel does not take
			if rowBias != nil {
				for j := range cols {
					acc[i*cols+j] += rowBias[i]
				}
			}
			switch d := dst.data.(type) {
			case []int8:
				requantCols(d[i*cols:(i+1)*cols], acc[i*cols:(i+1)*cols], r)
			case []uint8:
				requantCols(d[i*cols:(i+1)*cols], acc[i*cols:(i+1)*cols], r)
			}
		}
	})
	return true
}

// requantColsBias is requantCols with one scale.
func requantColsBias[T int8 | uint8 | int16 | uint16](dst []T, acc []int32, r *Requantizer) {
	if r.Bias == nil {
		requantRow(dst, acc, 0, r.Scale[0], r)
		return
	}
	requantCols(dst, acc, r)
}

// QAddRow8 computes the first values of MLAS's AVX2 QLinearAdd of 8-bit a
// and b into dst, dst[i] = saturate(RNE(fma(a[i], ra, fma(b[i], rb, k))),
// [lo, hi]) with each fma rounded once (k holds the output zero point), and
// returns how many it did: a multiple of 8 where a SIMD kernel runs, else
// 0; the caller computes the rest. rb = 0 adds nothing of b (a span where
// b is one value folded into k): fma(b, 0, k) is k. Only finite ra, rb, k
// of modest size are taken, so that no lane is NaN or infinite.
func QAddRow8[TC, TA, TB int8 | uint8](dst []TC, a []TA, b []TB, ra, rb, k float32, lo, hi int32) int {
	const big = 1 << 100
	for _, v := range []float32{ra, rb, k} {
		if !(v > -big && v < big) {
			return 0
		}
	}
	return qaddRow8Fast(dst, a, b, ra, rb, k, float32(lo), float32(hi))
}

// QuantizeF32ToStored stores src quantized per tensor into 8- or 16-bit
// dst as ONNX QuantizeLinear does for float32 (quantize.Params.Quantize32):
// x / scale in float32, rounded half to even, plus zero, saturated to
// [lo, hi]; NaN gives zero, saturated. As in Requantizer, the quotient is
// clamped to [lo − zero, hi − zero] first (integer bounds: the same
// result), which makes the 1.5 × 2^23 rounding exact while the zero point
// lies within ±2^20. It runs on up to the SetThreads number of
// goroutines; dst and src have the same length.
func QuantizeF32ToStored[T int8 | uint8 | int16 | uint16](dst []T, src []float32, scale float32, zero, lo, hi int32) {
	flo, fhi := float32(lo-zero), float32(hi-zero)
	src = src[:len(dst)]
	const chunk = 1 << 14
	if len(dst) <= chunk { // one chunk: no closure to allocate
		quantizeF32Run(dst, src, scale, flo, fhi, zero)
		return
	}
	parallelTiles((len(dst)+chunk-1)/chunk, float64(len(dst))*4, func(t int) {
		lo, hi := t*chunk, min((t+1)*chunk, len(dst))
		quantizeF32Run(dst[lo:hi], src[lo:hi], scale, flo, fhi, zero)
	})
}

func quantizeF32Run[T int8 | uint8 | int16 | uint16](d []T, s []float32, scale, flo, fhi float32, zero int32) {
	for i := quantizeF32Fast(d, s, scale, flo, fhi, zero); i < len(s); i++ {
		v := s[i]
		q := float32(v / scale)
		if q != q {
			q = 0
		}
		q = max(min(q, fhi), flo)
		d[i] = T(int32(float32(float32(q+roundMagic32)-roundMagic32)) + zero)
	}
}
