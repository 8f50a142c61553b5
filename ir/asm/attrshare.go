package asm

import (
	"hash/maphash"
	"reflect"
	"slices"
	"strings"

	"github.com/mlc-go/mlc/ir"
)

// attrLists lets the ops of one parse share an attribute slice when their
// dictionaries are equal (the same names and the same interned values):
// large files repeat a few dictionaries many times, and a slice per op
// was about a tenth of the IR. It lives only while the file is parsed.
type attrLists struct {
	seed maphash.Seed
	m    map[uint64][]ir.NamedAttr
}

// shareAttrs returns attrs sorted by name and whether the result may be
// given to an op as OperationState.AttrsShared. Lists with a repeated
// name, or with values that are not pointers (whose equality says
// nothing about identity), are returned as they are, unshared.
func (r *resolver) shareAttrs(attrs []ir.NamedAttr) ([]ir.NamedAttr, bool) {
	if len(attrs) == 0 {
		return attrs, false
	}
	l := &r.attrLists
	if l.m == nil {
		l.seed, l.m = maphash.MakeSeed(), map[uint64][]ir.NamedAttr{}
	}
	var h uint64
	for _, a := range attrs {
		if a.Value == nil || reflect.TypeOf(a.Value).Kind() != reflect.Pointer {
			return attrs, false
		}
	}
	sorted := slices.IsSortedFunc(attrs, compareAttrNames)
	if !sorted {
		attrs = slices.Clone(attrs)
		slices.SortStableFunc(attrs, compareAttrNames)
	}
	for i, a := range attrs {
		if i > 0 && attrs[i-1].Name == a.Name {
			return attrs, false
		}
		h = h*0x9e3779b97f4a7c15 ^ maphash.String(l.seed, a.Name) ^ maphash.Comparable(l.seed, a.Value)
	}
	if prev, ok := l.m[h]; ok && slices.Equal(prev, attrs) {
		return prev, true
	} else if !ok {
		attrs = slices.Clip(attrs)
		l.m[h] = attrs
	}
	return slices.Clip(attrs), true
}

func compareAttrNames(a, b ir.NamedAttr) int { return strings.Compare(a.Name, b.Name) }
