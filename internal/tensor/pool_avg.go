package tensor

// Average pooling of float32 planes as whole-plane vector adds.
//
// Each channel's zero-padded plane is split into sh×sw phase planes of hq
// × wq values, as convolutions read their input in place (phasePlanes in
// conv_inplace.go): over the "extended" outputs e = i·wq + j (the columns
// past ow computed and dropped), window tap (a, b) is then one shifted
// run of one phase plane, so each tap is one vector add of the whole
// plane, acc[e] += xp[off(a, b) + e], in avgPool's tap order. With unit
// strides and no padding the input plane is read as it is. Taps in the
// padding add +0; the scalar loop skips them instead, which gives the
// same bits: its sum starts at +0 and so is never −0, and s + (+0) is s
// for every other s (NaNs keep their payload). Each kept sum is then
// divided by avgPool's divisor.

// avgPoolFlatOK reports whether avgPoolFlatF32 computes g: phase planes
// not much larger than the input (hostile pads, dilations or strides keep
// the scalar loop, whose memory follows the output).
func avgPoolFlatOK(g *poolGeom) bool {
	if g.oh == 0 || g.ow == 0 {
		return false
	}
	hq, wq := avgPhaseSize(g)
	return float64(g.sh*g.sw)*float64(hq)*float64(wq) <= 4*float64(g.h*g.w)+4096
}

// avgPhaseSize is the phase planes' height and width: every tap of every
// output lies inside them (ceil mode's windows may reach past the end
// pads, where the planes hold zeros).
func avgPhaseSize(g *poolGeom) (hq, wq int) {
	return g.oh + (g.kh-1)*g.dh/g.sh, g.ow + (g.kw-1)*g.dw/g.sw
}

// avgPoolFlatF32 is avgPool for float32 when avgPoolFlatOK(g).
func avgPoolFlatF32(g *poolGeom, x, y []float32, includePad bool) {
	hw, ohw := g.h*g.w, g.oh*g.ow
	hq, wq := avgPhaseSize(g)
	// The input plane is its own single phase plane when nothing pads it
	// or strides it and the windows stay inside it.
	direct := g.sh == 1 && g.sw == 1 && g.pt == 0 && g.pl == 0 && wq == g.w && hq <= g.h
	if direct {
		hq = g.h
	}
	planes := g.sh * g.sw * hq * wq
	ext := (g.oh-1)*wq + g.ow // extended outputs up to the last kept one
	// Each output row's and column's tap counts: avgPool's divisors.
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
	uniform := true // every output has the same divisor
	for _, n := range rowTaps {
		uniform = uniform && n == rowTaps[0]
	}
	for _, n := range colTaps {
		uniform = uniform && n == colTaps[0]
	}
	// The phase planes' geometry as a one-channel convolution's.
	cg := convGeom{n: 1, c: 1, cg: 1, h: g.h, w: g.w, m: 1, mg: 1, groups: 1, kh: g.kh, kw: g.kw,
		sh: g.sh, sw: g.sw, dh: g.dh, dw: g.dw, pt: g.pt, pl: g.pl, oh: g.oh, ow: g.ow, serial: true}
	// Tap (a, b) reads its phase plane from off[a·kw + b] on.
	offBuf := getInts(g.kh * g.kw)
	defer scratchInt.Put(offBuf)
	off := *offBuf
	cg.phaseOffsets(off, hq, wq)
	per := ext
	if !direct {
		per += planes
	}
	work := float64(g.n*g.c) * float64(ext) * float64(g.kh*g.kw)
	parallelTiles(g.n*g.c, work, func(nc int) {
		buf := getF32(per)
		defer scratchF32.Put(buf)
		acc := (*buf)[:ext]
		xp := x[nc*hw : (nc+1)*hw]
		if !direct {
			xp = (*buf)[ext:per]
			phasePlanes(&cg, x[nc*hw:(nc+1)*hw], xp, hq, wq)
		}
		dst := y[nc*ohw : (nc+1)*ohw]
		if uniform && rowTaps[0]*colTaps[0] != 0 && avgTapsFast(acc, xp, off, rowTaps[0]*colTaps[0]) {
			// The taps summed in registers and divided in one pass.
			if wq == g.ow {
				copy(dst, acc)
			} else {
				copyKeptColumns(dst, acc, 0, g.ow, wq)
			}
			return
		}
		clear(acc)
		for _, o := range off { // avgPool's tap order
			addRowF32(acc, xp[o:])
		}
		if wq == g.ow && uniform {
			// No dropped columns and one divisor: the sums are the
			// output's layout.
			divideByTaps(dst, acc, rowTaps[0], colTaps[:1])
			return
		}
		if uniform {
			// One divisor: divide the extended sums in one pass, then
			// keep each row's outputs (a call per row cost more than the
			// sums: inception_v3's 3x3 pools at 35x35).
			divideByTaps(acc, acc, rowTaps[0], colTaps[:1])
			copyKeptColumns(dst, acc, 0, g.ow, wq)
			return
		}
		for i := range g.oh {
			divideByTaps(dst[i*g.ow:(i+1)*g.ow], acc[i*wq:], rowTaps[i], colTaps)
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
// count is 0, dividing runs of equal counts as vectors; a single count
// (len(cols) == 1) holds for every j.
func divideByTaps(dst, sum []float32, rows float32, cols []float32) {
	for j0 := 0; j0 < len(dst); {
		j1 := j0 + 1
		if len(cols) == 1 {
			j1 = len(dst)
		}
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
