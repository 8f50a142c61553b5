package quant

import (
	"strconv"
	"strings"

	"github.com/mlc-go/mlc/ir"
	"github.com/mlc-go/mlc/ir/asm"
)

// ParseType parses a quant type: "uniform<...>", "any<...>" or
// "calibrated<...>" after "!quant." (or inside the verbose "!quant<...>").
// It accepts what MLIR's quant type parser accepts and applies the
// constructors' checks, so a bad type is a parse error, positioned at the
// offending token (the constructors' checks, at the mnemonic, as MLIR).
func ParseType(p *asm.TypeParser) (ir.Type, error) {
	mnemonic, ok := p.PeekKeyword()
	if !ok {
		return nil, p.Errorf("expected type")
	}
	if err := p.Next(); err != nil {
		return nil, err
	}
	tp := &typeParser{p: p, ctx: p.Ctx()}
	var t ir.Type
	var err error
	switch mnemonic {
	case "uniform":
		t, err = tp.parseUniform()
	case "any":
		t, err = tp.parseAny()
	case "calibrated":
		t, err = tp.parseCalibrated()
	default:
		return nil, p.ErrorAt(p.StartPos(), "unknown quantized type %s", mnemonic)
	}
	if err != nil {
		return nil, err
	}
	if !p.AtEnd() {
		return nil, p.Errorf("unexpected '%s' after the quantized type", p.PeekText())
	}
	return t, nil
}

// typeParser reads the parts of a quant type through the cursor.
type typeParser struct {
	p   *asm.TypeParser
	ctx *ir.Context
}

// checked positions a constructor's error at the type's mnemonic.
func (p *typeParser) checked(t ir.Type, err error) (ir.Type, error) {
	if err != nil {
		return nil, p.p.ErrorAt(p.p.StartPos(), "%v", err)
	}
	return t, nil
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

var floatKinds = map[string]ir.FloatKind{"f16": ir.F16, "bf16": ir.BF16, "f32": ir.F32, "f64": ir.F64, "f8E4M3FN": ir.F8E4M3FN}

// mlirOnlyFloats are MLIR float types that mlc's IR does not have.
var mlirOnlyFloats = map[string]bool{
	"tf32": true, "f80": true, "f128": true, "f8E5M2": true, "f8E4M3": true, "f8E4M3FNUZ": true,
	"f8E5M2FNUZ": true, "f8E4M3B11FNUZ": true, "f8E3M4": true, "f6E2M3FN": true, "f6E3M2FN": true,
	"f4E2M1FN": true, "f8E8M0FNU": true,
}

// builtinTypeWords are the other keywords that begin a builtin type.
var builtinTypeWords = map[string]bool{"index": true, "none": true, "tensor": true, "vector": true, "memref": true, "complex": true, "tuple": true}

// isIntegerName reports whether id spells an integer type: iN, siN, uiN.
func isIntegerName(id string) bool {
	digits := strings.TrimPrefix(strings.TrimPrefix(strings.TrimPrefix(id, "s"), "u"), "i")
	return len(digits) < len(id) && digits != "" && strings.TrimLeft(digits, "0123456789") == "" && strings.HasPrefix(strings.TrimLeft(id, "su"), "i")
}

func isFloatName(id string) bool {
	_, ok := floatKinds[id]
	return ok || mlirOnlyFloats[id]
}

func (p *typeParser) parseExpressed() (*ir.FloatType, error) {
	if id, ok := p.p.PeekKeyword(); ok {
		if k, ok := floatKinds[id]; ok {
			return p.ctx.FloatType(k), p.p.Next()
		}
		if mlirOnlyFloats[id] {
			return nil, p.p.Errorf("expressed type %s is not supported by mlc", id)
		}
		if !isIntegerName(id) && !builtinTypeWords[id] {
			// Not a type at all (f33): MLIR's type parser's words.
			return nil, p.p.Errorf("expected non-function type")
		}
	}
	return nil, p.p.Errorf("expressed type must be floating point")
}

// parseStorage reads iN, siN, uiN or uN and an optional <min:max>.
func (p *typeParser) parseStorage() (st *ir.IntegerType, lo, hi int64, err error) {
	id, ok := p.p.PeekKeyword()
	if !ok {
		return nil, 0, 0, p.p.Errorf("expected storage type")
	}
	digits, signedness := "", ir.Signless
	switch {
	case len(id) > 1 && id[0] == 'i' && isDigit(id[1]):
		digits = id[1:]
	case len(id) > 2 && id[1] == 'i' && id[0] == 's' && isDigit(id[2]):
		digits, signedness = id[2:], ir.Signed
	case len(id) > 2 && id[1] == 'i' && id[0] == 'u' && isDigit(id[2]):
		digits, signedness = id[2:], ir.Unsigned
	case id[0] == 'u':
		digits, signedness = id[1:], ir.Unsigned
		if digits == "" || strings.TrimLeft(digits, "0123456789") != "" {
			return nil, 0, 0, p.p.Errorf("expected storage type width")
		}
	case isFloatName(id) || id == "index" || id == "none":
		return nil, 0, 0, p.p.Errorf("storage type must be integral")
	default:
		return nil, 0, 0, p.p.Errorf("illegal storage type prefix")
	}
	if strings.TrimLeft(digits, "0123456789") != "" {
		return nil, 0, 0, p.p.Errorf("illegal storage type prefix")
	}
	w, convErr := strconv.ParseUint(digits, 10, 32)
	if convErr != nil {
		return nil, 0, 0, p.p.Errorf("invalid integer width")
	}
	width := int(w)
	if width == 0 || width > MaxStorageBits {
		return nil, 0, 0, p.p.Errorf("illegal storage type size: %d", width)
	}
	if err := p.p.Next(); err != nil {
		return nil, 0, 0, err
	}
	st = p.ctx.IntegerType(width, signedness)
	lo, hi = DefaultStorageRange(st)
	if ok, err := p.p.Optional("<"); err != nil || !ok {
		return st, lo, hi, err
	}
	dlo, dhi := lo, hi
	loPos := p.p.CurrentPos()
	if lo, err = p.p.ParseInteger(64); err != nil {
		return
	}
	if err = p.p.ParseColon(); err != nil {
		return
	}
	hiPos := p.p.CurrentPos()
	if hi, err = p.p.ParseInteger(64); err != nil {
		return
	}
	if err = p.p.ParseGreater(); err != nil {
		return
	}
	if lo < dlo {
		return nil, 0, 0, p.p.ErrorAt(loPos, "illegal storage type minimum: %d", lo)
	}
	if hi > dhi {
		return nil, 0, 0, p.p.ErrorAt(hiPos, "illegal storage type maximum: %d", hi)
	}
	return st, lo, hi, nil
}

// scale[:zero_point]
func (p *typeParser) parseParams() (float64, int64, error) {
	s, err := p.p.ParseFloat()
	if err != nil {
		return 0, 0, err
	}
	if ok, err := p.p.Optional(":"); err != nil || !ok {
		return s, 0, err
	}
	zp, err := p.p.ParseInteger(64)
	return s, zp, err
}

// uniform '<' storage ':' expressed [':' axis] ',' (params | '{' params, ... '}') '>'
func (p *typeParser) parseUniform() (ir.Type, error) {
	if err := p.p.ParseLess(); err != nil {
		return nil, err
	}
	st, lo, hi, err := p.parseStorage()
	if err != nil {
		return nil, err
	}
	if err := p.p.ParseColon(); err != nil {
		return nil, err
	}
	expressed, err := p.parseExpressed()
	if err != nil {
		return nil, err
	}
	perAxis, axis := false, int64(0)
	if ok, err := p.p.Optional(":"); err != nil {
		return nil, err
	} else if ok {
		if axis, err = p.p.ParseInteger(32); err != nil {
			return nil, err
		}
		perAxis = true
	}
	if err := p.p.ParseComma(); err != nil {
		return nil, err
	}
	if perAxis {
		if err := p.p.Expect("{"); err != nil {
			return nil, err
		}
	}
	var scales []float64
	var zps []int64
	for {
		s, zp, err := p.parseParams()
		if err != nil {
			return nil, err
		}
		scales, zps = append(scales, s), append(zps, zp)
		if !perAxis {
			break
		}
		if more, err := p.p.Optional(","); err != nil {
			return nil, err
		} else if !more {
			break
		}
	}
	if perAxis {
		if err := p.p.Expect("}"); err != nil {
			return nil, err
		}
	}
	if err := p.p.ParseGreater(); err != nil {
		return nil, err
	}
	if perAxis {
		return p.checked(NewUniformPerAxis(p.ctx, st, lo, hi, expressed, int(axis), scales, zps))
	}
	return p.checked(NewUniform(p.ctx, st, lo, hi, expressed, scales[0], zps[0]))
}

// any '<' storage [':' expressed] '>'
func (p *typeParser) parseAny() (ir.Type, error) {
	if err := p.p.ParseLess(); err != nil {
		return nil, err
	}
	st, lo, hi, err := p.parseStorage()
	if err != nil {
		return nil, err
	}
	var expressed *ir.FloatType
	if ok, err := p.p.Optional(":"); err != nil {
		return nil, err
	} else if ok {
		if expressed, err = p.parseExpressed(); err != nil {
			return nil, err
		}
	}
	if err := p.p.ParseGreater(); err != nil {
		return nil, err
	}
	return p.checked(NewAny(p.ctx, st, lo, hi, expressed))
}

// calibrated '<' expressed '<' min ':' max '>' '>'
func (p *typeParser) parseCalibrated() (ir.Type, error) {
	if err := p.p.ParseLess(); err != nil {
		return nil, err
	}
	expressed, err := p.parseExpressed()
	if err != nil {
		return nil, err
	}
	var lo, hi float64
	if ok, err := p.p.Optional("<"); err != nil || !ok {
		if err == nil {
			err = p.p.Errorf("calibrated values must be present")
		}
		return nil, err
	}
	if lo, err = p.p.ParseFloat(); err != nil {
		return nil, err
	}
	if err := p.p.ParseColon(); err != nil {
		return nil, err
	}
	if hi, err = p.p.ParseFloat(); err != nil {
		return nil, err
	}
	if err := p.p.ParseGreater(); err != nil {
		return nil, err
	}
	if err := p.p.ParseGreater(); err != nil {
		return nil, err
	}
	return p.checked(NewCalibrated(p.ctx, expressed, lo, hi))
}
