package tensor

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestConv3DImplicitIm2col: the f32 Conv3D, which packs the GEMM's panels
// straight from the input, gives the bits of an explicit im2col matrix
// (im2col3) through Sgemm plus the bias, on random geometry with groups,
// strides, dilations, asymmetric pads and several images.
func TestConv3DImplicitIm2col(t *testing.T) {
	r := rand.New(rand.NewPCG(61, 62))
	for k := 0; k < 40; {
		groups := 1 + r.IntN(2)
		cg, mg := 1+r.IntN(3), 1+r.IntN(3)
		xs := sh(int64(1+r.IntN(2)), int64(groups*cg), int64(1+r.IntN(6)), int64(1+r.IntN(7)), int64(1+r.IntN(9)))
		ws := sh(int64(groups*mg), int64(cg), int64(1+r.IntN(3)), int64(1+r.IntN(3)), int64(1+r.IntN(3)))
		var p Window3D
		p.Groups = groups
		for i := range 3 {
			p.Strides[i], p.Dilations[i] = 1+r.IntN(2), 1+r.IntN(2)
			p.Pads[i], p.Pads[3+i] = r.IntN(2), r.IntN(3)
			p.Kernel[i] = int(ws[2+i])
		}
		g, err := window3D("conv3d", xs, p, false)
		if err != nil {
			continue
		}
		k++
		t.Run(fmt.Sprint(k), func(t *testing.T) {
			nx, _ := NumElements(xs)
			nw, _ := NumElements(ws)
			x := MustFromSlice(F32, xs, dwRandF32(r, int(nx)))
			w := MustFromSlice(F32, ws, dwRandF32(r, int(nw)))
			m := int(ws[0])
			bias := MustFromSlice(F32, sh(int64(m)), dwRandF32(r, m))
			y, err := Conv3D(x, w, bias, p)
			require.NoError(t, err)

			kk := cg * int(ws[2]*ws[3]*ws[4])
			np := g.outLen()
			col := make([]float32, kk*np)
			want := make([]float32, g.n*m*np)
			xv, wv, bv := x.Float32s(), w.Float32s(), bias.Float32s()
			for n := range g.n {
				for gr := range groups {
					im2col3(g, xv[(n*g.c+gr*cg)*g.inLen():], cg, col)
					require.NoError(t, Sgemm(false, false, mg, np, kk, 1, wv[gr*mg*kk:(gr+1)*mg*kk], kk, col, np, 0, want[(n*m+gr*mg)*np:(n*m+(gr+1)*mg)*np], np))
				}
				for i := range m {
					for j := range np {
						want[(n*m+i)*np+j] += bv[i]
					}
				}
			}
			got := y.Float32s()
			for i := range want {
				if math.Float32bits(got[i]) != math.Float32bits(want[i]) {
					t.Fatalf("x%v w%v %+v: element %d = %g, explicit im2col %g", xs, ws, p, i, got[i], want[i])
				}
			}
		})
	}
}
