package main

// Numeric substitution blocks: [[#%x,VAR:]], [[#VAR+1]], [[#add(A,B)]],
// [[@LINE+1]] and friends, ported from LLVM's FileCheck Pattern parser.
// Values are arbitrary-precision, as LLVM widens its APInts on overflow.

import (
	"math/big"
	"strings"
)

type fmtKind int

const (
	fmtNone fmtKind = iota
	fmtUnsigned
	fmtSigned
	fmtHexUpper
	fmtHexLower
)

type exprFormat struct {
	kind      fmtKind
	precision int
	alt       bool
}

func (f exprFormat) String() string {
	switch f.kind {
	case fmtUnsigned:
		return "%u"
	case fmtSigned:
		return "%d"
	case fmtHexUpper:
		return "%X"
	case fmtHexLower:
		return "%x"
	}
	return "<none>"
}

func (f exprFormat) wildcardRegex() string {
	alt := ""
	if f.alt {
		alt = "0x"
	}
	prec := func(s string) string { return alt + s + "{" + itoa(f.precision) + "}" }
	switch f.kind {
	case fmtUnsigned:
		if f.precision > 0 {
			return prec("([1-9][0-9]*)?[0-9]")
		}
		return "[0-9]+"
	case fmtSigned:
		if f.precision > 0 {
			return prec("-?([1-9][0-9]*)?[0-9]")
		}
		return "-?[0-9]+"
	case fmtHexUpper:
		if f.precision > 0 {
			return prec("([1-9A-F][0-9A-F]*)?[0-9A-F]")
		}
		return alt + "[0-9A-F]+"
	case fmtHexLower:
		if f.precision > 0 {
			return prec("([1-9a-f][0-9a-f]*)?[0-9a-f]")
		}
		return alt + "[0-9a-f]+"
	}
	return ""
}

// matchingString renders v in this format, or reports an overflow for a
// negative value in an unsigned format.
func (f exprFormat) matchingString(v *big.Int) (string, error) {
	if f.kind != fmtSigned && v.Sign() < 0 {
		return "", errOverflow
	}
	radix := 10
	upper := false
	switch f.kind {
	case fmtUnsigned, fmtSigned:
	case fmtHexUpper:
		radix, upper = 16, true
	case fmtHexLower:
		radix = 16
	default:
		return "", errDiagNoLoc("trying to match value with invalid format")
	}
	abs := new(big.Int).Abs(v).Text(radix)
	if upper {
		abs = strings.ToUpper(abs)
	}
	sign := ""
	if v.Sign() < 0 {
		sign = "-"
	}
	alt := ""
	if f.alt {
		alt = "0x"
	}
	if f.precision > len(abs) {
		abs = strings.Repeat("0", f.precision-len(abs)) + abs
	}
	return sign + alt + abs, nil
}

// valueFromString parses a string matched by wildcardRegex.
func (f exprFormat) valueFromString(s string) *big.Int {
	neg := false
	if strings.HasPrefix(s, "-") {
		neg = true
		s = s[1:]
	}
	hex := f.kind == fmtHexUpper || f.kind == fmtHexLower
	if f.kind != fmtSigned && f.alt {
		s = strings.TrimPrefix(s, "0x")
	}
	radix := 10
	if hex {
		radix = 16
	}
	v, ok := new(big.Int).SetString(s, radix)
	if !ok {
		v = new(big.Int)
	}
	if neg {
		v.Neg(v)
	}
	return v
}

// numVar is a numeric variable (NumericVariable).
type numVar struct {
	name     string
	format   exprFormat
	value    *big.Int // nil: no value
	strValue span     // input text it was captured from, if any
	hasStr   bool
	defLine  int // 0: none
}

type exprAST interface {
	eval() (*big.Int, error)
	implicitFormat() (exprFormat, error)
	exprStr() span
}

type exprLiteral struct {
	s span
	v *big.Int
}

func (e *exprLiteral) eval() (*big.Int, error)             { return e.v, nil }
func (e *exprLiteral) implicitFormat() (exprFormat, error) { return exprFormat{}, nil }
func (e *exprLiteral) exprStr() span                       { return e.s }

type exprVarUse struct {
	name span
	v    *numVar
}

func (e *exprVarUse) eval() (*big.Int, error) {
	if e.v.value != nil {
		return e.v.value, nil
	}
	return nil, &undefVarError{name: e.name}
}
func (e *exprVarUse) implicitFormat() (exprFormat, error) { return e.v.format, nil }
func (e *exprVarUse) exprStr() span                       { return e.name }

type binopFn func(a, b *big.Int) (*big.Int, error)

type exprBinop struct {
	s    span
	fn   binopFn
	l, r exprAST
	sm   *diagSink
}

func (e *exprBinop) eval() (*big.Int, error) {
	l, errL := e.l.eval()
	r, errR := e.r.eval()
	if errL != nil || errR != nil {
		return nil, joinErrors(errL, errR)
	}
	return e.fn(l, r)
}

func (e *exprBinop) implicitFormat() (exprFormat, error) {
	lf, errL := e.l.implicitFormat()
	rf, errR := e.r.implicitFormat()
	if errL != nil || errR != nil {
		return exprFormat{}, joinErrors(errL, errR)
	}
	if lf.kind != fmtNone && rf.kind != fmtNone && lf != rf {
		return exprFormat{}, newErrDiag(e.s, "implicit format conflict between '"+
			e.l.exprStr().str()+"' ("+lf.String()+") and '"+e.r.exprStr().str()+"' ("+
			rf.String()+"), need an explicit format specifier")
	}
	if lf.kind != fmtNone {
		return lf, nil
	}
	return rf, nil
}
func (e *exprBinop) exprStr() span { return e.s }

func exprAdd(a, b *big.Int) (*big.Int, error) { return new(big.Int).Add(a, b), nil }
func exprSub(a, b *big.Int) (*big.Int, error) { return new(big.Int).Sub(a, b), nil }
func exprMul(a, b *big.Int) (*big.Int, error) { return new(big.Int).Mul(a, b), nil }
func exprDiv(a, b *big.Int) (*big.Int, error) {
	if b.Sign() == 0 {
		return nil, errOverflow
	}
	return new(big.Int).Quo(a, b), nil
}
func exprMax(a, b *big.Int) (*big.Int, error) {
	if a.Cmp(b) < 0 {
		return b, nil
	}
	return a, nil
}
func exprMin(a, b *big.Int) (*big.Int, error) {
	if a.Cmp(b) < 0 {
		return a, nil
	}
	return b, nil
}

// expression is an Expression: an optional AST and a format.
type expression struct {
	ast    exprAST
	format exprFormat
}

const spaceChars = " \t"

type varProps struct {
	name     span
	isPseudo bool
}

func isValidVarNameStart(c byte) bool { return c == '_' || isAlpha(c) }

// parseVariable mirrors Pattern::parseVariable; it advances *s past the name.
func parseVariable(s *span) (varProps, error) {
	if s.empty() {
		return varProps{}, newErrDiag(*s, "empty variable name")
	}
	i := 0
	isPseudo := s.at(0) == '@'
	if s.at(0) == '$' || isPseudo {
		i++
	}
	if i == s.len() {
		kind := "global "
		if isPseudo {
			kind = "pseudo "
		}
		return varProps{}, newErrDiag(s.substr(i, -1), "empty "+kind+"variable name")
	}
	if !isValidVarNameStart(s.at(i)) {
		return varProps{}, newErrDiag(*s, "invalid variable name")
	}
	i++
	for i < s.len() && (s.at(i) == '_' || isAlnum(s.at(i))) {
		i++
	}
	name := s.takeFront(i)
	*s = s.substr(i, -1)
	return varProps{name: name, isPseudo: isPseudo}, nil
}

type allowedOperand int

const (
	aoLineVar allowedOperand = iota
	aoLegacyLiteral
	aoAny
)

// consumeInteger mirrors StringRef::consumeInteger into an APInt (unsigned,
// radix 0 auto-detects 0x, 0b, 0o and leading-0 octal).
func consumeInteger(s *span, radix int) (*big.Int, bool) {
	str := s.str()
	if radix == 0 {
		switch {
		case len(str) >= 2 && (str[:2] == "0x" || str[:2] == "0X"):
			radix, str = 16, str[2:]
		case len(str) >= 2 && (str[:2] == "0b" || str[:2] == "0B"):
			radix, str = 2, str[2:]
		case len(str) >= 2 && (str[:2] == "0o"):
			radix, str = 8, str[2:]
		case len(str) >= 2 && str[0] == '0' && isDigit(str[1]):
			radix, str = 8, str[1:]
		default:
			radix = 10
		}
	}
	n := 0
	for n < len(str) {
		c := str[n]
		var d int
		switch {
		case c >= '0' && c <= '9':
			d = int(c - '0')
		case c >= 'a' && c <= 'z':
			d = int(c-'a') + 10
		case c >= 'A' && c <= 'Z':
			d = int(c-'A') + 10
		default:
			d = 99
		}
		if d >= radix {
			break
		}
		n++
	}
	if n == 0 {
		return nil, false
	}
	v, ok := new(big.Int).SetString(str[:n], radix)
	if !ok {
		return nil, false
	}
	consumed := len(s.str()) - len(str) + n
	*s = s.substr(consumed, -1)
	return v, true
}

// numParser carries the state parsePattern shares with numeric parsing.
type numParser struct {
	ctx  *patternContext
	line int // 0: none
}

func (np *numParser) parseNumericVariableDefinition(expr *span, implicit exprFormat) (*numVar, error) {
	pv, err := parseVariable(expr)
	if err != nil {
		return nil, err
	}
	name := pv.name.str()
	if pv.isPseudo {
		return nil, newErrDiag(pv.name, "definition of pseudo numeric variable unsupported")
	}
	if np.ctx.definedStringVars[name] {
		return nil, newErrDiag(pv.name, "string variable with name '"+name+"' already exists")
	}
	*expr = expr.ltrim(spaceChars)
	if !expr.empty() {
		return nil, newErrDiag(*expr, "unexpected characters after numeric variable name")
	}
	v, ok := np.ctx.globalNumVars[name]
	if ok {
		if v.format != implicit {
			return nil, newErrDiag(*expr, "format different from previous variable definition")
		}
	} else {
		v = &numVar{name: name, format: implicit, defLine: np.line}
		np.ctx.allNumVars = append(np.ctx.allNumVars, v)
	}
	return v, nil
}

func (np *numParser) parseNumericVariableUse(name span, isPseudo bool) (exprAST, error) {
	n := name.str()
	if isPseudo && n != "@LINE" {
		return nil, newErrDiag(name, "invalid pseudo numeric variable '"+n+"'")
	}
	v, ok := np.ctx.globalNumVars[n]
	if !ok {
		v = &numVar{name: n, format: exprFormat{kind: fmtUnsigned}}
		np.ctx.allNumVars = append(np.ctx.allNumVars, v)
		np.ctx.globalNumVars[n] = v
	}
	if v.defLine != 0 && np.line != 0 && v.defLine == np.line {
		return nil, newErrDiag(name, "numeric variable '"+n+"' defined earlier in the same CHECK directive")
	}
	return &exprVarUse{name: name, v: v}, nil
}

func (np *numParser) parseNumericOperand(expr *span, ao allowedOperand, maybeInvalidConstraint bool) (exprAST, error) {
	if expr.hasPrefix("(") {
		if ao != aoAny {
			return nil, newErrDiag(*expr, "parenthesized expression not permitted here")
		}
		return np.parseParenExpr(expr)
	}
	if ao == aoLineVar || ao == aoAny {
		save := *expr
		pv, err := parseVariable(expr)
		if err == nil {
			if expr.ltrim(spaceChars).hasPrefix("(") {
				if ao != aoAny {
					return nil, newErrDiag(pv.name, "unexpected function call")
				}
				return np.parseCallExpr(expr, pv.name)
			}
			return np.parseNumericVariableUse(pv.name, pv.isPseudo)
		}
		if ao == aoLineVar {
			return nil, err
		}
		*expr = save
	}
	save := *expr
	neg := expr.consume("-")
	radix := 0
	if ao == aoLegacyLiteral {
		radix = 10
	}
	if v, ok := consumeInteger(expr, radix); ok {
		if neg {
			v.Neg(v)
		}
		return &exprLiteral{s: save.dropBack(expr.len()), v: v}, nil
	}
	*expr = save
	msg := "invalid "
	if maybeInvalidConstraint {
		msg += "matching constraint or "
	}
	return nil, newErrDiag(save, msg+"operand format")
}

func (np *numParser) parseParenExpr(expr *span) (exprAST, error) {
	*expr = expr.ltrim(spaceChars)
	expr.consume("(")
	*expr = expr.ltrim(spaceChars)
	if expr.empty() {
		return nil, newErrDiag(*expr, "missing operand in expression")
	}
	sub, err := np.parseNumericOperand(expr, aoAny, false)
	*expr = expr.ltrim(spaceChars)
	for err == nil && !expr.empty() && !expr.hasPrefix(")") {
		orig := *expr
		sub, err = np.parseBinop(orig, expr, sub, false)
		*expr = expr.ltrim(spaceChars)
	}
	if err != nil {
		return nil, err
	}
	if !expr.consume(")") {
		return nil, newErrDiag(*expr, "missing ')' at end of nested expression")
	}
	return sub, nil
}

func (np *numParser) parseBinop(full span, rest *span, left exprAST, legacy bool) (exprAST, error) {
	*rest = rest.ltrim(spaceChars)
	if rest.empty() {
		return left, nil
	}
	opLoc := *rest
	op := rest.front()
	*rest = rest.dropFront(1)
	var fn binopFn
	switch op {
	case '+':
		fn = exprAdd
	case '-':
		fn = exprSub
	default:
		return nil, newErrDiagAt(opLoc.start(), "unsupported operation '"+string([]byte{op})+"'")
	}
	*rest = rest.ltrim(spaceChars)
	if rest.empty() {
		return nil, newErrDiag(*rest, "missing operand in expression")
	}
	ao := aoAny
	if legacy {
		ao = aoLegacyLiteral
	}
	right, err := np.parseNumericOperand(rest, ao, false)
	if err != nil {
		return nil, err
	}
	s := full.dropBack(rest.len())
	return &exprBinop{s: s, fn: fn, l: left, r: right}, nil
}

func (np *numParser) parseCallExpr(expr *span, fname span) (exprAST, error) {
	*expr = expr.ltrim(spaceChars)
	var fn binopFn
	switch fname.str() {
	case "add":
		fn = exprAdd
	case "div":
		fn = exprDiv
	case "max":
		fn = exprMax
	case "min":
		fn = exprMin
	case "mul":
		fn = exprMul
	case "sub":
		fn = exprSub
	default:
		return nil, newErrDiag(fname, "call to undefined function '"+fname.str()+"'")
	}
	expr.consume("(")
	*expr = expr.ltrim(spaceChars)
	var args []exprAST
	for !expr.empty() && !expr.hasPrefix(")") {
		if expr.hasPrefix(",") {
			return nil, newErrDiag(*expr, "missing argument")
		}
		outer := *expr
		arg, err := np.parseNumericOperand(expr, aoAny, false)
		for err == nil && !expr.empty() {
			*expr = expr.ltrim(spaceChars)
			if expr.hasPrefix(",") || expr.hasPrefix(")") {
				break
			}
			arg, err = np.parseBinop(outer, expr, arg, false)
		}
		if err != nil {
			return nil, err
		}
		args = append(args, arg)
		*expr = expr.ltrim(spaceChars)
		if !expr.consume(",") {
			break
		}
		*expr = expr.ltrim(spaceChars)
		if expr.hasPrefix(")") {
			return nil, newErrDiag(*expr, "missing argument")
		}
	}
	if !expr.consume(")") {
		return nil, newErrDiag(*expr, "missing ')' at end of call expression")
	}
	if len(args) == 2 {
		return &exprBinop{s: *expr, fn: fn, l: args[0], r: args[1]}, nil
	}
	return nil, newErrDiag(fname, "function '"+fname.str()+"' takes 2 arguments but "+itoa(len(args))+" given")
}

// parseNumericSubstitutionBlock mirrors Pattern::parseNumericSubstitutionBlock.
// It returns the expression and the variable it defines, if any.
func (np *numParser) parseNumericSubstitutionBlock(expr span, legacy bool) (*expression, *numVar, error) {
	var ast exprAST
	var defExpr span
	hasDef := false
	explicit := exprFormat{}
	precision := 0

	formatEnd := expr.findByte(',')
	funcStart := expr.findByte('(')
	if formatEnd >= 0 && (funcStart < 0 || formatEnd < funcStart) {
		fe := expr.takeFront(formatEnd)
		expr = expr.dropFront(formatEnd + 1)
		fe = fe.trim(spaceChars)
		if !fe.consume("%") {
			return nil, nil, newErrDiag(fe, "invalid matching format specification in expression")
		}
		altLoc := fe.start()
		alt := fe.consume("#")
		if fe.consume(".") {
			v, ok := consumeInteger(&fe, 10)
			if !ok || !v.IsInt64() || v.Int64() > 1<<31 {
				return nil, nil, newErrDiag(fe, "invalid precision in format specifier")
			}
			precision = int(v.Int64())
		}
		if !fe.empty() {
			fmtLoc := fe.start()
			c := fe.front()
			fe = fe.dropFront(1)
			switch c {
			case 'u':
				explicit = exprFormat{kind: fmtUnsigned, precision: precision}
			case 'd':
				explicit = exprFormat{kind: fmtSigned, precision: precision}
			case 'x':
				explicit = exprFormat{kind: fmtHexLower, precision: precision, alt: alt}
			case 'X':
				explicit = exprFormat{kind: fmtHexUpper, precision: precision, alt: alt}
			default:
				return nil, nil, newErrDiagAt(fmtLoc, "invalid format specifier in expression")
			}
		}
		if alt && explicit.kind != fmtHexLower && explicit.kind != fmtHexUpper {
			return nil, nil, newErrDiagAt(altLoc, "alternate form only supported for hex values")
		}
		fe = fe.ltrim(spaceChars)
		if !fe.empty() {
			return nil, nil, newErrDiag(fe, "invalid matching format specification in expression")
		}
	}

	if defEnd := expr.findByte(':'); defEnd >= 0 {
		hasDef = true
		defExpr = expr.takeFront(defEnd)
		expr = expr.dropFront(defEnd + 1)
	}

	expr = expr.ltrim(spaceChars)
	hasConstraint := expr.consume("==")
	expr = expr.ltrim(spaceChars)
	if expr.empty() {
		if hasConstraint {
			return nil, nil, newErrDiag(expr, "empty numeric expression should not have a constraint")
		}
	} else {
		expr = expr.rtrim(spaceChars)
		outer := expr
		ao := aoAny
		if legacy {
			ao = aoLineVar
		}
		res, err := np.parseNumericOperand(&expr, ao, !hasConstraint)
		for err == nil && !expr.empty() {
			res, err = np.parseBinop(outer, &expr, res, legacy)
			if err == nil && legacy && !expr.empty() {
				return nil, nil, newErrDiag(expr, "unexpected characters at end of expression '"+expr.str()+"'")
			}
		}
		if err != nil {
			return nil, nil, err
		}
		ast = res
	}

	var format exprFormat
	if explicit.kind != fmtNone {
		format = explicit
	} else if ast != nil {
		f, err := ast.implicitFormat()
		if err != nil {
			return nil, nil, err
		}
		format = f
	}
	if format.kind == fmtNone {
		format = exprFormat{kind: fmtUnsigned, precision: precision}
	}
	e := &expression{ast: ast, format: format}

	var defined *numVar
	if hasDef {
		defExpr = defExpr.ltrim(spaceChars)
		v, err := np.parseNumericVariableDefinition(&defExpr, format)
		if err != nil {
			return nil, nil, err
		}
		defined = v
	}
	return e, defined, nil
}

func itoa(i int) string {
	return big.NewInt(int64(i)).String()
}
