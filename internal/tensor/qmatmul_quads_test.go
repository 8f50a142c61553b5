package tensor

import (
	"math/rand"
	"slices"
	"testing"
)

// randBytes fills an 8-bit tensor of shape with random stored values.
func randBytes(rng *rand.Rand, dt DType, shape ...int64) *Tensor {
	t := New(dt, shape...)
	switch v := t.data.(type) {
	case []int8:
		for i := range v {
			v[i] = int8(rng.Intn(256) - 128)
		}
	case []uint8:
		for i := range v {
			v[i] = uint8(rng.Intn(256))
		}
	}
	return t
}

// The quad path with a packed weight gives MatMulIntegerInto's int32
// sums bit for bit: uint8 and int8 activations and weights, any
// activation zero point, one weight zero point, depths not a multiple of
// four and over one kc block (4·gemmKC), widths with a partial last panel
// and several strips, batched activations folded into rows, one row,
// one and two threads.
func TestMatMulIntegerPackedMatchesUnpacked(t *testing.T) {
	if !quadsAvailable() {
		t.Skip("no quad kernel on this CPU or build")
	}
	rng := rand.New(rand.NewSource(3))
	shapes := [][3]int{{1, 1, 1}, {5, 7, 3}, {13, 33, 17}, {197, 192, 576}, {40, 1030, 70}, {3, 64, 600}, {130, 9, 1100},
		// One row (gemvQuadsInto): several kc blocks and thread tiles, a
		// partial last quad and panel.
		{1, 2051, 300}, {1, 1030, 16}, {1, 4, 129}, {1, 9, 1000}}
	for trial := range 40 {
		s := shapes[trial%len(shapes)]
		if trial >= len(shapes) {
			s = [3]int{1 + rng.Intn(150), 1 + rng.Intn(1100), 1 + rng.Intn(700)}
		}
		m, k, n := s[0], s[1], s[2]
		adt, bdt := []DType{U8, I8}[trial%2], []DType{I8, U8}[trial/2%2]
		batch := 1 + trial%3
		if m == 1 {
			batch = 1 // one row, not folded into several
		}
		a := randBytes(rng, adt, int64(batch), int64(m), int64(k))
		b := randBytes(rng, bdt, int64(k), int64(n))
		aZero := int32(rng.Intn(256))
		bZero := []int32{int32(rng.Intn(256))}
		if adt == I8 {
			aZero -= 128
		}
		if bdt == I8 {
			bZero[0] -= 128
			if trial%3 == 0 {
				bZero = nil // symmetric: no zero point
			}
		}
		pb := PackMatMulInteger(b, bZero)
		if pb == nil {
			t.Fatalf("trial %d: %v weight with zero points %v not packed", trial, bdt, bZero)
		}
		want := make([]int32, batch*m*n)
		if err := MatMulIntegerInto(want, a, aZero, b, bZero); err != nil {
			t.Fatal(err)
		}
		for _, th := range []int{1, 2} {
			prev := SetThreads(th)
			got := make([]int32, len(want))
			for i := range got {
				got[i] = 0x5a5a5a5a // every value must be written
			}
			err := MatMulIntegerPackedInto(got, a, aZero, nil, nil, pb)
			SetThreads(prev)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(got, want) {
				for i := range got {
					if got[i] != want[i] {
						t.Fatalf("trial %d (%v·%v, %dx%dx%d ×%d, zeros %d %v, %d threads): acc[%d] = %d, want %d",
							trial, adt, bdt, m, k, n, batch, aZero, bZero, th, i, got[i], want[i])
					}
				}
			}
		}
		// The requantizing form stores what the two steps store.
		r := &Requantizer{Scale: make([]float32, n), Bias: make([]int32, n), Zero: int32(rng.Intn(256)), Min: 0, Max: 255}
		for j := range n {
			r.Scale[j] = float32(rng.Float64() * 1e-3)
			r.Bias[j] = int32(rng.Intn(20001) - 10000)
		}
		wantQ := New(U8, int64(batch), int64(m), int64(n))
		if err := r.RequantizeMatMul(wantQ, want, n); err != nil {
			t.Fatal(err)
		}
		gotQ := New(U8, int64(batch), int64(m), int64(n))
		if err := MatMulIntegerRequantInto(gotQ, make([]int32, len(want)), a, aZero, nil, nil, pb, r); err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(gotQ.data.([]uint8), wantQ.data.([]uint8)) {
			t.Fatalf("trial %d: requantized outputs differ", trial)
		}
	}
}

// A weight with zero points that differ by column is not packed (the
// column term would not separate), nor is a 3-D one.
func TestPackMatMulIntegerDeclines(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	b := randBytes(rng, I8, 8, 4)
	if PackMatMulInteger(b, []int32{0, 1, 0, 0}) != nil {
		t.Error("packed a weight with per-column zero points")
	}
	if PackMatMulInteger(randBytes(rng, I8, 2, 8, 4), nil) != nil {
		t.Error("packed a 3-D weight")
	}
}

// rowSumsFlipped's eight-byte lanes give the byte-by-byte sums, for rows
// long enough to take several 128-word runs.
func TestRowSumsFlipped(t *testing.T) {
	rng := rand.New(rand.NewSource(2))
	for _, k := range []int{1, 7, 8, 9, 63, 64, 65, 128, 1024, 1031, 3000} {
		a := randBytes(rng, U8, 3, int64(k))
		b := randBytes(rng, I8, 3, int64(k))
		for _, flip := range []byte{0, 0x80} {
			got := make([]int32, 3)
			rowSumsFlipped(got, a.data.([]uint8), k, flip)
			for i := range 3 {
				var want int32
				for _, v := range a.data.([]uint8)[i*k : (i+1)*k] {
					want += int32(int8(v ^ flip))
				}
				if got[i] != want {
					t.Fatalf("uint8 k %d flip %#x row %d: %d, want %d", k, flip, i, got[i], want)
				}
			}
			rowSumsFlipped(got, b.data.([]int8), k, flip)
			for i := range 3 {
				var want int32
				for _, v := range b.data.([]int8)[i*k : (i+1)*k] {
					want += int32(int8(byte(v) ^ flip))
				}
				if got[i] != want {
					t.Fatalf("int8 k %d flip %#x row %d: %d, want %d", k, flip, i, got[i], want)
				}
			}
		}
	}
}

// packQuadPanels (whole panels' runs of sixteen quads in registers where
// there is AVX-512) lays A out as the per-block packer does, for every
// quad kernel height, partial panels and quads, several K blocks, both
// flips.
func TestPackQuadPanelsMatchesBlocks(t *testing.T) {
	r := rand.New(rand.NewSource(71))
	for trial := range 120 {
		mr := []int{3, 4, 6, 8, 12}[trial%5]
		m, k := 1+r.Intn(40), 1+r.Intn(1300)
		if trial%7 == 0 {
			k = 64 * (1 + r.Intn(20)) // whole runs only
		}
		flip := byte(0)
		if trial%2 == 1 {
			flip = 0x80
		}
		a := make([]uint8, m*k)
		for i := range a {
			a[i] = uint8(r.Intn(256))
		}
		kq := (k + 3) / 4
		mPad := (m + mr - 1) / mr * mr
		got := make([]int32, mPad*kq)
		for i := range got {
			got[i] = -7 // every slot is written
		}
		packQuadPanels(got, a, m, k, mr, flip)
		want := make([]int32, mPad*kq)
		pack := packAQuads(a, k, k, flip)
		for pc := 0; pc < kq; pc += gemmKC {
			kc := min(gemmKC, kq-pc)
			pack(want[pc*mPad:], &gemmKernel[int32]{mr: mr}, 0, m, pc, kc)
		}
		if !slices.Equal(want, got) {
			t.Fatalf("trial %d: m=%d k=%d mr=%d flip=%#x: packed A differs", trial, m, k, mr, flip)
		}
	}
}
