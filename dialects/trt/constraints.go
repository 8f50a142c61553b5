package trt

import (
	"fmt"
	"strings"

	"github.com/mlc-go/mlc/dialects/ods"
	itensor "github.com/mlc-go/mlc/internal/tensor"
	"github.com/mlc-go/mlc/ir"
)

// Element types as TensorRT's DataType enum names them: kFLOAT f32, kHALF
// f16, kBF16 bf16, kFP8 f8E4M3FN, kINT8 i8, kINT32 i32, kINT64 i64, kBOOL
// i1, kUINT8 ui8, kINT4 i4.
var (
	f32E  = ods.F32E
	f16E  = ods.F16E
	bf16E = ods.BF16E
	f8E   = ods.Elem{Name: "f8E4M3FN", Match: func(t ir.Type) bool {
		ft, ok := t.(*ir.FloatType)
		return ok && ft.Kind == ir.F8E4M3FN
	}}
	i1E  = ods.I1E
	i4E  = ods.Elem{Name: "i4", Match: intOf(4, ir.Signless)}
	i8E  = ods.I8E
	ui8E = ods.Elem{Name: "ui8", Match: intOf(8, ir.Unsigned)}
	i32E = ods.I32E
	i64E = ods.I64E
)

func intOf(width int, s ir.Signedness) func(ir.Type) bool {
	return func(t ir.Type) bool {
		it, ok := t.(*ir.IntegerType)
		return ok && it.Width == width && it.Signedness == s
	}
}

// elemSet is a named set of element types a layer accepts.
type elemSet []ods.Elem

func (s elemSet) elem() ods.Elem { return ods.ElemOneOf(s...) }

func (s elemSet) has(t ir.Type) bool {
	for _, e := range s {
		if e.Match(t) {
			return true
		}
	}
	return false
}

func (s elemSet) names() string {
	n := make([]string, len(s))
	for i, e := range s {
		n[i] = e.Name
	}
	return strings.Join(n, ", ")
}

// tensor is a ranked tensor of the set's element types (TensorRT tensors
// always have a known rank; '?' dims are TensorRT's -1 dims).
func (s elemSet) tensor() ods.TypeConstraint { return ods.RankedTensorOf(s.elem()) }

// The element type sets of the layers, after TensorRT 10's operator
// reference.
var (
	floats    = elemSet{f32E, f16E, bf16E}
	floatsI8  = elemSet{f32E, f16E, bf16E, i8E}
	convTypes = elemSet{f32E, f16E, bf16E, i8E, f8E}
	mmTypes   = elemSet{f32E, f16E, bf16E, f8E}
	ewTypes   = elemSet{f32E, f16E, bf16E, i8E, i32E, i64E, i1E}
	unTypes   = elemSet{f32E, f16E, bf16E, i8E, i32E, i64E, i1E}
	dataTypes = elemSet{f32E, f16E, bf16E, f8E, i8E, i32E, i64E, i1E}
	redTypes  = elemSet{f32E, f16E, bf16E, i8E, i32E, i64E}
	topkTypes = elemSet{f32E, f16E, bf16E, i32E, i64E}
	castTypes = elemSet{f32E, f16E, bf16E, i8E, ui8E, i32E, i64E, i1E}
	constTyps = elemSet{f32E, f16E, bf16E, f8E, i4E, i8E, ui8E, i32E, i64E, i1E}
	qTypes    = elemSet{i8E, f8E, i4E}
	indexTyps = elemSet{i32E, i64E}
	boolTypes = elemSet{i1E}
	shapeOut  = elemSet{i64E}
)

// typeAttrOf is a TypeAttr whose type is one of s.
func typeAttrOf(s elemSet) ods.AttrConstraint {
	return ods.AttrConstraint{Name: "type attribute of " + s.names(), Match: func(a ir.Attribute) bool {
		ta, ok := a.(*ir.TypeAttr)
		return ok && s.has(ta.Type)
	}}
}

// layerAttrs are the ILayer settings every layer carries: the compute
// precision and the type of output 0.
func layerAttrs(precision, output elemSet) []ods.Attr {
	return []ods.Attr{
		{Name: "precision", Type: typeAttrOf(precision), Optional: true,
			Doc: "ILayer::setPrecision: the type the layer computes in (weakly typed networks)"},
		{Name: "output_type", Type: typeAttrOf(output), Optional: true,
			Doc: "ILayer::setOutputType(0, ...): element type of the (first) result, which must equal it"},
	}
}

func withLayer(attrs []ods.Attr, precision, output elemSet) []ods.Attr {
	return append(attrs, layerAttrs(precision, output)...)
}

// Attribute constraints of this dialect.
var (
	// bitmaskAttr is TensorRT's uint32 axes mask, bit i selecting axis i.
	bitmaskAttr = ods.AttrConstraint{Name: "64-bit integer attribute (axes bitmask)", Type: ods.I64Attr.Type, Match: ods.I64Attr.Match}
	dimsAttr    = ods.I64ArrayAttr
	paddingMode = ods.EnumAttr("explicit_round_down", "explicit_round_up", "same_upper", "same_lower")
)

// ---- attribute access during inference ----

type attrs struct{ get ods.AttrGetter }

func (a attrs) has(name string) bool { return a.get(name) != nil }

func (a attrs) i64(name string, def int64) int64 {
	if ia, ok := a.get(name).(*ir.IntegerAttr); ok {
		return ia.Value
	}
	return def
}

func (a attrs) f64(name string, def float64) float64 {
	if fa, ok := a.get(name).(*ir.FloatAttr); ok {
		return fa.Value
	}
	return def
}

func (a attrs) str(name, def string) string {
	if s, ok := a.get(name).(*ir.StringAttr); ok {
		return s.Value
	}
	return def
}

func (a attrs) boolean(name string, def bool) bool {
	if b, ok := a.get(name).(*ir.BoolAttr); ok {
		return b.Value
	}
	return def
}

func (a attrs) typ(name string) ir.Type {
	if t, ok := a.get(name).(*ir.TypeAttr); ok {
		return t.Type
	}
	return nil
}

func (a attrs) ints(name string) ([]int64, bool) {
	if d, ok := a.get(name).(*ir.DenseArrayAttr); ok {
		return d.Ints, true
	}
	return nil, false
}

func (a attrs) floats(name string) ([]float64, bool) {
	if d, ok := a.get(name).(*ir.DenseArrayAttr); ok {
		return d.Floats, true
	}
	return nil, false
}

// dims reads an n-element dims attribute, def filling every entry when
// the attribute is absent.
func (a attrs) dims(name string, n int, def int64) ([]int64, error) {
	v, ok := a.ints(name)
	if !ok {
		out := make([]int64, n)
		for i := range out {
			out[i] = def
		}
		return out, nil
	}
	if len(v) != n {
		return nil, fmt.Errorf("'%s' has %d values, expected %d (one per spatial dimension)", name, len(v), n)
	}
	return v, nil
}

// ---- shape helpers ----

func ranked(t ir.Type) (*ir.RankedTensorType, error) {
	rt, ok := t.(*ir.RankedTensorType)
	if !ok {
		return nil, fmt.Errorf("expects ranked tensors, got '%s'", t)
	}
	return rt, nil
}

func fmtDims(d []int64) string {
	return itensor.FormatDims(d)
}

// fmtInts formats attribute values, where -1 is a value, not "?".
func fmtInts(v []int64) string {
	return itensor.FormatList(v)
}

func dyn(d int64) bool { return d == ir.Dynamic }

// axesOf decodes a bitmask into axes, checking them against rank.
func axesOf(mask int64, rank int) ([]int, error) {
	if mask <= 0 || mask >= 1<<32 {
		return nil, fmt.Errorf("axes bitmask %d must select at least one axis and fit in 32 bits", mask)
	}
	var out []int
	for i := 0; i < 32; i++ {
		if mask&(1<<i) != 0 {
			if i >= rank {
				return nil, fmt.Errorf("axes bitmask %d selects axis %d, but the input has rank %d", mask, i, rank)
			}
			out = append(out, i)
		}
	}
	return out, nil
}

// broadcastDims applies TensorRT's broadcast rule: ranks are equal, and a
// dimension broadcasts only where one side is 1.
func broadcastDims(a, b []int64) ([]int64, error) {
	if len(a) != len(b) {
		return nil, fmt.Errorf("operands must have the same rank (TensorRT does not broadcast ranks), got %d and %d", len(a), len(b))
	}
	out := make([]int64, len(a))
	for i := range a {
		d, err := broadcastDim(a[i], b[i])
		if err != nil {
			return nil, fmt.Errorf("dimension %d is not broadcastable: %s", i, err)
		}
		out[i] = d
	}
	return out, nil
}

func broadcastDim(x, y int64) (int64, error) {
	if d, ok := itensor.BroadcastDim(x, y, true); ok {
		return d, nil
	}
	return 0, fmt.Errorf("%d vs %d", x, y)
}
