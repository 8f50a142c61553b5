package bytecode

import (
	"math/big"

	"github.com/mlc-go/mlc/ir"
)

// The builtin dialect's encodings of attributes, locations and types.

func (w *writer) encodeAttr(out *emitter, e *entry) bool {
	if e.loc != nil {
		return w.encodeLoc(out, e.loc)
	}
	switch a := e.attr.(type) {
	case *ir.ArrayAttr:
		out.varint(attrArray)
		out.varint(uint64(len(a.Elems)))
		for _, x := range a.Elems {
			out.varint(w.attrIndex(x))
		}
	case *ir.DictionaryAttr:
		out.varint(attrDictionary)
		out.varint(uint64(len(a.Entries)))
		for _, x := range a.Entries {
			out.varint(w.attrIndex(w.ctx.StringAttr(x.Name)))
			out.varint(w.attrIndex(x.Value))
		}
	case *ir.StringAttr:
		if a.Type == nil {
			out.varint(attrString)
			out.varint(uint64(w.str(a.Value)))
		} else {
			out.varint(attrStringWithType)
			out.varint(uint64(w.str(a.Value)))
			out.varint(w.typeIndex(a.Type))
		}
	case *ir.SymbolRefAttr:
		if len(a.Nested) == 0 {
			out.varint(attrFlatSymbolRef)
			out.varint(w.attrIndex(w.ctx.StringAttr(a.Root)))
			break
		}
		out.varint(attrSymbolRef)
		out.varint(w.attrIndex(w.ctx.StringAttr(a.Root)))
		out.varint(uint64(len(a.Nested)))
		for _, n := range a.Nested {
			out.varint(w.attrIndex(w.ctx.SymbolRefAttr(n)))
		}
	case *ir.TypeAttr:
		out.varint(attrType)
		out.varint(w.typeIndex(a.Type))
	case *ir.UnitAttr:
		out.varint(attrUnit)
	case *ir.BoolAttr:
		out.varint(attrInteger)
		out.varint(w.typeIndex(w.ctx.I(1)))
		if a.Value {
			out.byte(1)
		} else {
			out.byte(0)
		}
	case *ir.IntegerAttr:
		out.varint(attrInteger)
		out.varint(w.typeIndex(a.Type))
		writeAPInt(out, intWidth(a.Type), a.Value, a.Big)
	case *ir.FloatAttr:
		out.varint(attrFloat)
		out.varint(w.typeIndex(a.Type))
		writeAPInt(out, a.Type.Width(), int64(ir.FloatBits(a.Type.Kind, a.Value)), nil)
	case *ir.DenseArrayAttr:
		width := ir.ElementByteWidth(a.Elem)
		if width == 0 {
			return false
		}
		out.varint(attrDenseArray)
		out.varint(w.typeIndex(a.Elem))
		out.varint(uint64(a.Len()))
		raw := make([]byte, 0, a.Len()*width)
		if ft, ok := a.Elem.(*ir.FloatType); ok {
			for _, f := range a.Floats {
				raw = ir.EncodeFloat(raw, ft.Kind, f)
			}
		} else {
			for _, v := range a.Ints {
				raw = ir.EncodeInt(raw, v, width)
			}
		}
		out.varint(uint64(len(raw)))
		out.bytes(raw)
	case *ir.DenseElementsAttr:
		out.varint(attrDenseIntOrFP)
		out.varint(w.typeIndex(a.Type))
		raw := a.Raw
		if ir.IsInteger(a.Type.ElementType(), 1) {
			raw = packBools(a)
		}
		out.varint(uint64(len(raw)))
		out.blob(raw)
	case *ir.DenseResourceAttr:
		out.varint(attrDenseResource)
		out.varint(w.typeIndex(a.Type))
		out.varint(uint64(w.resources[a.Handle].index))
	default:
		return false
	}
	return true
}

// packBools turns ir's byte-per-i1 dense data into MLIR's: a splat is
// one byte of all zeros or all ones, anything else one bit per element.
func packBools(a *ir.DenseElementsAttr) []byte {
	if a.Splat {
		if a.Raw[0] != 0 {
			return []byte{0xFF}
		}
		return []byte{0}
	}
	out := make([]byte, (len(a.Raw)+7)/8)
	for i, b := range a.Raw {
		if b != 0 {
			out[i/8] |= 1 << uint(i%8)
		}
	}
	return out
}

func intWidth(t ir.Type) int {
	if it, ok := t.(*ir.IntegerType); ok {
		return it.Width
	}
	return 64 // index
}

// writeAPInt writes an integer of a known bit width: a byte up to 8 bits,
// a zigzag varint of the zero-extended value up to 64, else its active
// 64-bit words.
func writeAPInt(out *emitter, width int, v int64, b *big.Int) {
	switch {
	case width <= 8:
		out.byte(byte(v))
	case width <= 64:
		u := uint64(v)
		if width < 64 {
			u &= 1<<uint(width) - 1
		}
		out.svarint(int64(u))
	default:
		if b == nil {
			b = big.NewInt(v)
		}
		words := twosComplementWords(b, width)
		n := len(words)
		for n > 1 && words[n-1] == 0 {
			n--
		}
		out.varint(uint64(n))
		for _, x := range words[:n] {
			out.svarint(int64(x))
		}
	}
}

func twosComplementWords(b *big.Int, width int) []uint64 {
	nw := (width + 63) / 64
	v := new(big.Int).Set(b)
	if v.Sign() < 0 {
		v.Add(v, new(big.Int).Lsh(big.NewInt(1), uint(width)))
	}
	words := make([]uint64, nw)
	bs := v.Bytes() // big-endian
	for i := 0; i < len(bs) && i < nw*8; i++ {
		words[i/8] |= uint64(bs[len(bs)-1-i]) << (8 * uint(i%8))
	}
	return words
}

func (w *writer) encodeLoc(out *emitter, l ir.Location) bool {
	switch l := l.(type) {
	case ir.UnknownLoc:
		out.varint(locUnknown)
	case ir.FileLineColLoc:
		out.varint(locFileLineCol)
		out.varint(w.attrIndex(w.ctx.StringAttr(l.File)))
		out.varint(uint64(l.Line))
		out.varint(uint64(l.Col))
	case ir.NameLoc:
		out.varint(locName)
		out.varint(w.attrIndex(w.ctx.StringAttr(l.Name)))
		out.varint(w.locIndex(l.Child))
	case ir.CallSiteLoc:
		out.varint(locCallSite)
		out.varint(w.locIndex(l.Callee))
		out.varint(w.locIndex(l.Caller))
	case ir.FusedLoc:
		if l.Metadata == nil {
			out.varint(locFused)
		} else {
			out.varint(locFusedWithMetadata)
		}
		out.varint(uint64(len(l.Locs)))
		for _, x := range l.Locs {
			out.varint(w.locIndex(x))
		}
		if l.Metadata != nil {
			out.varint(w.attrIndex(l.Metadata))
		}
	default:
		return false
	}
	return true
}

func (w *writer) encodeType(out *emitter, e *entry) bool {
	shape := func(dims []int64) {
		out.varint(uint64(len(dims)))
		for _, d := range dims {
			if d == ir.Dynamic {
				d = dynamicDim
			}
			out.svarint(d)
		}
	}
	switch t := e.typ.(type) {
	case *ir.IntegerType:
		out.varint(typeInteger)
		out.varint(uint64(t.Width)<<2 | uint64(t.Signedness))
	case *ir.IndexType:
		out.varint(typeIndex)
	case *ir.NoneType:
		out.varint(typeNone)
	case *ir.FloatType:
		switch t.Kind {
		case ir.BF16:
			out.varint(typeBF16)
		case ir.F16:
			out.varint(typeF16)
		case ir.F32:
			out.varint(typeF32)
		case ir.F64:
			out.varint(typeF64)
		default:
			return false // the 8-bit floats have no builtin encoding in MLIR 19
		}
	case *ir.FunctionType:
		out.varint(typeFunction)
		out.varint(uint64(len(t.Inputs)))
		for _, x := range t.Inputs {
			out.varint(w.typeIndex(x))
		}
		out.varint(uint64(len(t.Results)))
		for _, x := range t.Results {
			out.varint(w.typeIndex(x))
		}
	case *ir.ComplexType:
		out.varint(typeComplex)
		out.varint(w.typeIndex(t.Elem))
	case *ir.RankedTensorType:
		w.codeWithAttr(out, t.Encoding, typeRankedTensorWithEncoding, typeRankedTensor)
		shape(t.Shape)
		out.varint(w.typeIndex(t.Elem))
	case *ir.UnrankedTensorType:
		out.varint(typeUnrankedTensor)
		out.varint(w.typeIndex(t.Elem))
	case *ir.VectorType:
		out.varint(typeVector)
		shape(t.Shape)
		out.varint(w.typeIndex(t.Elem))
	case *ir.MemRefType, *ir.UnrankedMemRefType:
		w.encodeMemRef(out, t, shape)
	case *ir.TupleType:
		out.varint(typeTuple)
		out.varint(uint64(len(t.Types)))
		for _, x := range t.Types {
			out.varint(w.typeIndex(x))
		}
	default:
		return false
	}
	return true
}

// codeWithAttr writes the type code of a builtin type with an optional
// attribute (a tensor's encoding, a memref's memory space): with, then
// the attribute's index, when a is set, else without.
func (w *writer) codeWithAttr(out *emitter, a ir.Attribute, with, without uint64) {
	if a == nil {
		out.varint(without)
		return
	}
	out.varint(with)
	out.varint(w.attrIndex(a))
}
