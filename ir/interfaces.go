package ir

import "reflect"

// Op interfaces are open: a dialect framework or a pass package defines
// an interface (or a struct of hooks) and attaches an implementation to
// an op's definition; generic code looks it up by type, as MLIR's op
// interfaces do. ir itself knows none of them, so adding one needs no new
// field here.

// Interface returns o's implementation of T: the first attached value
// whose type is T or, when T is an interface type, implements it. ok is
// false when o is nil or carries none.
func Interface[T any](o *OpInfo) (impl T, ok bool) {
	if o == nil {
		return impl, false
	}
	for _, v := range o.interfaces {
		if t, isT := v.(T); isT {
			return t, true
		}
	}
	return impl, false
}

// Attach adds impl to o's interfaces, replacing an earlier value of the
// same dynamic type. Attach while the definition is being built, before
// its context parses or runs passes: lookups take no lock.
func (o *OpInfo) Attach(impl any) {
	if impl == nil {
		return
	}
	t := reflect.TypeOf(impl)
	for i, v := range o.interfaces {
		if reflect.TypeOf(v) == t {
			o.interfaces[i] = impl
			return
		}
	}
	o.interfaces = append(o.interfaces, impl)
}

// Interfaces lists the values attached to o, in attach order.
func (o *OpInfo) Interfaces() []any {
	if o == nil {
		return nil
	}
	return o.interfaces
}
