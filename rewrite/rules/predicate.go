package rules

import (
	"errors"
	"fmt"
	"math"
	"reflect"
	"sort"
	"strconv"
	"strings"

	"github.com/mlc-go/mlc/ir"
)

// Predicates are the Go functions that one rules file's conditions call
// by name: (match) && name($a, $b, 3) -> result. They are given to
// Compile with the file, not registered globally, so two packages may
// each define a predicate of the same name (isI8, say) for their own
// rules. The built-in predicates (see the package comment) are available
// to every file and cannot be redefined. A predicate is a func returning
// bool whose parameters say what each argument must be:
//
//	*ir.Value                  a value capture (an operand or a $x:(op) binding)
//	ir.Type                    a value capture, passed as its type
//	ir.Attribute or a concrete attribute type (*ir.DenseArrayAttr, ...)
//	                           an attribute capture (name=$x); a captured
//	                           attribute of another concrete type makes the
//	                           condition false
//	int64, float64, string, bool
//	                           a literal: 3, -1.5, "text", true
//
// Calls are checked against these types when rules are compiled.
type Predicates map[string]any

type paramKind uint8

const (
	pValue paramKind = iota
	pType
	pAttr
	pInt
	pFloat
	pString
	pBool
)

func (k paramKind) describe() string {
	switch k {
	case pValue, pType:
		return "a value capture"
	case pAttr:
		return "an attribute capture"
	case pInt:
		return "an integer literal"
	case pFloat:
		return "a number literal"
	case pString:
		return "a string literal"
	}
	return "true or false"
}

type predicate struct {
	name   string
	fn     reflect.Value
	params []paramKind
	types  []reflect.Type
}

var (
	valueT = reflect.TypeOf((*ir.Value)(nil))
	typeT  = reflect.TypeOf((*ir.Type)(nil)).Elem()
	attrT  = reflect.TypeOf((*ir.Attribute)(nil)).Elem()
)

// newPredicate checks that fn is a predicate (see Predicates).
func newPredicate(name string, fn any) (*predicate, error) {
	if fn == nil {
		return nil, fmt.Errorf("predicate %s: want a func(...) bool, got nil", name)
	}
	v := reflect.ValueOf(fn)
	t := v.Type()
	if t.Kind() != reflect.Func || t.NumOut() != 1 || t.Out(0).Kind() != reflect.Bool || t.IsVariadic() {
		return nil, fmt.Errorf("predicate %s: want a func(...) bool, got %s", name, t)
	}
	p := &predicate{name: name, fn: v}
	for i := 0; i < t.NumIn(); i++ {
		in := t.In(i)
		var k paramKind
		switch {
		case in == valueT:
			k = pValue
		case in == typeT:
			k = pType
		case in.Implements(attrT):
			k = pAttr
		case in.Kind() == reflect.Int64:
			k = pInt
		case in.Kind() == reflect.Float64:
			k = pFloat
		case in.Kind() == reflect.String:
			k = pString
		case in.Kind() == reflect.Bool:
			k = pBool
		default:
			return nil, fmt.Errorf("predicate %s: parameter %d has unsupported type %s", name, i+1, in)
		}
		p.params = append(p.params, k)
		p.types = append(p.types, in)
	}
	return p, nil
}

// predicateSet resolves the predicates of one file: the built-ins and
// preds. Malformed predicates and redefined built-ins are errors.
func predicateSet(preds Predicates) (map[string]*predicate, error) {
	out := make(map[string]*predicate, len(builtins)+len(preds))
	for n, p := range builtins {
		out[n] = p
	}
	names := make([]string, 0, len(preds))
	for n := range preds {
		names = append(names, n)
	}
	sort.Strings(names)
	var errs []string
	for _, n := range names {
		if _, ok := builtins[n]; ok {
			errs = append(errs, fmt.Sprintf("predicate %s is built in and cannot be redefined", n))
			continue
		}
		p, err := newPredicate(n, preds[n])
		if err != nil {
			errs = append(errs, err.Error())
			continue
		}
		out[n] = p
	}
	if len(errs) > 0 {
		return nil, errors.New(strings.Join(errs, "; "))
	}
	return out, nil
}

// literalValue converts a literal for a parameter of kind k.
func literalValue(k paramKind, t reflect.Type, lit *astLit) (reflect.Value, error) {
	switch k {
	case pInt:
		if lit.kind == tNumber {
			if n, err := strconv.ParseInt(lit.text, 10, 64); err == nil {
				return reflect.ValueOf(n).Convert(t), nil
			}
		}
	case pFloat:
		if lit.kind == tNumber {
			f, err := parseNumber(lit.text)
			if err == nil {
				return reflect.ValueOf(f).Convert(t), nil
			}
		}
	case pString:
		if lit.kind == tString {
			return reflect.ValueOf(lit.text).Convert(t), nil
		}
	case pBool:
		if lit.kind == tIdent {
			return reflect.ValueOf(lit.text == "true").Convert(t), nil
		}
	}
	return reflect.Value{}, fmt.Errorf("expected %s", k.describe())
}

func parseNumber(text string) (float64, error) {
	switch text {
	case "inf", "+inf":
		return math.Inf(1), nil
	case "-inf":
		return math.Inf(-1), nil
	case "nan", "+nan", "-nan":
		return math.NaN(), nil
	}
	return strconv.ParseFloat(text, 64)
}

// builtins are the predicates every rules file may use.
var builtins = func() map[string]*predicate {
	m := map[string]*predicate{}
	add := func(name string, fn any) {
		p, err := newPredicate(name, fn)
		if err != nil {
			panic("rules: " + err.Error())
		}
		m[name] = p
	}
	// sameType($a, $b): the two values have the same type.
	add("sameType", func(a, b ir.Type) bool { return a == b })
	// hasOneUse($x): the value has exactly one use.
	add("hasOneUse", func(v *ir.Value) bool { return v.HasOneUse() })
	// isFloat($x), isInteger($x): the value's element type (its own type
	// for scalars) is a float, an integer (i1 included).
	add("isFloat", func(t ir.Type) bool { return ir.IsFloat(ir.ElementTypeOf(t)) })
	add("isInteger", func(t ir.Type) bool {
		_, ok := ir.ElementTypeOf(t).(*ir.IntegerType)
		return ok
	})
	return m
}()
