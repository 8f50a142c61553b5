package ir

import "testing"

type shouter interface{ Shout() string }

type loud struct{ word string }

func (l loud) Shout() string { return l.word + "!" }

type tally struct{ n int }

func TestOpInterfaces(t *testing.T) {
	o := &OpInfo{Name: "t.op"}
	if _, ok := Interface[shouter](o); ok {
		t.Fatal("an op with nothing attached has no interface")
	}
	o.Attach(loud{"a"})
	o.Attach(&tally{1})
	if s, ok := Interface[shouter](o); !ok || s.Shout() != "a!" {
		t.Fatalf("by interface type: %v %v", s, ok)
	}
	if l, ok := Interface[loud](o); !ok || l.word != "a" {
		t.Fatalf("by concrete type: %v %v", l, ok)
	}
	o.Attach(loud{"b"}) // same type: replaces
	if l, _ := Interface[loud](o); l.word != "b" || len(o.Interfaces()) != 2 {
		t.Fatalf("Attach of the same type should replace: %v, %d attached", l, len(o.Interfaces()))
	}
	if c, ok := Interface[*tally](o); !ok || c.n != 1 {
		t.Fatalf("pointer type: %v %v", c, ok)
	}
	if _, ok := Interface[tally](o); ok {
		t.Fatal("tally is attached as *tally, not tally")
	}
	if _, ok := Interface[loud](nil); ok {
		t.Fatal("a nil definition has no interfaces")
	}
	var unregistered *OpInfo // what LookupOp returns for an unknown op
	if _, ok := Interface[loud](unregistered); ok {
		t.Fatal("a nil *OpInfo has no interfaces")
	}
	var noDialect *Dialect
	if _, ok := Interface[loud](noDialect); ok {
		t.Fatal("a nil *Dialect has no interfaces")
	}
	d := &Dialect{Name: "t"}
	d.Attach(loud{"d"})
	var typedNil *tally
	d.Attach(typedNil) // ignored
	if l, ok := Interface[loud](d); !ok || l.word != "d" || len(d.Interfaces()) != 1 {
		t.Fatalf("dialect interfaces: %v %v %d", l, ok, len(d.Interfaces()))
	}
}
