package ir

import (
	"strconv"
	"strings"
)

// Location says where an op came from. Locations are immutable values;
// every op has one and passes keep (or fuse) them.
type Location interface {
	// String is the location in MLIR syntax without the loc(...) wrapper.
	String() string
	isLoc()
}

// UnknownLoc is loc(unknown).
type UnknownLoc struct{}

func (UnknownLoc) String() string { return "unknown" }
func (UnknownLoc) isLoc()         {}

// FileLineColLoc is loc("file":line:col).
type FileLineColLoc struct {
	File      string
	Line, Col int
}

func (l FileLineColLoc) String() string {
	return QuoteString(l.File) + ":" + strconv.Itoa(l.Line) + ":" + strconv.Itoa(l.Col)
}
func (FileLineColLoc) isLoc() {}

// NameLoc is loc("name") or loc("name"(child)).
type NameLoc struct {
	Name  string
	Child Location // UnknownLoc when absent
}

func (l NameLoc) String() string {
	s := QuoteString(l.Name)
	if _, unknown := l.Child.(UnknownLoc); !unknown && l.Child != nil {
		s += "(" + l.Child.String() + ")"
	}
	return s
}
func (NameLoc) isLoc() {}

// FusedLoc is loc(fused[a, b]) or loc(fused<#meta>[a, b]).
type FusedLoc struct {
	Locs     []Location
	Metadata Attribute // nil when absent
}

func (l FusedLoc) String() string { return l.Format(Location.String) }

// Format is String with each fused location written by part (a printer
// that names them by #loc aliases passes its own).
func (l FusedLoc) Format(part func(Location) string) string {
	var b strings.Builder
	b.WriteString("fused")
	if l.Metadata != nil {
		b.WriteString("<" + l.Metadata.String() + ">")
	}
	b.WriteByte('[')
	for i, c := range l.Locs {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(part(c))
	}
	b.WriteByte(']')
	return b.String()
}
func (FusedLoc) isLoc() {}

// CallSiteLoc is loc(callsite(callee at caller)).
type CallSiteLoc struct {
	Callee, Caller Location
}

func (l CallSiteLoc) String() string {
	return "callsite(" + l.Callee.String() + " at " + l.Caller.String() + ")"
}
func (CallSiteLoc) isLoc() {}

// Fuse combines locations the way MLIR's FusedLoc::get does: unknowns and
// duplicates dropped, nested fused locations without metadata flattened, a
// single survivor returned as is.
func Fuse(locs []Location, metadata Attribute) Location {
	var out []Location
	seen := map[string]bool{}
	var add func(l Location)
	add = func(l Location) {
		switch l := l.(type) {
		case nil, UnknownLoc:
			return
		case FusedLoc:
			if l.Metadata == nil {
				for _, c := range l.Locs {
					add(c)
				}
				return
			}
		}
		if k := l.String(); !seen[k] {
			seen[k] = true
			out = append(out, l)
		}
	}
	for _, l := range locs {
		add(l)
	}
	if len(out) == 0 {
		if metadata == nil {
			return UnknownLoc{}
		}
	} else if len(out) == 1 && metadata == nil {
		return out[0]
	}
	return FusedLoc{Locs: out, Metadata: metadata}
}

// FileLineCol finds the first file:line:col inside l, for diagnostics.
func FileLineCol(l Location) (FileLineColLoc, bool) {
	switch l := l.(type) {
	case FileLineColLoc:
		return l, true
	case NameLoc:
		return FileLineCol(l.Child)
	case CallSiteLoc:
		return FileLineCol(l.Callee)
	case FusedLoc:
		for _, c := range l.Locs {
			if f, ok := FileLineCol(c); ok {
				return f, true
			}
		}
	}
	return FileLineColLoc{}, false
}

// FirstName finds the first name inside l: loc("name"), or the first
// named part of a fused or call-site location; "" when there is none.
func FirstName(l Location) string {
	switch x := l.(type) {
	case NameLoc:
		return x.Name
	case FusedLoc:
		for _, c := range x.Locs {
			if n := FirstName(c); n != "" {
				return n
			}
		}
	case CallSiteLoc:
		return FirstName(x.Callee)
	}
	return ""
}
