package asm

import (
	"hash/maphash"
	"reflect"
	"slices"
	"strings"

	"github.com/mlc-go/mlc/ir"
)

// attrLists lets the ops of one parse share an attribute list when their
// dictionaries are equal (the same names and the same interned values):
// large files repeat a few dictionaries many times, and a slice per op
// was about a tenth of the IR. It lives only while the file is parsed.
type attrLists struct {
	seed maphash.Seed
	m    map[uint64]*ir.AttrList
}

// shareAttrs returns the list of the file equal to attrs, for
// OperationState.SharedAttrs, or nil when attrs is empty or not to be
// shared: lists with a repeated name, or with values that are not
// pointers (whose equality says nothing about identity).
func (r *resolver) shareAttrs(attrs []ir.NamedAttr) *ir.AttrList {
	if len(attrs) == 0 {
		return nil
	}
	l := &r.attrLists
	if l.m == nil {
		l.seed, l.m = maphash.MakeSeed(), map[uint64]*ir.AttrList{}
	}
	var h uint64
	for _, a := range attrs {
		if a.Value == nil || reflect.TypeOf(a.Value).Kind() != reflect.Pointer {
			return nil
		}
	}
	sorted := slices.IsSortedFunc(attrs, compareAttrNames)
	if !sorted {
		attrs = slices.Clone(attrs)
		slices.SortStableFunc(attrs, compareAttrNames)
	}
	for i, a := range attrs {
		if i > 0 && attrs[i-1].Name == a.Name {
			return nil
		}
		h = h*0x9e3779b97f4a7c15 ^ maphash.String(l.seed, a.Name) ^ maphash.Comparable(l.seed, a.Value)
	}
	prev, ok := l.m[h]
	if ok && slices.Equal(prev.Attrs(), attrs) {
		return prev
	}
	list := ir.NewAttrList(attrs)
	if !ok {
		l.m[h] = list
	}
	return list
}

func compareAttrNames(a, b ir.NamedAttr) int { return strings.Compare(a.Name, b.Name) }
