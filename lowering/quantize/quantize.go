package quantize

import (
	"errors"
	"fmt"
	"math"

	"github.com/mlc-go/mlc/dialects/qbehavior"
	"github.com/mlc-go/mlc/dialects/quant"
	"github.com/mlc-go/mlc/ir"
	"github.com/mlc-go/mlc/lowering/target"
	"github.com/mlc-go/mlc/rewrite/pass"
)

// Attribute names shared with calibrate and mixed precision.
const (
	CalibAttr     = "mlc.calib"
	PrecisionAttr = "mlc.precision"
	// ResultPrecisionAttr, beside an integer mlc.precision, gives the op's
	// results a wider precision than its operands: a wider integer
	// encoding ("i16") or a float type ("f16", "f32") the target file
	// accepts for the class's result. A contraction then multiplies 8-bit
	// values and keeps its output finer, which mixed precision tries
	// before moving the whole op up.
	ResultPrecisionAttr = "mlc.result_precision"
)

// Pass is quantize.
var Pass = pass.Register(&pass.Pass{
	Name:    "quantize",
	Summary: "Quantize",
	Doc: "Assigns each core op a precision its target runs (the op's mlc.precision, else the default, else " +
		"the cheapest the target accepts for its op class) and rewrites the function into QDQ form: " +
		"quant.qcast/quant.dcast around integer-precision ops with encodings from the ops' mlc.calib ranges " +
		"under the target file's quantization rules, per-channel weights from the constants themselves " +
		"(core.constant of stored integers, quant.scast, quant.dcast), integer or float bias as the target " +
		"says, one cast pair per value and encoding, and data-movement ops kept in their input's encoding " +
		"where the target allows. An op's mlc.result_precision (i16, f16, f32) encodes its results wider than its " +
		"operands where the class takes that result type (a matmul of 8-bit operands with a 16-bit or float " +
		"output). Each decided op gets mlc.precision. Fails, writing nothing, on an op the " +
		"target cannot run in any precision (with allow-fallback such an op stays float, marked mlc.fallback " +
		"with the reason, for partition), a precision it does not run, or a range calibrate did not record.",
	Options: []pass.Option{
		pass.StringOpt("target", "", "built-in target name (see mlc-opt --show-targets)"),
		pass.StringOpt("target-file", "", "a target description file (YAML) instead of a built-in target"),
		pass.EnumOpt("precision", "i8", Precisions, "precision of ops without mlc.precision"),
		pass.BoolOpt("allow-fallback", false, "leave ops the target cannot run in any precision in float, marked mlc.fallback, for partition"),
	},
	OpName:  "func.func",
	Changes: pass.MayChange(pass.QuantEncodings, pass.Precision),
	Run: func(fn *ir.Operation, opts pass.Options, pc *pass.Context) error {
		t, err := target.Resolve("quantize", opts.Text("target"), opts.Text("target-file"), pc.Target())
		if err != nil {
			return ir.Errorf(fn.Loc, "%v", err)
		}
		st, err := Run(fn, Config{Target: t, Precision: opts.Text("precision"), Fallback: opts.Bool("allow-fallback")})
		pc.Add("num-quantized", "Number of ops given an integer precision", int64(st.Quantized))
		pc.Add("num-float", "Number of ops left in a float precision", int64(st.Float))
		pc.Add("num-casts", "Number of quant.qcast ops inserted", int64(st.QCasts))
		pc.Add("num-fallback", "Number of ops left for the CPU", int64(st.Fallback))
		return err
	},
})

// Config is one quantization run.
type Config struct {
	Target    *target.Target
	Precision string // for ops without mlc.precision; "" means i8
	// Fallback leaves an op the target cannot run in any precision in
	// float, marked with FallbackAttr (the reason), for partition to put
	// on the CPU; without it such an op is an error.
	Fallback bool
}

// FallbackAttr marks an op quantize left for the CPU; its value says why.
const FallbackAttr = "mlc.fallback"

// Stats counts what a run decided.
type Stats struct {
	Quantized, Float, QCasts, Fallback int
}

// plan is the decision for one op.
type plan struct {
	op        *ir.Operation
	class     string
	precision string
	act       *target.QuantRule // integer precisions
	keep      bool              // same-scale op kept in its input's encoding
	// mlc.result_precision: the results' integer rule (resAct) or float
	// type (resFloat) when wider than the operands'.
	resAct   *target.QuantRule
	resFloat string
}

type state struct {
	ctx    *ir.Context
	fn     *ir.Operation
	t      *target.Target
	cfg    Config
	stats  Stats
	casts  map[castKey]*ir.Value // one qcast/dcast pair per value and type
	origin map[*ir.Value]*ir.Value
	// planned: the activation rule of each value an integer-precision op
	// produces, which its users will find already encoded.
	planned map[*ir.Value]*target.QuantRule
	// shared: the range a value's producer encodes it with instead of its
	// own, because a concatenation reads it in one shared encoding.
	shared map[*ir.Value][2]float64
	keeps  map[*ir.Operation]bool // ops kept in their input's encoding
	// widened: the core.cast results quantize made to give a narrower
	// float op's result back to its users, and that result.
	widened map[*ir.Value]*ir.Value
	// fallbacks: ops left for the CPU (Config.Fallback), with why.
	fallbacks []fallback
}

type fallback struct {
	op  *ir.Operation
	why *ir.Diagnostic
}

// castKey: a value, the type it is cast to, and the block of the users
// sharing the cast (a cast before the first user in a block dominates the
// later ones there, not those of other blocks).
type castKey struct {
	v   *ir.Value
	t   string
	blk *ir.Block
}

// Run quantizes fn (a func.func) for cfg.Target. On error fn is left as
// it was: every decision and range is checked before the first rewrite.
func Run(fn *ir.Operation, cfg Config) (Stats, error) {
	if cfg.Precision == "" {
		cfg.Precision = "i8"
	}
	if precisionBits(cfg.Precision) == 0 && cfg.Precision != "f16" && cfg.Precision != "f32" {
		return Stats{}, ir.Errorf(fn.Loc, "unknown precision '%s' (one of %s)", cfg.Precision, quotedList(Precisions))
	}
	s := &state{ctx: fn.Ctx(), fn: fn, t: cfg.Target, cfg: cfg,
		casts: map[castKey]*ir.Value{}, origin: map[*ir.Value]*ir.Value{},
		planned: map[*ir.Value]*target.QuantRule{}, shared: map[*ir.Value][2]float64{},
		keeps: map[*ir.Operation]bool{}, widened: map[*ir.Value]*ir.Value{}}
	var plans []*plan
	var firstErr error
	ir.WalkPreOrder(fn, func(o *ir.Operation) ir.WalkResult {
		if firstErr != nil {
			return ir.Interrupt
		}
		p, err := s.decide(o)
		var d *ir.Diagnostic
		if err != nil && s.cfg.Fallback && errors.As(err, &d) && d.Err == errNoPrecision {
			s.fallbacks = append(s.fallbacks, fallback{op: o, why: d})
			return ir.Advance
		}
		if err != nil {
			firstErr = err
			return ir.Interrupt
		}
		if p != nil {
			plans = append(plans, p)
			s.keeps[p.op] = p.keep
			if r := p.resultRule(); r != nil {
				for _, v := range p.op.Results() {
					s.planned[v] = r
				}
			}
		}
		return ir.Advance
	})
	if firstErr != nil {
		return s.stats, firstErr
	}
	for _, p := range plans {
		if err := s.checkRanges(p); err != nil {
			return s.stats, err
		}
	}
	for _, p := range plans {
		if err := s.shareInputs(p); err != nil {
			return s.stats, err
		}
	}
	for _, f := range s.fallbacks {
		f.op.SetAttr(FallbackAttr, s.ctx.StringAttr(f.why.Message))
		s.stats.Fallback++
	}
	for _, p := range plans {
		if err := s.emit(p); err != nil {
			return s.stats, err
		}
	}
	for back := range s.widened {
		if !back.HasUses() { // every user now reads the narrow value
			back.DefiningOp().Erase()
		}
	}
	return s.stats, nil
}

// floatTensor is the element type of a ranked float tensor, or nil.
func floatTensor(t ir.Type) (*ir.RankedTensorType, *ir.FloatType) {
	rt, ok := t.(*ir.RankedTensorType)
	if !ok {
		return nil, nil
	}
	ft, ok := rt.Elem.(*ir.FloatType)
	if !ok {
		return nil, nil
	}
	return rt, ft
}

// isFloat reports whether v is a float tensor, the values quantize rewrites.
func isFloat(v *ir.Value) bool { _, ft := floatTensor(v.Type()); return ft != nil }

// dataRoles are the class roles of the op's float operands and results.
func dataRoles(o *ir.Operation, class string) []string {
	var roles []string
	for i, v := range o.Operands() {
		if isFloat(v) && !contains(roles, operandRole(class, i)) {
			roles = append(roles, operandRole(class, i))
		}
	}
	for _, r := range o.Results() {
		if isFloat(r) && !contains(roles, "result") {
			roles = append(roles, "result")
		}
	}
	return roles
}

// quantRole is the quantization role of operand i: "bias" for the bias
// operand, "weight" for a constant on a per-channel operand (dialects/
// qbehavior) and "activation" for everything else.
func quantRole(o *ir.Operation, class string, i int) string {
	b, ok := qbehavior.OfOp(o)
	if ok && b.IsParam(i) {
		return "param" // a float parameter of an op computed in float (layer norm's scale and bias)
	}
	if operandRole(class, i) == "bias" {
		return "bias"
	}
	if ok {
		if _, pc := b.PerChannelAxis(i); pc && isConstant(o.Operand(i)) {
			return "weight"
		}
	}
	return "activation"
}

// isConstant: a core.constant, or one already quantized in QDQ form.
func isConstant(v *ir.Value) bool {
	d := v.DefiningOp()
	return d != nil && (d.Name() == "core.constant" || storedConstant(v) != nil)
}

// activationRoles are the class roles quantized with the activation rule.
func activationRoles(o *ir.Operation, class string) []string {
	var roles []string
	for i, v := range o.Operands() {
		if isFloat(v) && quantRole(o, class, i) == "activation" && !contains(roles, operandRole(class, i)) {
			roles = append(roles, operandRole(class, i))
		}
	}
	for _, r := range o.Results() {
		if isFloat(r) && !contains(roles, "result") {
			roles = append(roles, "result")
		}
	}
	return roles
}

// accepts reports whether the target runs o (of class) in precision p,
// and for integer precisions the activation rule it uses.
func (s *state) accepts(o *ir.Operation, class, p string) (bool, *target.QuantRule) {
	bits := precisionBits(p)
	if bits == 0 {
		return acceptsAll(s.t, class, dataRoles(o, class), p), nil
	}
	act := activationRule(s.t, class, activationRoles(o, class), bits)
	if act == nil {
		return false, nil
	}
	for i, v := range o.Operands() {
		if !isFloat(v) {
			continue
		}
		switch quantRole(o, class, i) {
		case "weight":
			if s.weightRuleFor(o, class, i, act) == nil {
				return false, nil
			}
		case "param":
			if !floatParam(s.t, class, o, i) && (!isConstant(v) || paramRule(s.t, class, operandRole(class, i)) == nil) {
				return false, nil
			}
		case "bias":
			// An integer bias (a constant, quantized to s_in × s_w) or a
			// float bias the class takes.
			_, ft := floatTensor(v.Type())
			intBias := biasRule(s.t, class) != nil && isConstant(v)
			if !intBias && !s.t.Accepts(class, "bias", ft.String()) && !s.t.Accepts(class, "bias", "f32") {
				return false, nil
			}
		}
	}
	return true, act
}

// floatParam reports whether the target takes operand i (a float
// parameter of an op computed in float) in float.
func floatParam(t *target.Target, class string, o *ir.Operation, i int) bool {
	_, ft := floatTensor(o.Operand(i).Type())
	role := operandRole(class, i)
	return t.Accepts(class, role, ft.String()) || t.Accepts(class, role, "f32")
}

// paramRule is the encoding of a constant parameter a target takes only
// as stored integers (QNN's LayerNorm gamma and beta): the first weight
// rule (bias rule for the bias role) whose storage the class accepts for
// the role, applied per tensor, symmetric, from the data itself.
func paramRule(t *target.Target, class, role string) *target.QuantRule {
	kind := "weight"
	if role == "bias" {
		kind = "bias"
	}
	for _, r := range t.QuantRules(kind) {
		if _, ok := storageOf(&r); ok && r.Granularity != "block" && len(r.WithActivations) == 0 && r.Symmetric && t.Accepts(class, role, r.Storage) {
			r.Granularity = "per-tensor"
			return &r
		}
	}
	return nil
}

func (s *state) weightRuleFor(o *ir.Operation, class string, i int, act *target.QuantRule) *target.QuantRule {
	b, _ := qbehavior.OfOp(o)
	_, perChannel := b.PerChannelAxis(i)
	return weightRule(s.t, class, operandRole(class, i), act.Storage, perChannel)
}

// errNoPrecision marks decide's errors for an op the target cannot run at
// all (Config.Fallback turns them into mlc.fallback).
var errNoPrecision = errors.New("no precision")

// decide picks o's precision; nil for ops quantize leaves alone (not core,
// constants, ops without float data).
func (s *state) decide(o *ir.Operation) (*plan, error) {
	if o.Dialect() != "core" || o.Name() == "core.constant" {
		return nil, nil
	}
	float := false
	for _, v := range append(o.Operands(), o.Results()...) {
		float = float || isFloat(v)
	}
	if !float {
		return nil, nil // integer index and shape arithmetic: legalisation's
	}
	class, ok := target.ClassOf(o.Name())
	if !ok {
		d := ir.Errorf(o.Loc, "'%s' op belongs to no op class, so target '%s' cannot run it", o.Name(), s.t.Name)
		d.Err = errNoPrecision
		return nil, d
	}
	p := &plan{op: o, class: class}
	if a := o.Attr(PrecisionAttr); a != nil {
		str, ok := a.(*ir.StringAttr)
		if !ok || (precisionBits(str.Value) == 0 && str.Value != "f16" && str.Value != "f32") {
			return nil, ir.Errorf(o.Loc, "'%s' op: %s must be one of %s, got %s", o.Name(), PrecisionAttr, quotedList(Precisions), a)
		}
		ok, act := s.accepts(o, class, str.Value)
		if !ok {
			return nil, ir.Errorf(o.Loc, "'%s' op: target '%s' does not run op class '%s' in precision %s (it runs it in: %s)",
				o.Name(), s.t.Name, class, str.Value, quotedList(s.accepted(o, class)))
		}
		p.precision, p.act = str.Value, act
	} else if ok, act := s.accepts(o, class, s.cfg.Precision); ok {
		p.precision, p.act = s.cfg.Precision, act
	} else {
		acc := s.accepted(o, class)
		if len(acc) == 0 {
			why := "its file lists no element types for the class"
			if _, listed := s.t.Classes[class]; listed {
				why = "no precision fits every operand's element types and quantization rules"
			}
			d := ir.Errorf(o.Loc, "'%s' op (op class '%s') cannot run on target '%s' in any precision: %s",
				o.Name(), class, s.t.Name, why)
			d.Err = errNoPrecision
			return nil, d
		}
		_, act := s.accepts(o, class, acc[0])
		p.precision, p.act = acc[0], act
	}
	if b, _ := qbehavior.OfOp(o); p.act != nil && b.Has(qbehavior.SameScale) {
		p.keep = s.t.KeepsEncoding(class)
		if o.Attr(PrecisionAttr) == nil && !s.quantizedInput(o, p.act) {
			// Nothing upstream is quantized: there is no encoding to keep,
			// and quantizing here would only add error. Move the data in
			// the cheapest float precision the class takes, if any.
			for _, f := range s.accepted(o, class) {
				if precisionBits(f) == 0 {
					p.precision, p.act, p.keep = f, nil, false
					break
				}
			}
		}
	}
	if a := o.Attr(ResultPrecisionAttr); a != nil {
		str, ok := a.(*ir.StringAttr)
		if !ok || p.act == nil || p.keep {
			return nil, ir.Errorf(o.Loc, "'%s' op: %s needs an integer %s on an op not kept in its input's encoding, got %s with %s",
				o.Name(), ResultPrecisionAttr, PrecisionAttr, a, p.precision)
		}
		ok, r := s.acceptsResult(o, class, p, str.Value)
		if !ok {
			return nil, ir.Errorf(o.Loc, "'%s' op: target '%s' does not take a %s result over %s operands for op class '%s' (it takes: %s)",
				o.Name(), s.t.Name, str.Value, p.precision, class, quotedList(s.widerResults(o, class, p)))
		}
		if r != nil {
			p.resAct = r
		} else {
			p.resFloat = str.Value
		}
	}
	return p, nil
}

// resultRule is the activation rule p's results are encoded with; nil
// for float results.
func (p *plan) resultRule() *target.QuantRule {
	if p.resFloat != "" {
		return nil
	}
	if p.resAct != nil {
		return p.resAct
	}
	return p.act
}

// acceptsResult reports whether the target takes results of precision rp
// from o computed at integer precision p (wider than p's: more bits, or
// a float type the class's result role lists), and for an integer rp its
// activation rule.
func (s *state) acceptsResult(o *ir.Operation, class string, p *plan, rp string) (bool, *target.QuantRule) {
	bits := precisionBits(rp)
	switch {
	case bits > precisionBits(p.precision):
		r := activationRule(s.t, class, []string{"result"}, bits)
		return r != nil, r
	case bits == 0 && (rp == "f16" || rp == "f32"):
		return s.t.Accepts(class, "result", rp), nil
	}
	return false, nil
}

// widerResults lists the result precisions acceptsResult takes for p,
// cheapest first.
func (s *state) widerResults(o *ir.Operation, class string, p *plan) []string {
	var out []string
	for _, rp := range Precisions {
		if ok, _ := s.acceptsResult(o, class, p, rp); ok {
			out = append(out, rp)
		}
	}
	return out
}

// quantizedInput reports whether some float operand of o reaches it
// quantized with rule r: the output of an op planned with r, or a value
// already in QDQ form.
func (s *state) quantizedInput(o *ir.Operation, r *target.QuantRule) bool {
	for _, v := range o.Operands() {
		if isFloat(v) && (sameRule(s.planned[v], r) || s.encodedBy(v, r)) {
			return true
		}
	}
	return false
}

// accepted lists the precisions the target runs o in, cheapest first.
func (s *state) accepted(o *ir.Operation, class string) []string {
	var out []string
	for _, p := range Precisions {
		if ok, _ := s.accepts(o, class, p); ok {
			out = append(out, p)
		}
	}
	return out
}

// rangeOf is the calibrated real range of a float value: its producer's
// mlc.calib entry, its function argument's mlc.calib, or the extremes of
// a constant's data. A value quantize made (a dcast) has its origin's.
func (s *state) rangeOf(v *ir.Value, user *ir.Operation) (lo, hi float64, err error) {
	if o, ok := s.origin[v]; ok {
		v = o
	}
	if v.IsBlockArgument() {
		a := s.argCalib(v)
		if a == nil {
			return 0, 0, ir.Errorf(v.Loc(), "argument #%d has no %s range, which '%s' op needs to quantize it: run calibrate first",
				v.ArgNumber(), CalibAttr, user.Name())
		}
		return calibPair(a, v.Loc(), fmt.Sprintf("argument #%d", v.ArgNumber()))
	}
	d := v.DefiningOp()
	if d.Name() == "core.constant" {
		vals, ok := constFloats(d)
		if !ok {
			return 0, 0, ir.Errorf(d.Loc, "'%s' op: cannot read its float data to quantize it", d.Name())
		}
		lo, hi = math.Inf(1), math.Inf(-1)
		for i := 0; i < vals.NumElements(); i++ {
			x := vals.FloatAt(i)
			if math.IsNaN(x) || math.IsInf(x, 0) {
				return 0, 0, ir.Errorf(d.Loc, "'%s' op holds %v, which no encoding represents", d.Name(), x)
			}
			lo, hi = min(lo, x), max(hi, x)
		}
		if vals.NumElements() == 0 {
			lo, hi = 0, 0
		}
		return lo, hi, nil
	}
	arr, _ := d.Attr(CalibAttr).(*ir.ArrayAttr)
	what := fmt.Sprintf("'%s' op result #%d", d.Name(), v.ResultNumber())
	if arr == nil || v.ResultNumber() >= len(arr.Elems) {
		return 0, 0, ir.Errorf(d.Loc, "%s has no %s range, which '%s' op needs to quantize it: run calibrate first",
			what, CalibAttr, user.Name())
	}
	if e, ok := arr.Elems[v.ResultNumber()].(*ir.DenseArrayAttr); ok && e.Len() == 0 {
		return 0, 0, ir.Errorf(d.Loc, "%s was not observed (empty %s entry), but '%s' op quantizes it: run calibrate first",
			what, CalibAttr, user.Name())
	}
	return calibPair(arr.Elems[v.ResultNumber()], d.Loc, what)
}

// CalibratedRange is v's calibrated real range in fn, as quantize reads
// it (rangeOf): for passes that add an encoding after quantize.
func CalibratedRange(fn *ir.Operation, v *ir.Value, user *ir.Operation) (lo, hi float64, err error) {
	return (&state{fn: fn}).rangeOf(v, user)
}

func calibPair(a ir.Attribute, loc ir.Location, what string) (lo, hi float64, err error) {
	e, ok := a.(*ir.DenseArrayAttr)
	if !ok || !ir.IsFloat(e.Elem) || len(e.Floats) != 2 {
		return 0, 0, ir.Errorf(loc, "%s: %s must be array<f64: lo, hi>, got %s", what, CalibAttr, a)
	}
	lo, hi = e.Floats[0], e.Floats[1]
	if math.IsNaN(lo) || math.IsNaN(hi) || math.IsInf(lo, 0) || math.IsInf(hi, 0) || lo > hi {
		return 0, 0, ir.Errorf(loc, "%s: %s range [%v, %v] is not a finite range with lo <= hi", what, CalibAttr, lo, hi)
	}
	return lo, hi, nil
}

// argCalib is the mlc.calib argument attribute of a function argument.
func (s *state) argCalib(v *ir.Value) ir.Attribute {
	blk := v.OwnerBlock()
	if blk == nil || blk.Parent() == nil || blk.Parent().ParentOp() != s.fn {
		return nil
	}
	arr, _ := s.fn.InherentAttr("arg_attrs").(*ir.ArrayAttr)
	if arr == nil || v.ArgNumber() >= len(arr.Elems) {
		return nil
	}
	d, _ := arr.Elems[v.ArgNumber()].(*ir.DictionaryAttr)
	return d.Get(CalibAttr)
}

// constFloats reads a float core.constant's data as dense elements.
func constFloats(c *ir.Operation) (*ir.DenseElementsAttr, bool) {
	rt, ft := floatTensor(c.Result(0).Type())
	if ft == nil || !rt.HasStaticShape() {
		return nil, false
	}
	switch a := c.InherentAttr("value").(type) {
	case *ir.DenseElementsAttr:
		return a, true
	case *ir.DenseResourceAttr:
		w := ir.ElementByteWidth(ft)
		if a.Handle == nil || int64(len(a.Handle.Data)) != rt.NumElements()*int64(w) {
			return nil, false
		}
		return c.Ctx().DenseElementsAttr(rt, a.Handle.Data), true
	}
	return nil, false
}

// checkRanges finds every range and weight p's op will need before
// anything is rewritten, so a missing or unusable one fails with the
// function untouched.
func (s *state) checkRanges(p *plan) error {
	if p.act == nil {
		return nil
	}
	o := p.op
	check := func(v *ir.Value) error {
		lo, hi, err := s.rangeOf(v, o)
		if err != nil {
			return err
		}
		if sc, _ := Params(p.act, lo, hi); !(sc > 0) || math.IsInf(sc, 0) {
			return ir.Errorf(o.Loc, "'%s' op: range [%v, %v] gives no usable %s scale (%v)", o.Name(), lo, hi, p.act.Storage, sc)
		}
		return nil
	}
	for i, v := range o.Operands() {
		if !isFloat(v) {
			continue
		}
		switch quantRole(o, p.class, i) {
		case "activation":
			if !s.encodedBy(v, p.act) && !sameRule(s.planned[v], p.act) {
				if err := check(v); err != nil {
					return err
				}
			}
		case "weight", "bias":
			if !isConstant(v) || storedConstant(v) != nil {
				continue // a computed bias stays float; QDQ constants are done
			}
			data, ok := constFloats(v.DefiningOp())
			if !ok {
				return ir.Errorf(o.Loc, "'%s' op: cannot read the data of its constant operand #%d", o.Name(), i)
			}
			if _, err := channelMaxAbs(data, nil, -1); err != nil {
				return ir.Errorf(v.DefiningOp().Loc, "'%s' op: %v", v.DefiningOp().Name(), err)
			}
		}
	}
	if res := p.resultRule(); !p.keep && res != nil {
		for _, r := range o.Results() {
			if !isFloat(r) {
				continue
			}
			lo, hi, err := s.rangeOf(r, o)
			if err != nil {
				return err
			}
			if sc, _ := Params(res, lo, hi); !(sc > 0) || math.IsInf(sc, 0) {
				return ir.Errorf(o.Loc, "'%s' op: range [%v, %v] gives no usable %s scale (%v)", o.Name(), lo, hi, res.Storage, sc)
			}
		}
	}
	return nil
}

func sameRule(a, b *target.QuantRule) bool {
	return a != nil && b != nil && a.Name == b.Name && a.Storage == b.Storage
}

// encodedBy reports whether v is already the dcast of an encoding that
// follows rule r, so a user quantized with r takes it as it is.
func (s *state) encodedBy(v *ir.Value, r *target.QuantRule) bool {
	d := v.DefiningOp()
	if d == nil || d.Name() != "quant.dcast" {
		return false
	}
	q := quant.ElementType(d.Operand(0).Type())
	return q != nil && Satisfies(q, r) == ""
}
