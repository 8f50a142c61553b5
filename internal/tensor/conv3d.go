package tensor

import (
	"fmt"
	"math"
)

// Window3D is the geometry of a volumetric convolution or pooling window
// over NCDHW input. Zero strides and dilations mean 1.
type Window3D struct {
	Kernel    [3]int // (d, h, w); for convolutions it comes from the weight
	Strides   [3]int
	Dilations [3]int
	Pads      [6]int // ONNX order: d, h, w begins, then d, h, w ends
	Groups    int    // convolution only; 0 means 1
	CeilMode  bool   // pooling only, as Pool2DParams.CeilMode
	// CountIncludePad and Divisor (AvgPool3D only): a non-zero Divisor replaces
	// the divisor; otherwise it is the number of window taps inside the
	// padded input (CountIncludePad) or inside the input.
	CountIncludePad bool
	Divisor         int
}

type geom3 struct {
	n, c                 int
	in, k, out, s, d, pb [3]int
	pe                   [3]int
}

func (g *geom3) inLen() int  { return g.in[0] * g.in[1] * g.in[2] }
func (g *geom3) outLen() int { return g.out[0] * g.out[1] * g.out[2] }

func window3D(what string, xs []int64, p Window3D, ceil bool) (*geom3, error) {
	if len(xs) != 5 {
		return nil, fmt.Errorf("tensor: %s expects a 5-D NCDHW input, got %s", what, FormatShape(xs))
	}
	g := &geom3{n: int(xs[0]), c: int(xs[1])}
	for i := range 3 {
		g.in[i], g.k[i], g.s[i], g.d[i] = int(xs[2+i]), p.Kernel[i], max(p.Strides[i], 1), max(p.Dilations[i], 1)
		g.pb[i], g.pe[i] = p.Pads[i], p.Pads[3+i]
		var err error
		if g.out[i], err = ConvOutSize(g.in[i], g.k[i], g.s[i], g.d[i], g.pb[i], g.pe[i], ceil); err != nil {
			return nil, fmt.Errorf("%s spatial dim %d: %w", what, i, err)
		}
	}
	return g, nil
}

// Conv3D is ONNX Conv for 5-D NCDHW input x and OIDHW weight w (C/groups
// input channels per group), with an optional bias of M values; p.Kernel
// is taken from w. Each (image, group) is an im2col matrix with rows
// (c, kd, kh, kw) times the weight rows: through the blocked GEMM, packed
// straight from x, for F32 (F16 and BF16 computed in float32), and an
// explicit matrix summed in float64 for F64.
func Conv3D(x, w, bias *Tensor, p Window3D) (*Tensor, error) {
	if x.dtype != w.dtype || (bias != nil && bias.dtype != x.dtype) {
		return nil, fmt.Errorf("tensor: conv3d: dtypes differ")
	}
	switch x.dtype {
	case F16, BF16:
		var bf *Tensor
		if bias != nil {
			bf = asF32(bias)
		}
		r, err := Conv3D(asF32(x), asF32(w), bf, p)
		if err != nil {
			return nil, err
		}
		return fromF32(r, x.dtype)
	case F32, F64:
	default:
		return nil, fmt.Errorf("tensor: conv3d is not defined on %v", x.dtype)
	}
	if len(w.shape) != 5 {
		return nil, fmt.Errorf("tensor: conv3d expects a 5-D OIDHW weight, got %s", FormatShape(w.shape))
	}
	for i := range 3 {
		p.Kernel[i] = int(w.shape[2+i])
	}
	for _, v := range p.Pads {
		if v < 0 {
			return nil, fmt.Errorf("tensor: conv3d: negative pad in %v", p.Pads)
		}
	}
	g, err := window3D("conv3d", x.shape, p, false)
	if err != nil {
		return nil, err
	}
	groups := max(p.Groups, 1)
	m := int(w.shape[0])
	if g.c%groups != 0 || m%groups != 0 || int(w.shape[1]) != g.c/groups {
		return nil, fmt.Errorf("tensor: conv3d: input channels %d, weight %s and %d groups do not match", g.c, FormatShape(w.shape), groups)
	}
	if bias != nil && (len(bias.shape) != 1 || bias.Len() != m) {
		return nil, fmt.Errorf("tensor: conv3d: bias of shape %s for %d output channels", FormatShape(bias.shape), m)
	}
	out, err := Alloc(x.dtype, []int64{int64(g.n), int64(m), int64(g.out[0]), int64(g.out[1]), int64(g.out[2])})
	if err != nil || out.Len() == 0 {
		return out, err
	}
	cg, mg := g.c/groups, m/groups
	k := cg * g.k[0] * g.k[1] * g.k[2]
	np := g.outLen()
	switch xv := x.data.(type) {
	case []float32:
		// The im2col matrix is never materialised: the GEMM packs its
		// panels straight from x (the same values in the same order as
		// an explicit im2col through Sgemm).
		wv, ov := w.data.([]float32), out.data.([]float32)
		var cur []float32
		plan := &gemmPlan[float32]{m: mg, n: np, k: k, kern: kernF32, ldc: np}
		plan.packB = func(dst []float32, j0, nc, p0, kc int) { convPack3F32(g, cur, dst, j0, nc, p0, kc) }
		for gr := range groups {
			plan.packA = packA32(wv[gr*mg*k:], k, false, 1)
			for n := range g.n {
				cur = xv[(n*g.c+gr*cg)*g.inLen() : (n*g.c+(gr+1)*cg)*g.inLen()]
				plan.c = ov[(n*m+gr*mg)*np:]
				plan.run()
			}
		}
	case []float64:
		if err := fits(x.dtype, []int64{int64(k), int64(np)}); err != nil {
			return nil, fmt.Errorf("tensor: conv3d: im2col matrix: %w", err)
		}
		col := make([]float64, k*np)
		wv, ov := w.data.([]float64), out.data.([]float64)
		for n := range g.n {
			for gr := range groups {
				im2col3(g, xv[(n*g.c+gr*cg)*g.inLen():], cg, col)
				for i := range mg {
					dst := ov[(n*m+gr*mg+i)*np : (n*m+gr*mg+i+1)*np]
					for q, wq := range wv[(gr*mg+i)*k : (gr*mg+i+1)*k] {
						for j, v := range col[q*np : (q+1)*np] {
							dst[j] += wq * v
						}
					}
				}
			}
		}
	}
	if bias != nil {
		bv := bias.Values()
		for n := range g.n {
			for i := range m {
				addBias(out, (n*m+i)*np, np, bv[i])
			}
		}
	}
	return out, nil
}

// fits checks that a scratch buffer of shape stays within MaxBytes.
func fits(dt DType, shape []int64) error {
	_, err := sizeWithin(dt, shape, MaxBytes())
	return err
}

func addBias(t *Tensor, off, n int, b float64) {
	switch v := t.data.(type) {
	case []float32:
		for i := range v[off : off+n] {
			v[off+i] += float32(b)
		}
	case []float64:
		for i := range v[off : off+n] {
			v[off+i] += b
		}
	}
}

// im2col3 fills col [(c, kd, kh, kw), (od, oh, ow)] from cg channels of
// one image starting at x; taps in the padding are 0.
func im2col3[T float32 | float64](g *geom3, x []T, cg int, col []T) {
	np := g.outLen()
	row := 0
	for c := range cg {
		img := x[c*g.inLen() : (c+1)*g.inLen()]
		for a := range g.k[0] {
			for b := range g.k[1] {
				for e := range g.k[2] {
					dst := col[row*np : (row+1)*np]
					row++
					j := 0
					for od := range g.out[0] {
						id := od*g.s[0] - g.pb[0] + a*g.d[0]
						for oh := range g.out[1] {
							ih := oh*g.s[1] - g.pb[1] + b*g.d[1]
							if id < 0 || id >= g.in[0] || ih < 0 || ih >= g.in[1] {
								clear(dst[j : j+g.out[2]])
								j += g.out[2]
								continue
							}
							src := img[(id*g.in[1]+ih)*g.in[2] : (id*g.in[1]+ih+1)*g.in[2]]
							iw := -g.pb[2] + e*g.d[2]
							for range g.out[2] {
								if iw >= 0 && iw < g.in[2] {
									dst[j] = src[iw]
								} else {
									dst[j] = 0
								}
								j++
								iw += g.s[2]
							}
						}
					}
				}
			}
		}
	}
}

// convPack3F32 packs columns [j0, j0+nc) and rows [p0, p0+kc) of the
// implicit im2col matrix of one (image, group) of a 3-D convolution (the
// matrix im2col3 would build) into the GEMM's B panels.
func convPack3F32(g *geom3, x []float32, dst []float32, j0, nc, p0, kc int) {
	k12 := g.k[1] * g.k[2]
	kk := g.k[0] * k12
	var row [gemmNC + gemmNR]float32
	for p := range kc {
		c, r := (p0+p)/kk, (p0+p)%kk
		a, b, e := r/k12, (r%k12)/g.k[2], r%g.k[2]
		img := x[c*g.inLen() : (c+1)*g.inLen()]
		ol := j0 / g.out[2] // output line (od, oh)
		ow := j0 % g.out[2]
		for jj := 0; jj < nc; {
			seg := min(g.out[2]-ow, nc-jj)
			out := row[jj : jj+seg]
			id := (ol/g.out[1])*g.s[0] - g.pb[0] + a*g.d[0]
			ih := (ol%g.out[1])*g.s[1] - g.pb[1] + b*g.d[1]
			iw := ow*g.s[2] - g.pb[2] + e*g.d[2]
			switch {
			case id < 0 || id >= g.in[0] || ih < 0 || ih >= g.in[1]:
				clear(out)
			case g.s[2] == 1 && iw >= 0 && iw+seg <= g.in[2]:
				copy(out, img[(id*g.in[1]+ih)*g.in[2]+iw:])
			default:
				src := img[(id*g.in[1]+ih)*g.in[2] : (id*g.in[1]+ih+1)*g.in[2]]
				for t := range out {
					if uint(iw) < uint(g.in[2]) {
						out[t] = src[iw]
					} else {
						out[t] = 0
					}
					iw += g.s[2]
				}
			}
			jj += seg
			ol++
			ow = 0
		}
		clear(row[nc : nc+gemmNR])
		for q := 0; q < nc; q += gemmNR {
			d := (*[gemmNR]float32)(dst[(q/gemmNR)*kc*gemmNR+p*gemmNR:])
			*d = *(*[gemmNR]float32)(row[q:])
		}
	}
}

// MaxPool3D is max pooling over NCDHW input of any numeric dtype: the
// maximum of the window taps inside the input; NaN propagates, as in
// PyTorch. Values are compared as float64.
func MaxPool3D(x *Tensor, p Window3D) (*Tensor, error) {
	return pool3D("max_pool3d", x, p, true)
}

// AvgPool3D is average pooling over NCDHW float input: the sum of the
// window taps inside the input (in float64) over the divisor p describes.
// A zero divisor gives 0.
func AvgPool3D(x *Tensor, p Window3D) (*Tensor, error) {
	if !x.dtype.IsFloat() {
		return nil, fmt.Errorf("tensor: avg_pool3d is not defined on %v", x.dtype)
	}
	return pool3D("avg_pool3d", x, p, false)
}

func pool3D(what string, x *Tensor, p Window3D, isMax bool) (*Tensor, error) {
	g, err := window3D(what, x.shape, p, p.CeilMode)
	if err != nil {
		return nil, err
	}
	shape := []int64{int64(g.n), int64(g.c), int64(g.out[0]), int64(g.out[1]), int64(g.out[2])}
	if err := fits(F64, shape); err != nil {
		return nil, err
	}
	in := x.Values()
	vals := make([]float64, 0, g.n*g.c*g.outLen())
	var first, count, padCount [3][]int // per output index along each dim
	for i := range 3 {
		first[i], count[i], padCount[i] = make([]int, g.out[i]), make([]int, g.out[i]), make([]int, g.out[i])
		for o := range g.out[i] {
			first[i][o], count[i][o] = taps(o, g.s[i], g.pb[i], g.k[i], g.d[i], 0, g.in[i])
			_, padCount[i][o] = taps(o, g.s[i], g.pb[i], g.k[i], g.d[i], -g.pb[i], g.in[i]+g.pe[i])
		}
	}
	for nc := range g.n * g.c {
		img := in[nc*g.inLen() : (nc+1)*g.inLen()]
		for od := range g.out[0] {
			for oh := range g.out[1] {
				for ow := range g.out[2] {
					acc := 0.0
					if isMax {
						acc = math.Inf(-1)
					}
					for a := range count[0][od] {
						id := first[0][od] + a*g.d[0]
						for b := range count[1][oh] {
							ih := first[1][oh] + b*g.d[1]
							row := img[(id*g.in[1]+ih)*g.in[2]:]
							for e := range count[2][ow] {
								v := row[first[2][ow]+e*g.d[2]]
								switch {
								case !isMax:
									acc += v
								case v > acc || math.IsNaN(v):
									acc = v
								}
							}
						}
					}
					if !isMax {
						div := p.Divisor
						if div == 0 {
							div = count[0][od] * count[1][oh] * count[2][ow]
							if p.CountIncludePad {
								div = padCount[0][od] * padCount[1][oh] * padCount[2][ow]
							}
						}
						if div == 0 {
							acc = 0
						} else {
							acc /= float64(div)
						}
					}
					vals = append(vals, acc)
				}
			}
		}
	}
	return FromValues(x.dtype, shape, vals...)
}
