package ir

import "reflect"

// Op interfaces are open: a dialect framework or a pass package defines
// an interface (or a struct of hooks) and attaches an implementation to
// an op's definition; generic code looks it up by type, as MLIR's op
// interfaces do. ir itself knows none of them, so adding one needs no new
// field here.

// InterfaceHolder is a definition that carries interfaces: *OpInfo and
// *Dialect.
type InterfaceHolder interface{ Interfaces() []any }

// Interface returns h's implementation of T: the first attached value
// whose type is T or, when T is an interface type, implements it. ok is
// false when h is nil or carries none.
func Interface[T any](h InterfaceHolder) (impl T, ok bool) {
	if h == nil {
		return impl, false
	}
	for _, v := range h.Interfaces() {
		if t, isT := v.(T); isT {
			return t, true
		}
	}
	return impl, false
}

// Attach adds impl to o's interfaces, replacing an earlier value of the
// same dynamic type. Attach while the definition is being built, before
// its context parses or runs passes: lookups take no lock.
func (o *OpInfo) Attach(impl any) { o.interfaces = attach(o.interfaces, impl) }

// Attach adds impl to d's interfaces, as OpInfo.Attach.
func (d *Dialect) Attach(impl any) { d.interfaces = attach(d.interfaces, impl) }

// Interfaces lists the values attached to d, in attach order.
func (d *Dialect) Interfaces() []any {
	if d == nil {
		return nil
	}
	return d.interfaces
}

func attach(list []any, impl any) []any {
	v := reflect.ValueOf(impl)
	if !v.IsValid() || v.Kind() == reflect.Pointer && v.IsNil() {
		return list
	}
	t := v.Type()
	for i, v := range list {
		if reflect.TypeOf(v) == t {
			list[i] = impl
			return list
		}
	}
	return append(list, impl)
}

// Interfaces lists the values attached to o, in attach order.
func (o *OpInfo) Interfaces() []any {
	if o == nil {
		return nil
	}
	return o.interfaces
}
