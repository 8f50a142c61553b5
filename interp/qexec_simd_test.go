package interp

import (
	"math"
	"math/rand"
	"strconv"
	"strings"
	"testing"

	"github.com/mlc-go/mlc/internal/quantize"
	"github.com/mlc-go/mlc/internal/tensor"
	"github.com/mlc-go/mlc/ir"
)

// qAddRows (SIMD rows where the CPU has them) equals AddParams' scalar
// formula on every element, for every 8-bit type combination, operands of
// the result's length, one value or a repeated row, ties, saturation and zero points at
// the ends of their range.
func TestQAddRowsMatchesScalar(t *testing.T) {
	rng := rand.New(rand.NewSource(21))
	u8 := quantize.Params{Min: 0, Max: 255}
	i8 := quantize.Params{Min: -128, Max: 127}
	for trial := range 200 {
		ps := [3]quantize.Params{}
		for j := range ps {
			p := u8
			if (trial>>j)&1 == 1 {
				p = i8
			}
			p.Scale = math.Ldexp(0.5+rng.Float64(), -rng.Intn(8))
			switch rng.Intn(4) {
			case 0:
				p.ZeroPoint = p.Min
			case 1:
				p.ZeroPoint = p.Max
			default:
				p.ZeroPoint = p.Min + rng.Int63n(256)
			}
			ps[j] = p
		}
		if trial%10 == 0 {
			ps[1].Scale, ps[2].Scale = ps[0].Scale, ps[0].Scale*2 // ties
		}
		ap := quantize.NewAddParams(ps[0], ps[1], ps[2])
		n := 1 + rng.Intn(70)
		an, bn := n, n
		switch trial % 7 {
		case 3:
			an = 1
		case 4:
			bn = 1
		case 5, 6: // a row repeated over the result's rows
			row := 2 + rng.Intn(40)
			n = row * (2 + rng.Intn(5))
			an, bn = row, n
			if trial%7 == 6 {
				an, bn = n, row
			}
		}
		run := func(a, b []int64) {
			want := make([]int64, n)
			for i := range want {
				switch {
				case an == 1:
					want[i] = ap.AddToB(b[i], ap.ScalarA(a[0]))
				case bn == 1:
					want[i] = ap.AddToA(a[i], ap.ScalarB(b[0]))
				default:
					want[i] = ap.Add(a[i%an], b[i%bn])
				}
			}
			got := qAddRowsAny(trial, ap, a, b, n)
			for i := range want {
				if got[i] != want[i] {
					t.Fatalf("trial %d (types %03b, n %d, lens %d/%d): element %d = %d, want %d", trial, trial&7, n, an, bn, i, got[i], want[i])
				}
			}
		}
		a, b := make([]int64, an), make([]int64, bn)
		for i := range a {
			a[i] = ps[0].Min + rng.Int63n(256)
		}
		for i := range b {
			b[i] = ps[1].Min + rng.Int63n(256)
		}
		run(a, b)
	}
}

// qAddRowsAny runs qAddRows with the storage types trial's bits pick
// (a, b, result: bit set = int8).
func qAddRowsAny(trial int, ap quantize.AddParams, a, b []int64, n int) []int64 {
	out := make([]int64, n)
	if trial&4 != 0 {
		d := make([]int8, n)
		qAddRowsIn(d, trial, ap, a, b)
		for i, v := range d {
			out[i] = int64(v)
		}
	} else {
		d := make([]uint8, n)
		qAddRowsIn(d, trial, ap, a, b)
		for i, v := range d {
			out[i] = int64(v)
		}
	}
	return out
}

func qAddRowsIn[TC int8 | uint8](d []TC, trial int, ap quantize.AddParams, a, b []int64) {
	if trial&1 != 0 {
		qAddRowsInB(d, trial, ap, conv[int8](a), b)
	} else {
		qAddRowsInB(d, trial, ap, conv[uint8](a), b)
	}
}

func qAddRowsInB[TC, TA int8 | uint8](d []TC, trial int, ap quantize.AddParams, a []TA, b []int64) {
	if trial&2 != 0 {
		qAddRows(d, ap, a, conv[int8](b))
	} else {
		qAddRows(d, ap, a, conv[uint8](b))
	}
}

func conv[T int8 | uint8](v []int64) []T {
	out := make([]T, len(v))
	for i, x := range v {
		out[i] = T(x)
	}
	return out
}

// A quantized core.add whose operand repeats along the outer axes takes
// the row path; every element must be what the element-by-element path
// gives (ORT's span rule: the innermost dimension decides which operand
// is folded into the constant), and shapes where the repeated operand is
// one value per span must keep that rule.
func TestQuantizedAddRowBroadcast(t *testing.T) {
	rng := rand.New(rand.NewSource(8))
	qa := "!quant.uniform<u8:f32, 0.0123:131>"
	qb := "!quant.uniform<i8:f32, 0.0071:-5>"
	qc := "!quant.uniform<u8:f32, 0.0188:120>"
	for _, sh := range [][2]string{
		{"24", "2x5x24"}, {"1x24", "5x24"}, {"2x5x24", "5x24"}, {"5x1", "5x24"}, {"3x1x7", "3x4x7"},
	} {
		ash, bsh, out := sh[0], sh[1], sh[1]
		if len(sh[0]) > len(sh[1]) {
			out = sh[0]
		}
		src := "func.func @main(%a: tensor<" + ash + "x" + qa + ">, %b: tensor<" + bsh + "x" + qb + ">) -> tensor<" + out + "x" + qc + "> {\n" +
			"  %r = core.add %a, %b : (tensor<" + ash + "x" + qa + ">, tensor<" + bsh + "x" + qb + ">) -> tensor<" + out + "x" + qc + ">\n" +
			"  return %r : tensor<" + out + "x" + qc + ">\n}"
		fn, err := LookupFunc(parseModule(t, src), "main")
		if err != nil {
			t.Fatal(err)
		}
		op := fn.Regions()[0].Blocks()[0].Ops()[0]
		as, bs := mustShape(t, ash), mustShape(t, bsh)
		a, b := tensor.New(tensor.U8, as...), tensor.New(tensor.I8, bs...)
		for i := range a.Len() {
			a.Data().([]uint8)[i] = uint8(rng.Intn(256))
		}
		for i := range b.Len() {
			b.Data().([]int8)[i] = int8(rng.Intn(256) - 128)
		}
		got, err := New(Options{}).Run(fn, []*tensor.Tensor{a, b})
		if err != nil {
			t.Fatal(err)
		}
		var ps [3]quantize.Params
		for i, ty := range []ir.Type{op.Operand(0).Type(), op.Operand(1).Type(), op.Result(0).Type()} {
			u, err := perTensor(ty, "operand")
			if err != nil {
				t.Fatal(err)
			}
			ps[i] = quantize.Params(u.Params())
		}
		ap := quantize.NewAddParams(ps[0], ps[1], ps[2])
		shape := got[0].Shape()
		ai, bi := broadcastIndex(as, shape), broadcastIndex(bs, shape)
		sa, sb := addSpanKind(as, bs, shape)
		for i, v := range got[0].IntValues() {
			x, y := int64(a.Data().([]uint8)[ai(i)]), int64(b.Data().([]int8)[bi(i)])
			want := ap.Add(x, y)
			switch {
			case sa:
				want = ap.AddToB(y, ap.ScalarA(x))
			case sb:
				want = ap.AddToA(x, ap.ScalarB(y))
			}
			if v != want {
				t.Fatalf("%s + %s: element %d = %d, want %d", ash, bsh, i, v, want)
			}
		}
	}
}

func mustShape(t *testing.T, s string) []int64 {
	t.Helper()
	var shape []int64
	for _, f := range strings.Split(s, "x") {
		d, err := strconv.ParseInt(f, 10, 64)
		if err != nil {
			t.Fatal(err)
		}
		shape = append(shape, d)
	}
	return shape
}
