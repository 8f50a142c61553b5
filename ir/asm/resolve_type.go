package asm

import (
	"strconv"
	"strings"

	"github.com/alecthomas/participle/v2/lexer"

	"github.com/mlc-go/mlc/ir"
)

// Resolving types: builtin types, dialect types and type aliases. The
// grammar is in grammar_type.go.

func (r *resolver) functionType(t *astFunctionType) *ir.FunctionType {
	return r.typ(t).(*ir.FunctionType)
}

func (r *resolver) typeList(ts []astType) []ir.Type {
	out := make([]ir.Type, len(ts))
	for i, t := range ts {
		out[i] = r.typ(t)
	}
	return out
}

// maxIntWidth is MLIR's limit on integer bit widths.
const maxIntWidth = 1<<24 - 1

func (r *resolver) typ(t astType) ir.Type {
	if t == nil {
		panic(resolveError{ir.Errorf(ir.UnknownLoc{}, "missing type")})
	}
	if c, ok := r.typeCache[t]; ok {
		return c
	}
	res := r.typUncached(t)
	r.typeCache[t] = res
	return res
}

// typesSize is the text length of a type list.
func typesSize(ts []ir.Type) int64 {
	n := int64(0)
	for _, t := range ts {
		n += textSize(t) + 2
	}
	return n
}

func (r *resolver) typUncached(t astType) ir.Type {
	switch t := t.(type) {
	case *astBuiltinType:
		switch t.Name {
		case "f16":
			return r.ctx.FloatType(ir.F16)
		case "bf16":
			return r.ctx.FloatType(ir.BF16)
		case "f32":
			return r.ctx.FloatType(ir.F32)
		case "f64":
			return r.ctx.FloatType(ir.F64)
		case "f8E4M3FN":
			return r.ctx.FloatType(ir.F8E4M3FN)
		case "index":
			return r.ctx.IndexType()
		case "none":
			return r.ctx.NoneType()
		}
		sign, digits := ir.Signless, ""
		switch {
		case strings.HasPrefix(t.Name, "si"):
			sign, digits = ir.Signed, t.Name[2:]
		case strings.HasPrefix(t.Name, "ui"):
			sign, digits = ir.Unsigned, t.Name[2:]
		case strings.HasPrefix(t.Name, "i"):
			digits = t.Name[1:]
		}
		if digits != "" {
			// As MLIR: a width that is no 32-bit number is invalid, a
			// number above the limit is too wide.
			u, err := strconv.ParseUint(digits, 10, 32)
			if err != nil || u == 0 {
				r.fail(t.Pos, "invalid integer width")
			}
			if u > maxIntWidth {
				r.fail(t.Pos, "integer bitwidth is limited to %d bits", maxIntWidth)
			}
			return r.ctx.IntegerType(int(u), sign)
		}
		r.fail(t.Pos, "type '%s' is not supported by mlc", t.Name)
	case *astShapedType:
		elem := r.typ(t.Elem)
		r.charge(t.Pos, textSize(elem)+int64(len(t.Dims))*2+16)
		switch t.Kind {
		case "tensor":
			// MLIR's rule: no builtin type but scalars, complex and
			// vectors (dialect types are fine).
			switch elem.(type) {
			case *ir.FunctionType, *ir.RankedTensorType, *ir.UnrankedTensorType, *ir.NoneType, *ir.TupleType:
				r.fail(t.Elem.astPos(), "invalid tensor element type")
			}
			if t.Unranked {
				return r.ctx.UnrankedTensorType(elem)
			}
			var enc ir.Attribute
			if len(t.Params) > 1 {
				r.fail(t.Pos, "tensor takes at most one encoding")
			}
			if len(t.Params) == 1 {
				enc = r.attr(t.Params[0])
			}
			return r.ctx.TensorType(t.Dims, elem, enc)
		case "vector":
			if t.Scalable != nil || t.Unranked || len(t.Params) > 0 {
				r.fail(t.Pos, "scalable or parameterised vectors are not supported by mlc")
			}
			// MLIR checks the vector where its element type starts.
			for _, d := range t.Dims {
				if d <= 0 {
					r.fail(t.Elem.astPos(), "vector types must have positive constant sizes")
				}
			}
			switch elem.(type) {
			case *ir.IntegerType, *ir.IndexType, *ir.FloatType:
			default:
				r.fail(t.Elem.astPos(), "vector elements must be int/index/float type")
			}
			return r.ctx.VectorType(t.Dims, elem)
		case "memref":
			return r.memRefType(t, elem)
		}
		r.fail(t.Pos, "%s types are not supported by mlc", t.Kind)
	case *astComplexType:
		elem := r.typ(t.Elem)
		r.charge(t.Pos, textSize(elem)+16)
		if !ir.IsFloat(elem) && !ir.IsInteger(elem, 0) {
			r.fail(t.Elem.astPos(), "invalid element type for complex")
		}
		return r.ctx.ComplexType(elem)
	case *astTupleType:
		elems := r.typeList(t.Elems)
		r.charge(t.Pos, typesSize(elems)+8)
		return r.ctx.TupleType(elems)
	case *astFunctionType:
		ins, outs := r.typeList(t.Inputs), r.typeList(t.Results)
		r.charge(t.Pos, typesSize(ins)+typesSize(outs)+8)
		return r.ctx.FunctionType(ins, outs)
	case *astDialectType:
		if !ir.IsBareIdentifier(t.Dialect) {
			r.fail(t.Pos, "invalid dialect namespace '%s'", t.Dialect)
		}
		if t.Name == "" && t.Body == "" {
			r.fail(t.Pos, "expected a type name or '<' after '!%s'", t.Dialect)
		}
		body := t.Body
		if t.Name != "" {
			body = "." + t.Name + t.Body
		}
		if ts, ok := ir.Interface[*TypeSyntax](r.ctx.LookupDialect(t.Dialect)); ok && ts.Parse != nil {
			return r.dialectType(t, ts.Parse)
		}
		if !r.ctx.AllowUnregistered && r.ctx.LookupDialect(t.Dialect) == nil {
			r.fail(t.Pos, "dialect '%s' is not registered (use --allow-unregistered-dialect to keep its types opaque)", t.Dialect)
		}
		return r.ctx.OpaqueType(t.Dialect, body)
	case *astTypeAliasRef:
		return r.typeAlias(t.Name, t.Pos)
	case *astTypeLiteral:
		return t.T
	}
	r.fail(t.astPos(), "unsupported type")
	return nil
}

func (r *resolver) typeAlias(name string, pos lexer.Position) ir.Type {
	if t, ok := r.aliasTypes[name]; ok {
		return t
	}
	def, ok := r.typeAliases[name]
	if !ok {
		// At the token after the name, as MLIR reports it.
		r.fail(syntaxPosAt(pos, 1+len(name)), "undefined symbol alias id '%s'", name)
	}
	if r.resolving["!"+name] {
		r.fail(pos, "alias '!%s' refers to itself", name)
	}
	r.resolving["!"+name] = true
	t := r.typ(def.Type)
	delete(r.resolving, "!"+name)
	r.aliasTypes[name] = t
	return t
}
