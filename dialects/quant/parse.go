package quant

import (
	"fmt"
	"math"
	"math/big"
	"strconv"
	"strings"

	"github.com/mlc-go/mlc/ir"
)

// ParseType parses the text after "!quant": ".uniform<...>", ".any<...>",
// ".calibrated<...>", or the verbose "<uniform<...>>". It accepts what
// MLIR's quant type parser accepts (tokens lexed as MLIR's lexer does) and
// applies the constructors' checks, so a bad type is a parse error.
func ParseType(ctx *ir.Context, body string) (ir.Type, error) {
	p := &typeParser{ctx: ctx, src: body}
	verbose := false
	switch {
	case strings.HasPrefix(body, "."):
		p.pos = 1
	case strings.HasPrefix(body, "<"):
		verbose = true
		p.pos = 1
	default:
		return nil, fmt.Errorf("expected '.' or '<' after '!quant'")
	}
	p.next()
	if p.tok.kind != tokIdent {
		return nil, fmt.Errorf("expected type")
	}
	mnemonic := p.tok.text
	p.next()
	var t ir.Type
	var err error
	switch mnemonic {
	case "uniform":
		t, err = p.parseUniform()
	case "any":
		t, err = p.parseAny()
	case "calibrated":
		t, err = p.parseCalibrated()
	default:
		return nil, fmt.Errorf("unknown quantized type %s", mnemonic)
	}
	if err != nil {
		return nil, err
	}
	if verbose {
		if err := p.expect(">"); err != nil {
			return nil, err
		}
	}
	if p.tok.kind != tokEOF {
		return nil, fmt.Errorf("unexpected '%s' after the quantized type", p.tok.text)
	}
	return t, nil
}

type tokKind uint8

const (
	tokEOF tokKind = iota
	tokIdent
	tokInt
	tokFloat
	tokPunct
	tokBad
)

type token struct {
	kind tokKind
	text string
}

// typeParser lexes as MLIR's lexer does for the tokens a quant type uses:
// bare identifiers [a-zA-Z_][a-zA-Z0-9_$.]*, integers (decimal or 0x hex),
// float literals [0-9]+.[0-9]*([eE][-+]?[0-9]+)?, and punctuation.
type typeParser struct {
	ctx *ir.Context
	src string
	pos int
	tok token
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }
func isHex(c byte) bool   { return isDigit(c) || (c|0x20 >= 'a' && c|0x20 <= 'f') }
func isIdentStart(c byte) bool {
	return c == '_' || (c|0x20 >= 'a' && c|0x20 <= 'z')
}
func isIdentChar(c byte) bool { return isIdentStart(c) || isDigit(c) || c == '$' || c == '.' }

func (p *typeParser) next() {
	s := p.src
	for p.pos < len(s) {
		c := s[p.pos]
		if c == ' ' || c == '\t' || c == '\n' || c == '\r' {
			p.pos++
			continue
		}
		if c == '/' && p.pos+1 < len(s) && s[p.pos+1] == '/' {
			for p.pos < len(s) && s[p.pos] != '\n' {
				p.pos++
			}
			continue
		}
		break
	}
	if p.pos >= len(s) {
		p.tok = token{kind: tokEOF, text: "end of type"}
		return
	}
	start := p.pos
	c := s[p.pos]
	switch {
	case isIdentStart(c):
		for p.pos < len(s) && isIdentChar(s[p.pos]) {
			p.pos++
		}
		p.tok = token{tokIdent, s[start:p.pos]}
	case isDigit(c):
		p.pos++
		if c == '0' && p.pos+1 < len(s) && s[p.pos] == 'x' && isHex(s[p.pos+1]) {
			p.pos += 2
			for p.pos < len(s) && isHex(s[p.pos]) {
				p.pos++
			}
			p.tok = token{tokInt, s[start:p.pos]}
			return
		}
		for p.pos < len(s) && isDigit(s[p.pos]) {
			p.pos++
		}
		if p.pos >= len(s) || s[p.pos] != '.' {
			p.tok = token{tokInt, s[start:p.pos]}
			return
		}
		p.pos++
		for p.pos < len(s) && isDigit(s[p.pos]) {
			p.pos++
		}
		if p.pos < len(s) && (s[p.pos] == 'e' || s[p.pos] == 'E') {
			if p.pos+1 < len(s) && isDigit(s[p.pos+1]) ||
				p.pos+2 < len(s) && (s[p.pos+1] == '-' || s[p.pos+1] == '+') && isDigit(s[p.pos+2]) {
				p.pos += 2
				for p.pos < len(s) && isDigit(s[p.pos]) {
					p.pos++
				}
			}
		}
		p.tok = token{tokFloat, s[start:p.pos]}
	case strings.IndexByte("<>:,{}-", c) >= 0:
		p.pos++
		p.tok = token{tokPunct, s[start:p.pos]}
	default:
		p.pos++
		p.tok = token{tokBad, s[start:p.pos]}
	}
}

func (p *typeParser) is(punct string) bool { return p.tok.kind == tokPunct && p.tok.text == punct }

func (p *typeParser) consume(punct string) bool {
	if p.is(punct) {
		p.next()
		return true
	}
	return false
}

func (p *typeParser) expect(punct string) error {
	if !p.consume(punct) {
		return fmt.Errorf("expected '%s'", punct)
	}
	return nil
}

// parseInteger reads [-]integer into an int64 (MLIR's parseInteger).
func (p *typeParser) parseInteger(bits int) (int64, error) {
	neg := p.consume("-")
	if p.tok.kind != tokInt {
		return 0, fmt.Errorf("expected integer value")
	}
	v, ok := new(big.Int).SetString(p.tok.text, 0)
	if !ok {
		return 0, fmt.Errorf("expected integer value")
	}
	p.next()
	if neg {
		v.Neg(v)
	}
	lim := new(big.Int).Lsh(big.NewInt(1), uint(bits-1))
	if v.Cmp(lim) >= 0 || v.Cmp(new(big.Int).Neg(lim)) < 0 {
		return 0, fmt.Errorf("integer value too large")
	}
	return v.Int64(), nil
}

// parseFloat reads [-]float-literal or a hex bit pattern (MLIR's
// parseFloat for a double).
func (p *typeParser) parseFloat() (float64, error) {
	neg := p.consume("-")
	switch p.tok.kind {
	case tokFloat:
		// Correctly rounded, as APFloat; overflow gives ±Inf, which the
		// scale check then rejects.
		v, err := strconv.ParseFloat(p.tok.text, 64)
		if ne, ok := err.(*strconv.NumError); err != nil && (!ok || ne.Err != strconv.ErrRange) {
			return 0, fmt.Errorf("invalid floating point literal %s", p.tok.text)
		}
		p.next()
		if neg {
			v = -v
		}
		return v, nil
	case tokInt:
		if !strings.HasPrefix(p.tok.text, "0x") {
			return 0, fmt.Errorf("unexpected decimal integer literal for a floating point value (add a trailing dot to make the literal a float)")
		}
		if neg {
			return 0, fmt.Errorf("hexadecimal float literal should not have a leading minus")
		}
		bits, err := strconv.ParseUint(p.tok.text[2:], 16, 64)
		if err != nil {
			return 0, fmt.Errorf("hexadecimal float constant out of range for type")
		}
		p.next()
		return math.Float64frombits(bits), nil
	}
	return 0, fmt.Errorf("expected floating point literal")
}

var floatKinds = map[string]ir.FloatKind{"f16": ir.F16, "bf16": ir.BF16, "f32": ir.F32, "f64": ir.F64, "f8E4M3FN": ir.F8E4M3FN}

// mlirOnlyFloats are MLIR float types that mlc's IR does not have.
var mlirOnlyFloats = map[string]bool{
	"tf32": true, "f80": true, "f128": true, "f8E5M2": true, "f8E4M3": true, "f8E4M3FNUZ": true,
	"f8E5M2FNUZ": true, "f8E4M3B11FNUZ": true, "f8E3M4": true, "f6E2M3FN": true, "f6E3M2FN": true,
	"f4E2M1FN": true, "f8E8M0FNU": true,
}

func isFloatName(id string) bool {
	_, ok := floatKinds[id]
	return ok || mlirOnlyFloats[id]
}

func (p *typeParser) parseExpressed() (*ir.FloatType, error) {
	if p.tok.kind == tokIdent {
		if k, ok := floatKinds[p.tok.text]; ok {
			p.next()
			return p.ctx.FloatType(k), nil
		}
		if mlirOnlyFloats[p.tok.text] {
			return nil, fmt.Errorf("expressed type %s is not supported by mlc", p.tok.text)
		}
	}
	return nil, fmt.Errorf("expressed type must be floating point")
}

// parseStorage reads iN, siN, uiN or uN and an optional <min:max>.
func (p *typeParser) parseStorage() (st *ir.IntegerType, lo, hi int64, err error) {
	if p.tok.kind != tokIdent {
		return nil, 0, 0, fmt.Errorf("expected storage type")
	}
	id := p.tok.text
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
			return nil, 0, 0, fmt.Errorf("expected storage type width")
		}
	case isFloatName(id) || id == "index" || id == "none":
		return nil, 0, 0, fmt.Errorf("storage type must be integral")
	default:
		return nil, 0, 0, fmt.Errorf("illegal storage type prefix")
	}
	if strings.TrimLeft(digits, "0123456789") != "" {
		return nil, 0, 0, fmt.Errorf("illegal storage type prefix")
	}
	width, convErr := strconv.Atoi(digits)
	if convErr != nil {
		return nil, 0, 0, fmt.Errorf("illegal storage type size: %s", digits)
	}
	if width == 0 || width > MaxStorageBits {
		return nil, 0, 0, fmt.Errorf("illegal storage type size: %d", width)
	}
	p.next()
	st = p.ctx.IntegerType(width, signedness)
	lo, hi = DefaultStorageRange(st)
	if p.consume("<") {
		dlo, dhi := lo, hi
		if lo, err = p.parseInteger(64); err != nil {
			return
		}
		if err = p.expect(":"); err != nil {
			return
		}
		if hi, err = p.parseInteger(64); err != nil {
			return
		}
		if err = p.expect(">"); err != nil {
			return
		}
		if lo < dlo {
			return nil, 0, 0, fmt.Errorf("illegal storage type minimum: %d", lo)
		}
		if hi > dhi {
			return nil, 0, 0, fmt.Errorf("illegal storage type maximum: %d", hi)
		}
	}
	return st, lo, hi, nil
}

// scale[:zero_point]
func (p *typeParser) parseParams() (float64, int64, error) {
	s, err := p.parseFloat()
	if err != nil {
		return 0, 0, err
	}
	if !p.consume(":") {
		return s, 0, nil
	}
	zp, err := p.parseInteger(64)
	return s, zp, err
}

// uniform '<' storage ':' expressed [':' axis] ',' (params | '{' params, ... '}') '>'
func (p *typeParser) parseUniform() (ir.Type, error) {
	if err := p.expect("<"); err != nil {
		return nil, err
	}
	st, lo, hi, err := p.parseStorage()
	if err != nil {
		return nil, err
	}
	if err := p.expect(":"); err != nil {
		return nil, err
	}
	expressed, err := p.parseExpressed()
	if err != nil {
		return nil, err
	}
	perAxis, axis := false, int64(0)
	if p.consume(":") {
		if axis, err = p.parseInteger(32); err != nil {
			return nil, err
		}
		perAxis = true
	}
	if err := p.expect(","); err != nil {
		return nil, err
	}
	if perAxis {
		if err := p.expect("{"); err != nil {
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
		if !perAxis || !p.consume(",") {
			break
		}
	}
	if perAxis {
		if err := p.expect("}"); err != nil {
			return nil, err
		}
	}
	if err := p.expect(">"); err != nil {
		return nil, err
	}
	if perAxis {
		return NewUniformPerAxis(p.ctx, st, lo, hi, expressed, int(axis), scales, zps)
	}
	return NewUniform(p.ctx, st, lo, hi, expressed, scales[0], zps[0])
}

// any '<' storage [':' expressed] '>'
func (p *typeParser) parseAny() (ir.Type, error) {
	if err := p.expect("<"); err != nil {
		return nil, err
	}
	st, lo, hi, err := p.parseStorage()
	if err != nil {
		return nil, err
	}
	var expressed *ir.FloatType
	if p.consume(":") {
		if expressed, err = p.parseExpressed(); err != nil {
			return nil, err
		}
	}
	if err := p.expect(">"); err != nil {
		return nil, err
	}
	return NewAny(p.ctx, st, lo, hi, expressed)
}

// calibrated '<' expressed '<' min ':' max '>' '>'
func (p *typeParser) parseCalibrated() (ir.Type, error) {
	if err := p.expect("<"); err != nil {
		return nil, err
	}
	expressed, err := p.parseExpressed()
	if err != nil {
		return nil, err
	}
	var lo, hi float64
	if err := p.expect("<"); err != nil {
		return nil, fmt.Errorf("calibrated values must be present")
	}
	if lo, err = p.parseFloat(); err != nil {
		return nil, err
	}
	if err := p.expect(":"); err != nil {
		return nil, err
	}
	if hi, err = p.parseFloat(); err != nil {
		return nil, err
	}
	if err := p.expect(">"); err != nil {
		return nil, err
	}
	if err := p.expect(">"); err != nil {
		return nil, err
	}
	return NewCalibrated(p.ctx, expressed, lo, hi)
}
