package pass

import "strings"

// Effect is a kind of change a pass may make beyond rewriting ops into
// equivalent ops. Later stages (precision assignment, partitioning, the
// gates) read these to know which passes can undo or invalidate their
// decisions, without reading the passes' code.
type Effect uint8

const (
	// QuantEncodings: the pass adds, removes or moves quantized element
	// types (!quant.uniform and its scales and zero points), or the
	// quant.qcast/quant.dcast ops between them.
	QuantEncodings Effect = 1 << iota
	// Layout: the pass changes the order in which a tensor's elements are
	// laid out (NCHW to NHWC, packed or tiled forms), not just the ops
	// that compute them.
	Layout
	// Partitioning: the pass changes which device or backend runs an op,
	// or the boundaries of the regions handed to one.
	Partitioning
	// Precision: the pass changes the element type a value is stored or
	// computed in at a function boundary (f32 to f16, i8 to i32).
	Precision

	// effectsDeclared marks an Effects value as written by the pass's
	// author, so "changes none of these" differs from "not declared".
	effectsDeclared Effect = 1 << 7
)

var effectNames = []struct {
	e         Effect
	name, doc string
}{
	{QuantEncodings, "quant-encodings", "quantized element types, their scales and zero points, and the casts between them"},
	{Layout, "layout", "the order of a tensor's elements"},
	{Partitioning, "partitioning", "which backend runs an op"},
	{Precision, "precision", "the element type a value is stored or computed in"},
}

// Effects is a set of Effect kinds; build it with MayChange or NoEffects.
type Effects Effect

// NoEffects declares that a pass changes none of the Effect kinds.
const NoEffects = Effects(effectsDeclared)

// MayChange declares the kinds a pass may change.
func MayChange(kinds ...Effect) Effects {
	e := effectsDeclared
	for _, k := range kinds {
		e |= k
	}
	return Effects(e)
}

// Declared reports whether the pass declared its effects.
func (s Effects) Declared() bool { return Effect(s)&effectsDeclared != 0 }

// Has reports whether k is in the set.
func (s Effects) Has(k Effect) bool { return Effect(s)&k != 0 }

// String is the set as docs show it: "layout, quant-encodings", "none".
func (s Effects) String() string {
	var names []string
	for _, n := range effectNames {
		if s.Has(n.e) {
			names = append(names, n.name)
		}
	}
	if len(names) == 0 {
		return "none"
	}
	return strings.Join(names, ", ")
}
