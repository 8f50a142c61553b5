package quantize

import (
	"fmt"
	"math"
	"strings"

	"github.com/mlc-go/mlc/dialects/quant"
	"github.com/mlc-go/mlc/ir"
	"github.com/mlc-go/mlc/lowering/target"
)

// Precisions are the values of mlc.precision, cheapest first: integers
// before floats, narrow before wide. The fallback for an op whose class
// does not run the default precision is the first one its target accepts.
var Precisions = []string{"i8", "i16", "f16", "f32"}

// precisionBits is the storage width of an integer precision (0: float).
func precisionBits(p string) int {
	switch p {
	case "i8":
		return 8
	case "i16":
		return 16
	}
	return 0
}

// storageOf is the target file's name of a rule's storage type.
func storageOf(r *target.QuantRule) (target.ElemType, bool) {
	for _, e := range target.ElemTypes {
		if e.Name == r.Storage {
			return e, e.IsInt()
		}
	}
	return target.ElemType{}, false
}

// StoredRange is the range of stored values a rule quantizes to: the
// rule's own range when it gives one, else its storage type's.
func StoredRange(r *target.QuantRule) (lo, hi int64) {
	if r.Min != 0 || r.Max != 0 {
		return r.Min, r.Max
	}
	e, _ := storageOf(r)
	return e.Min, e.Max
}

// symmetricMax is the largest magnitude a symmetric encoding maps to on
// both sides of zero: 127 for [-128, 127] and for [-127, 127].
func symmetricMax(lo, hi int64) int64 {
	if lo >= 0 {
		return hi
	}
	return min(-lo, hi)
}

// Params is the scale and zero point a rule gives a calibrated range
// [lo, hi] (lo <= hi, both finite).
//
// Asymmetric: the range is widened to hold 0, scale = (hi − lo) /
// (qmax − qmin) and zero point = round_half_even(qmin − lo/scale) clamped
// to [qmin, qmax], so 0 is exactly representable. Symmetric: zero point 0
// and scale = max(|lo|, |hi|) / qmax_sym, with qmax_sym the largest
// magnitude the range holds on both sides (127 for i8). A range of
// zero width (all zeros) gets scale 1: any scale represents it exactly.
func Params(r *target.QuantRule, lo, hi float64) (scale float64, zp int64) {
	qmin, qmax := StoredRange(r)
	if r.Symmetric {
		m := max(math.Abs(lo), math.Abs(hi))
		if m == 0 {
			return 1, 0
		}
		return m / float64(symmetricMax(qmin, qmax)), 0
	}
	lo, hi = min(lo, 0), max(hi, 0)
	if hi == lo {
		return 1, min(max(0, qmin), qmax)
	}
	scale = (hi - lo) / float64(qmax-qmin)
	z := math.RoundToEven(float64(qmin) - lo/scale)
	return scale, int64(min(max(z, float64(qmin)), float64(qmax)))
}

// storageType is the IR integer type of a rule's storage.
func storageType(ctx *ir.Context, r *target.QuantRule) *ir.IntegerType {
	e, _ := storageOf(r)
	if e.Name[0] == 'u' {
		return ctx.IntegerType(e.Bits, ir.Unsigned)
	}
	return ctx.I(e.Bits)
}

// uniform is the per-tensor quantized element type of r for [lo, hi].
func uniform(ctx *ir.Context, r *target.QuantRule, expressed *ir.FloatType, lo, hi float64) (*quant.UniformType, error) {
	scale, zp := Params(r, lo, hi)
	qmin, qmax := StoredRange(r)
	return quant.NewUniform(ctx, storageType(ctx, r), qmin, qmax, expressed, scale, zp)
}

// StorageName is the target file's name of a quantized type's storage
// ("i8", "u16").
func StorageName(q quant.QuantizedType) string {
	st, _, _, ok := quant.StorageOf(q)
	if !ok {
		return ""
	}
	if st.Signedness == ir.Unsigned {
		return fmt.Sprintf("u%d", st.Width)
	}
	return fmt.Sprintf("i%d", st.Width)
}

// Satisfies reports why the quantized element type q does not follow
// rule r ("" when it does): storage type and range, zero points of a
// symmetric rule, and per-tensor vs per-channel granularity.
func Satisfies(q quant.QuantizedType, r *target.QuantRule) string {
	if StorageName(q) != r.Storage {
		return fmt.Sprintf("storage %s, not %s", StorageName(q), r.Storage)
	}
	_, lo, hi, _ := quant.StorageOf(q)
	if rlo, rhi := StoredRange(r); lo != rlo || hi != rhi {
		return fmt.Sprintf("stored range [%d, %d], not [%d, %d]", lo, hi, rlo, rhi)
	}
	var zps []int64
	switch t := q.(type) {
	case *quant.UniformType:
		if r.Granularity != "per-tensor" {
			return "per-tensor, not " + r.Granularity
		}
		zps = []int64{t.ZeroPoint}
	case *quant.UniformPerAxisType:
		if r.Granularity != "per-channel" {
			return "per-channel, not " + r.Granularity
		}
		zps = t.ZeroPoints
	default:
		return "not a uniform type"
	}
	if r.Symmetric {
		for _, z := range zps {
			if z != 0 {
				return fmt.Sprintf("zero point %d in a symmetric encoding", z)
			}
		}
	}
	return ""
}

// activationRule is the first per-tensor activation rule of t with the
// precision's width whose storage every activation role of the class
// accepts; nil if none.
func activationRule(t *target.Target, class string, roles []string, bits int) *target.QuantRule {
	for _, r := range t.QuantRules("activation") {
		e, ok := storageOf(&r)
		if !ok || e.Bits != bits || r.Granularity != "per-tensor" {
			continue
		}
		if acceptsAll(t, class, roles, r.Storage) {
			return &r
		}
	}
	return nil
}

// weightRule picks the weight rule of t for activations stored as act:
// rules tied to that activation storage (with_activations) first, then
// per-channel ones when the op has a channel axis, then file order. Block
// encodings (sub-byte weights) are left to mixed precision.
func weightRule(t *target.Target, class, role, act string, perChannel bool) *target.QuantRule {
	var best *target.QuantRule
	score := -1
	for _, r := range t.QuantRules("weight") {
		if _, ok := storageOf(&r); !ok || r.Granularity == "block" || !t.Accepts(class, role, r.Storage) {
			continue
		}
		if len(r.WithActivations) > 0 && !contains(r.WithActivations, act) {
			continue
		}
		if r.Granularity == "per-channel" && !perChannel {
			continue
		}
		s := 0
		if len(r.WithActivations) > 0 {
			s += 2
		}
		if r.Granularity == "per-channel" {
			s++
		}
		if s > score {
			r := r
			best, score = &r, s
		}
	}
	return best
}

// biasRule is the integer bias rule of t the class accepts, or nil: the
// bias then stays float.
func biasRule(t *target.Target, class string) *target.QuantRule {
	for _, r := range t.QuantRules("bias") {
		if _, ok := storageOf(&r); ok && r.Granularity != "block" && t.Accepts(class, "bias", r.Storage) {
			return &r
		}
	}
	return nil
}

func acceptsAll(t *target.Target, class string, roles []string, elem string) bool {
	for _, role := range roles {
		if !t.Accepts(class, role, elem) {
			return false
		}
	}
	return true
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// classOperands are the operand roles of an op class (the result role
// left out).
func classOperands(class string) []string {
	for _, c := range target.OpClasses {
		if c.Name == class {
			var out []string
			for _, o := range c.Operands {
				if o != "result" {
					out = append(out, o)
				}
			}
			return out
		}
	}
	return nil
}

// operandRole is the class role of operand i: its own entry, or the last
// one for variadic operands (every input of a concat is an "input").
func operandRole(class string, i int) string {
	roles := classOperands(class)
	if len(roles) == 0 {
		return ""
	}
	return roles[min(i, len(roles)-1)]
}

func quotedList(list []string) string {
	if len(list) == 0 {
		return "none"
	}
	return strings.Join(list, ", ")
}
