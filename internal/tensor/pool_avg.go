package tensor

// Average pooling of float32 planes as whole-plane vector adds.
//
// With stride 1 in both axes, output (i, j)'s tap (a, b) reads the padded
// plane at (i + a·dh)·wp + j + b·dw: over the "extended" outputs e = i·wp
// + j (each padded row's width, the columns past ow computed and dropped)
// every tap is one shifted add of the plane, acc[e] += xp[e + a·dh·wp +
// b·dw], in avgPool's tap order. Taps in the padding add +0; the scalar
// loop skips them instead, which gives the same bits: its sum starts at +0
// and so is never −0, and s + (+0) is s for every other s (NaNs keep their
// payload). Each kept sum is then divided by avgPool's divisor.

// avgPoolFlatOK reports whether avgPoolFlatF32 computes g: unit strides,
// and a padded plane not much larger than the input (hostile pads or
// dilations keep the scalar loop, whose memory follows the output).
func avgPoolFlatOK(g *poolGeom) bool {
	if g.sh != 1 || g.sw != 1 || g.oh == 0 || g.ow == 0 {
		return false
	}
	hp, wp := avgPaddedSize(g)
	return float64(hp)*float64(wp) <= 4*float64(g.h*g.w)+4096
}

// avgPaddedSize is the padded plane's height and width: every tap of every
// output lies inside it (ceil mode's windows may reach past the end pads).
func avgPaddedSize(g *poolGeom) (hp, wp int) {
	hp = max(g.pt+g.h+g.pb, g.oh-1+(g.kh-1)*g.dh+1)
	wp = max(g.pl+g.w+g.pr, g.ow-1+(g.kw-1)*g.dw+1)
	return hp, wp
}

// avgPoolFlatF32 is avgPool for float32 when avgPoolFlatOK(g).
func avgPoolFlatF32(g *poolGeom, x, y []float32, includePad bool) {
	hw, ohw := g.h*g.w, g.oh*g.ow
	hp, wp := avgPaddedSize(g)
	padded := hp != g.h || wp != g.w
	ext := (g.oh-1)*wp + g.ow // extended outputs up to the last kept one
	// Each output row's divisors: avgPool's tap counts.
	divBuf := getF32(g.oh + g.ow)
	defer scratchF32.Put(divBuf)
	rowTaps, colTaps := (*divBuf)[:g.oh], (*divBuf)[g.oh:]
	for i := range g.oh {
		_, n := taps(i, g.sh, g.pt, g.kh, g.dh, 0, g.h)
		if includePad {
			_, n = taps(i, g.sh, g.pt, g.kh, g.dh, -g.pt, g.h+g.pb)
		}
		rowTaps[i] = float32(n)
	}
	for j := range g.ow {
		_, n := taps(j, g.sw, g.pl, g.kw, g.dw, 0, g.w)
		if includePad {
			_, n = taps(j, g.sw, g.pl, g.kw, g.dw, -g.pl, g.w+g.pr)
		}
		colTaps[j] = float32(n)
	}
	per := ext
	if padded {
		per += hp * wp
	}
	work := float64(g.n*g.c) * float64(ext) * float64(g.kh*g.kw)
	parallelTiles(g.n*g.c, work, func(nc int) {
		buf := getF32(per)
		defer scratchF32.Put(buf)
		acc := (*buf)[:ext]
		plane := x[nc*hw : (nc+1)*hw]
		if padded {
			xp := (*buf)[ext:per]
			clear(xp)
			for r := range g.h {
				copy(xp[(g.pt+r)*wp+g.pl:], plane[r*g.w:(r+1)*g.w])
			}
			plane = xp
		}
		clear(acc)
		for a := range g.kh {
			for b := range g.kw {
				addRowF32(acc, plane[a*g.dh*wp+b*g.dw:])
			}
		}
		dst := y[nc*ohw : (nc+1)*ohw]
		for i := range g.oh {
			divideByTaps(dst[i*g.ow:(i+1)*g.ow], acc[i*wp:], rowTaps[i], colTaps)
		}
	})
}

// addRowF32 sets acc[i] += src[i] for every i of acc.
func addRowF32(acc, src []float32) {
	src = src[:len(acc)]
	done := binF32Fast(OpAdd, acc, acc, src, 1, 1)
	for i := done; i < len(acc); i++ {
		acc[i] += src[i]
	}
}

// divideByTaps sets dst[j] = sum[j] / (rows · cols[j]), or 0 where that
// count is 0, dividing runs of equal counts as vectors.
func divideByTaps(dst, sum []float32, rows float32, cols []float32) {
	for j0 := 0; j0 < len(dst); {
		j1 := j0 + 1
		for j1 < len(dst) && cols[j1] == cols[j0] {
			j1++
		}
		d := rows * cols[j0]
		if d == 0 {
			clear(dst[j0:j1])
		} else {
			run, s := dst[j0:j1], sum[j0:j1]
			done := binF32Fast(OpDiv, run, s, []float32{d}, 1, 0)
			for j := done; j < len(run); j++ {
				run[j] = s[j] / d
			}
		}
		j0 = j1
	}
}
