package pass

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// OptionKind is the type of a pass option's value.
type OptionKind int

const (
	// StringOption is any text (the zero kind, so an Option literal without
	// a Kind takes text as it is).
	StringOption OptionKind = iota
	// IntOption is a decimal integer that fits an int.
	IntOption
	// FloatOption is a finite decimal or exponent number.
	FloatOption
	// BoolOption is true/false (or 1/0).
	BoolOption
	// EnumOption is one of the Option's Values.
	EnumOption
)

func (k OptionKind) String() string {
	switch k {
	case IntOption:
		return "int"
	case FloatOption:
		return "float"
	case BoolOption:
		return "bool"
	case EnumOption:
		return "enum"
	}
	return "string"
}

// Option declares one pass option: its name, type, default (as text, in
// the option's syntax) and a one-line doc. Values are checked against the
// type when a pipeline is parsed, so a pass reads them without errors.
type Option struct {
	Name    string
	Doc     string
	Default string
	Kind    OptionKind
	// List: the value is a comma-separated list of Kind values ("" is the
	// empty list).
	List bool
	// Values are the spellings an EnumOption accepts.
	Values []string
}

// IntOpt declares an int option.
func IntOpt(name string, def int, doc string) Option {
	return Option{Name: name, Kind: IntOption, Default: strconv.Itoa(def), Doc: doc}
}

// FloatOpt declares a float option.
func FloatOpt(name string, def float64, doc string) Option {
	return Option{Name: name, Kind: FloatOption, Default: strconv.FormatFloat(def, 'g', -1, 64), Doc: doc}
}

// BoolOpt declares a bool option.
func BoolOpt(name string, def bool, doc string) Option {
	return Option{Name: name, Kind: BoolOption, Default: strconv.FormatBool(def), Doc: doc}
}

// StringOpt declares a string option.
func StringOpt(name, def, doc string) Option {
	return Option{Name: name, Kind: StringOption, Default: def, Doc: doc}
}

// EnumOpt declares an option that takes one of values.
func EnumOpt(name, def string, values []string, doc string) Option {
	return Option{Name: name, Kind: EnumOption, Default: def, Values: values, Doc: doc}
}

// ListOpt declares a list of elem's kind (and enum values); def is the
// default list.
func ListOpt(elem Option, def ...string) Option {
	elem.List = true
	elem.Default = strings.Join(def, ",")
	return elem
}

// TypeName is the option's type as docs show it: int, list<enum{a|b}>.
func (o Option) TypeName() string {
	t := o.Kind.String()
	if o.Kind == EnumOption {
		t = "enum{" + strings.Join(o.Values, "|") + "}"
	}
	if o.List {
		t = "list<" + t + ">"
	}
	return t
}

// check validates a value; on error, at is the byte offset in val of the
// element at fault.
func (o *Option) check(val string) (at int, err error) {
	if !o.List {
		return 0, o.checkOne(val)
	}
	if val == "" {
		return 0, nil
	}
	off := 0
	for _, e := range strings.Split(val, ",") {
		if err := o.checkOne(e); err != nil {
			return off, fmt.Errorf("element of list option '%s': %v", o.Name, err)
		}
		off += len(e) + 1
	}
	return 0, nil
}

func (o *Option) checkOne(v string) error {
	bad := func(what string) error {
		return fmt.Errorf("option '%s' expects %s, not '%s'", o.Name, what, v)
	}
	switch o.Kind {
	case IntOption:
		if _, err := strconv.Atoi(v); err != nil {
			return bad("an integer")
		}
	case FloatOption:
		f, err := strconv.ParseFloat(v, 64)
		if err != nil || math.IsInf(f, 0) || math.IsNaN(f) {
			return bad("a finite number")
		}
	case BoolOption:
		if _, err := strconv.ParseBool(v); err != nil {
			return bad("true or false")
		}
	case EnumOption:
		for _, a := range o.Values {
			if a == v {
				return nil
			}
		}
		return bad("one of " + strings.Join(o.Values, ", "))
	}
	return nil
}

// Options are a pass instance's option values as text, each checked
// against its declaration when the instance was added to a pipeline; the
// typed readers below therefore do not fail on a value that came through
// a pipeline.
type Options map[string]string

// Int reads an int option.
func (o Options) Int(name string) int {
	v, _ := strconv.Atoi(o[name])
	return v
}

// Float reads a float option.
func (o Options) Float(name string) float64 {
	v, _ := strconv.ParseFloat(o[name], 64)
	return v
}

// Bool reads a bool option.
func (o Options) Bool(name string) bool {
	v, _ := strconv.ParseBool(o[name])
	return v
}

// Text reads a string or enum option.
func (o Options) Text(name string) string { return o[name] }

// List reads a list option's elements as text.
func (o Options) List(name string) []string {
	if o[name] == "" {
		return nil
	}
	return strings.Split(o[name], ",")
}

// Ints reads a list of ints.
func (o Options) Ints(name string) []int {
	var out []int
	for _, e := range o.List(name) {
		v, _ := strconv.Atoi(e)
		out = append(out, v)
	}
	return out
}

// Floats reads a list of floats.
func (o Options) Floats(name string) []float64 {
	var out []float64
	for _, e := range o.List(name) {
		v, _ := strconv.ParseFloat(e, 64)
		out = append(out, v)
	}
	return out
}

// OptionError is a value that does not fit its option's declaration; At is
// the byte offset in the value of the part at fault.
type OptionError struct {
	Pass, Option string
	At           int
	Err          error
}

func (e *OptionError) Error() string { return e.Err.Error() }
func (e *OptionError) Unwrap() error { return e.Err }
