package tensor

// Strided 8-bit convolutions read their im2col rows from phase planes,
// as the float32 in-place path does (conv_inplace.go): channel c's
// padded plane cut into sh·sw planes, plane (a, b) holding padded rows
// a, a+sh, … and columns b, b+sw, …, hq rows of wq columns. Im2col row
// (c, ki, kj), taken over "extended" columns e = oy·wq + ox (ox < wq),
// is then one contiguous run of plane ((ki·dh)%sh, (kj·dw)%sw) from row
// (ki·dh)/sh, column (kj·dw)/sw: the product has oh·wq columns, of which
// the wq − ow last of each row are dropped when the sums are
// requantized. The shifted copies of stride 1 (padShifted) would be kw
// copies per row phase, a few bytes each at stride 2: building them
// cost as much as the product.

// phasedOK reports whether an 8-bit convolution with requantized output
// takes phase planes: strides of 2 (at most).
func phasedOK(g *convGeom) bool {
	return (g.sh == 2 || g.sw == 2) && g.sh <= 2 && g.sw <= 2
}

// phasedDims returns the phase planes' rows and columns (extended).
func phasedDims(g *convGeom) (hq, wq int) {
	return g.oh + (g.kh-1)*g.dh/g.sh, g.ow + (g.kw-1)*g.dw/g.sw
}

// poisonPads makes padPhased fill its buffer with a pattern first
// (tests: a plane element it fails to write shows up, where a recycled
// buffer would hold the right value from the call before).
var poisonPads = false

// padPhased fills buf (grown as needed) with the phase planes of the cg
// channels of x, with slack after the last for the runs' whole 16-byte
// steps past their end.
func padPhased[T int8 | uint8](g *convGeom, x []T, zero T, buf *[]T) paddedInput[T] {
	hq, wq := phasedDims(g)
	plane := hq * wq
	n := g.cg * g.sh * g.sw * plane
	if cap(*buf) < n+wq+gemmNR {
		*buf = make([]T, n+wq+gemmNR)
	}
	d := (*buf)[:n+wq+gemmNR]
	if poisonPads {
		fill(d, 0x55)
	}
	// Column col of phase b reads input column col·sw + off[b]; columns
	// [lo[b], hi[b]) lie in the image.
	var off, lo, hi [2]int
	for b := range g.sw {
		off[b] = b - g.pl
		lo[b] = min(max((-off[b]+g.sw-1)/g.sw, 0), wq)
		hi[b] = max(min((g.w-off[b]+g.sw-1)/g.sw, wq), lo[b])
	}
	// The planes some tap reads (a 1x1 convolution reads one of four);
	// the others are left as they are.
	used, _ := g.phasesRead()
	// At stride 2 with both column phases used from one even column
	// base, the two phases' rows are one even/odd split of the input row:
	// done for all rows of a row phase in one call.
	be, bo := 0, 1 // the phases reading even and odd input columns
	if off[0]&1 != 0 {
		be, bo = 1, 0
	}
	base := lo[be]*2 + off[be]
	split := g.sw == 2 && used[0][0] == used[0][1] && used[g.sh-1][0] == used[g.sh-1][1] &&
		lo[bo]*2+off[bo]-1 == base && min(hi[be]-lo[be], hi[bo]-lo[bo]) >= 4
	g.parallel(g.cg, float64(n), func(ch int) {
		xc := x[ch*g.h*g.w : (ch+1)*g.h*g.w]
		plane := func(a, b int) []T { return d[((ch*g.sh+a)*g.sw+b)*hq*wq:][:hq*wq] }
		for a := range g.sh {
			if !used[a][0] && !used[a][g.sw-1] {
				continue
			}
			// Rows [r0, r1) of row phase a read input rows r·sh + a − pt.
			r0 := min(max((g.pt-a+g.sh-1)/g.sh, 0), hq)
			r1 := min(max((g.h+g.pt-a+g.sh-1)/g.sh, r0), hq)
			for b := range g.sw {
				if used[a][b] {
					p := plane(a, b)
					fill(p[:r0*wq], zero)
					fill(p[r1*wq:], zero)
				}
			}
			if r0 == r1 {
				continue
			}
			if split && used[a][0] {
				pe, po := plane(a, be), plane(a, bo)
				ne, no := hi[be]-lo[be], hi[bo]-lo[bo]
				nn := min(ne, no)
				src := xc[(r0*g.sh+a-g.pt)*g.w+base:]
				if deinterleaveRows(pe[r0*wq+lo[be]:], po[r0*wq+lo[bo]:], wq, src, g.sh*g.w, nn, r1-r0) {
					for r := r0; r < r1; r++ {
						re, ro := pe[r*wq:][:wq], po[r*wq:][:wq]
						edges(re, lo[be], hi[be], zero)
						edges(ro, lo[bo], hi[bo], zero)
						xr := xc[(r*g.sh+a-g.pt)*g.w+base:]
						for t := nn; t < ne; t++ {
							re[lo[be]+t] = xr[2*t]
						}
						for t := nn; t < no; t++ {
							ro[lo[bo]+t] = xr[2*t+1]
						}
					}
					continue
				}
			}
			for r := r0; r < r1; r++ {
				iy := r*g.sh + a - g.pt
				for b := range g.sw {
					if !used[a][b] {
						continue
					}
					row := plane(a, b)[r*wq:][:wq]
					if lo[b] >= hi[b] {
						fill(row, zero)
						continue
					}
					// Input columns lo·sw + off, (lo+1)·sw + off, …: the
					// source runs on past the row, for the SIMD gathers.
					edges(row, lo[b], hi[b], zero)
					src := xc[iy*g.w+lo[b]*g.sw+off[b]:]
					if g.sw == 2 {
						gather2(row[lo[b]:hi[b]], src)
					} else {
						copy(row[lo[b]:hi[b]], src)
					}
				}
			}
		}
	})
	return paddedInput[T]{data: d, phased: true, hq: hq, wq: wq}
}

// edges sets the columns of row outside [lo, hi) (a few at most) to
// zero.
func edges[T int8 | uint8](row []T, lo, hi int, zero T) {
	for o := range lo {
		row[o] = zero
	}
	for o := hi; o < len(row); o++ {
		row[o] = zero
	}
}

// phasedOffset is where the run of im2col row (c, ki, kj) starts in
// phase planes.
func (xp *paddedInput[T]) phasedOffset(g *convGeom, c, ki, kj int) int {
	r, s := ki*g.dh, kj*g.dw
	return (((c*g.sh+r%g.sh)*g.sw+s%g.sw)*xp.hq+r/g.sh)*xp.wq + s/g.sw
}

// requantTilesExt is requantTiles for a product over extended columns,
// rows of wq of which the first ow are outputs.
func (t *tileRequant) requantTilesExt(plan *gemmPlan[int32], plane0, ch0, stride, col0, ow, wq int) {
	if wq == ow {
		t.requantTiles(plan, plane0, ch0, stride, col0)
		return
	}
	plan.tileC = true
	plan.tileEpilogue = func(i0, i1, j0, j1 int, sums []int32, lds int) {
		for i := i0; i < i1; i++ {
			row := sums[(i-i0)*lds:][:j1-j0]
			switch d := t.dst.data.(type) {
			case []int8:
				requantExt(t, d, row, (plane0+i)*stride+col0, ch0+i, j0, ow, wq)
			case []uint8:
				requantExt(t, d, row, (plane0+i)*stride+col0, ch0+i, j0, ow, wq)
			case []int16:
				requantExt(t, d, row, (plane0+i)*stride+col0, ch0+i, j0, ow, wq)
			case []uint16:
				requantExt(t, d, row, (plane0+i)*stride+col0, ch0+i, j0, ow, wq)
			}
		}
	}
}

// requantExt requantizes a, extended columns [j0, j0+len(a)) of channel
// ch, in one pass into a scratch row (a tile is at most gemmNC columns
// wide), then copies each output row's ow values to dst[base + r·ow +
// ox]: requantizing the rows' short runs one by one cost more than the
// product.
func requantExt[T int8 | uint8 | int16 | uint16](t *tileRequant, dst []T, a []int32, base, ch, j0, ow, wq int) {
	var tmp [gemmNC]T
	b, s := t.paramsAt(ch)
	requantRow(tmp[:len(a)], a, b, s, t.r)
	copyKeptColumns(dst[base:], tmp[:len(a)], j0, ow, wq)
}
