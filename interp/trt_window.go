package interp

import (
	"fmt"
	"slices"

	"github.com/mlc-go/mlc/internal/tensor"
)

// Convolution, deconvolution and pooling layers of the trt dialect.

// trtWindow resolves kernel, stride, padding (with the padding mode) and
// dilation of a 2-D window op on an NCHW input.
func trtWindow(c *opCall, kernelAttr string, x *tensor.Tensor, deconv bool) (window, string, error) {
	var g window
	if x.Rank() != 4 {
		return g, "", fmt.Errorf("the interpreter runs 2-D windows (NCHW), got %s", describe(x))
	}
	k, err := c.trtInts(kernelAttr, 2, 0)
	if err != nil {
		return g, "", err
	}
	s, err := c.trtInts("stride", 2, 1)
	if err != nil {
		return g, "", err
	}
	pre, err := c.trtInts("pre_padding", 2, 0)
	if err != nil {
		return g, "", err
	}
	post, err := c.trtInts("post_padding", 2, 0)
	if err != nil {
		return g, "", err
	}
	d, err := c.trtInts("dilation", 2, 1)
	if err != nil {
		return g, "", err
	}
	mode := c.trtStr("padding_mode", "explicit_round_down")
	g.kernel = [2]int{int(k[0]), int(k[1])}
	g.stride = [2]int{int(s[0]), int(s[1])}
	g.dilation = [2]int{int(d[0]), int(d[1])}
	g.pads = [4]int{int(pre[0]), int(pre[1]), int(post[0]), int(post[1])}
	if mode == "same_upper" || mode == "same_lower" {
		for i := 0; i < 2; i++ {
			in := int(x.Dim(2 + i))
			if deconv {
				// Output in·stride: total crop dk - stride.
				total := max(0, 1+g.dilation[i]*(g.kernel[i]-1)-g.stride[i])
				b, e := total/2, total-total/2
				if mode == "same_lower" {
					b, e = e, b
				}
				g.pads[i], g.pads[2+i] = b, e
				continue
			}
			b, e := tensor.SamePads(in, g.kernel[i], g.stride[i], g.dilation[i], mode == "same_upper")
			g.pads[i], g.pads[2+i] = b, e
		}
	}
	g.ceil = mode == "explicit_round_up"
	return g, mode, nil
}

// trtWindow3 is trtWindow for 3-D windows on NCDHW inputs.
func trtWindow3(c *opCall, kernelAttr string, x *tensor.Tensor) (tensor.Window3D, error) {
	var w tensor.Window3D
	k, err := c.trtInts(kernelAttr, 3, 0)
	if err != nil {
		return w, err
	}
	s, err := c.trtInts("stride", 3, 1)
	if err != nil {
		return w, err
	}
	pre, err := c.trtInts("pre_padding", 3, 0)
	if err != nil {
		return w, err
	}
	post, err := c.trtInts("post_padding", 3, 0)
	if err != nil {
		return w, err
	}
	d, err := c.trtInts("dilation", 3, 1)
	if err != nil {
		return w, err
	}
	mode := c.trtStr("padding_mode", "explicit_round_down")
	for i := 0; i < 3; i++ {
		w.Kernel[i], w.Strides[i], w.Dilations[i] = int(k[i]), int(s[i]), int(d[i])
		w.Pads[i], w.Pads[3+i] = int(pre[i]), int(post[i])
		if mode == "same_upper" || mode == "same_lower" {
			w.Pads[i], w.Pads[3+i] = tensor.SamePads(int(x.Dim(2+i)), w.Kernel[i], w.Strides[i], w.Dilations[i], mode == "same_upper")
		}
	}
	w.CeilMode = mode == "explicit_round_up"
	return w, nil
}

func trtConvolution(c *opCall) ([]*tensor.Tensor, error) {
	x := c.in[0]
	if x.Rank() == 5 {
		w, err := trtWindow3(c, "kernel_size", x)
		if err != nil {
			return nil, err
		}
		if w.CeilMode {
			return nil, fmt.Errorf("explicit_round_up convolution is not supported by the interpreter")
		}
		w.Groups = int(c.trtInt("num_groups", 1))
		var bias *tensor.Tensor
		if len(c.in) > 2 {
			bias = c.in[2]
		}
		return c.toResult(tensor.Conv3D(x, c.in[1], bias, w))
	}
	g, _, err := trtWindow(c, "kernel_size", x, false)
	if err != nil {
		return nil, err
	}
	var bias *tensor.Tensor
	if len(c.in) > 2 {
		bias = c.in[2]
	}
	y, err := conv2D(x, c.in[1], bias, g.stride, g.dilation, g.pads, int(c.trtInt("num_groups", 1)))
	if err != nil {
		return nil, err
	}
	if g.ceil {
		return nil, fmt.Errorf("explicit_round_up convolution is not supported by the interpreter")
	}
	return c.toResult(y, nil)
}

// trtDeconvolution scatters each input pixel through the CKRS kernel, in
// float64, then crops the padding.
func trtDeconvolution(c *opCall) ([]*tensor.Tensor, error) {
	x, w := c.in[0], c.in[1]
	g, _, err := trtWindow(c, "kernel_size", x, true)
	if err != nil {
		return nil, err
	}
	if w.Rank() != 4 {
		return nil, fmt.Errorf("expects a 4-D kernel, got %s", describe(w))
	}
	groups := int(c.trtInt("num_groups", 1))
	n, ci, h, wd := int(x.Dim(0)), int(x.Dim(1)), int(x.Dim(2)), int(x.Dim(3))
	mg := int(w.Dim(1))
	m := mg * groups
	if int(w.Dim(0)) != ci || ci%groups != 0 {
		return nil, fmt.Errorf("kernel %s does not match input %s with %d groups", describe(w), describe(x), groups)
	}
	kh, kw := g.kernel[0], g.kernel[1]
	oh := (h-1)*g.stride[0] + g.dilation[0]*(kh-1) + 1 - g.pads[0] - g.pads[2]
	ow := (wd-1)*g.stride[1] + g.dilation[1]*(kw-1) + 1 - g.pads[1] - g.pads[3]
	if oh < 1 || ow < 1 {
		return nil, fmt.Errorf("padding crops the whole output")
	}
	xs, ws := x.Values(), w.Values()
	out := make([]float64, n*m*oh*ow)
	cpg := ci / groups
	for b := 0; b < n; b++ {
		for c0 := 0; c0 < ci; c0++ {
			gi := c0 / cpg
			for iy := 0; iy < h; iy++ {
				for ix := 0; ix < wd; ix++ {
					v := xs[((b*ci+c0)*h+iy)*wd+ix]
					if v == 0 {
						continue
					}
					for mo := 0; mo < mg; mo++ {
						o := gi*mg + mo
						for i := 0; i < kh; i++ {
							y := iy*g.stride[0] + i*g.dilation[0] - g.pads[0]
							if y < 0 || y >= oh {
								continue
							}
							for j := 0; j < kw; j++ {
								xx := ix*g.stride[1] + j*g.dilation[1] - g.pads[1]
								if xx < 0 || xx >= ow {
									continue
								}
								out[((b*m+o)*oh+y)*ow+xx] += v * ws[((c0*mg+mo)*kh+i)*kw+j]
							}
						}
					}
				}
			}
		}
	}
	if len(c.in) > 2 {
		bs := c.in[2].Values()
		for i := range out {
			out[i] += bs[(i/(oh*ow))%m]
		}
	}
	return c.toResult(fromFloat64(x.DType(), []int64{int64(n), int64(m), int64(oh), int64(ow)}, out))
}

func trtPooling(c *opCall) ([]*tensor.Tensor, error) {
	x := c.in[0]
	if x.Rank() == 5 {
		w, err := trtWindow3(c, "window_size", x)
		if err != nil {
			return nil, err
		}
		w.Dilations = [3]int{1, 1, 1}
		switch kind := c.trtStr("pooling_type", "max"); kind {
		case "max":
			return c.toResult(tensor.MaxPool3D(x, w))
		case "average":
			w.CountIncludePad = !c.trtBool("average_count_excludes_padding", true)
			return c.toResult(tensor.AvgPool3D(x, w))
		default:
			return nil, fmt.Errorf("3-D %s pooling is not supported by the interpreter", kind)
		}
	}
	g, _, err := trtWindow(c, "window_size", x, false)
	if err != nil {
		return nil, err
	}
	want, err := c.resultShape(0)
	if err != nil {
		return nil, err
	}
	kind := c.trtStr("pooling_type", "max")
	avg := func() (*tensor.Tensor, error) {
		p := g.params()
		p.Dilations = [2]int{1, 1}
		p.CountIncludePad = !c.trtBool("average_count_excludes_padding", true)
		return tensor.AvgPool2D(x, p)
	}
	var y *tensor.Tensor
	switch kind {
	case "max":
		y, err = maxPool2D(x, g)
	case "average":
		y, err = avg()
	case "max_average_blend":
		var mx, av *tensor.Tensor
		if mx, err = maxPool2D(x, g); err == nil {
			if av, err = avg(); err == nil {
				b := c.trtFloat("blend_factor", 0)
				ms, as := mx.Values(), av.Values()
				for i := range ms {
					ms[i] = (1-b)*ms[i] + b*as[i]
				}
				y, err = fromFloat64(x.DType(), mx.Shape(), ms)
			}
		}
	default:
		return nil, fmt.Errorf("unknown pooling_type %q", kind)
	}
	if err != nil {
		return nil, err
	}
	if !slices.Equal(y.Shape(), want) {
		return nil, fmt.Errorf("pooling gives %s, but the result type says %s (the interpreter drops windows that start in the end padding)", tensor.FormatShape(y.Shape()), tensor.FormatShape(want))
	}
	return c.toResult(y, nil)
}
