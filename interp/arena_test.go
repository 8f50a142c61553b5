package interp

import (
	"math/rand/v2"
	"testing"
)

// placeEvents never gives two events alive at the same op (inclusive
// lifetimes) overlapping memory, places exactly the events made and dead
// within the run, and keeps offsets in 16-value steps inside the buffer.
func TestArenaPlacement(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for trial := range 300 {
		events := make([]arenaEvent, 1+r.IntN(40))
		for i := range events {
			born := r.IntN(30)
			events[i] = arenaEvent{n: 1 + r.IntN(5000), born: born, died: born + r.IntN(8)}
			switch r.IntN(10) {
			case 0:
				events[i].died = -1 // outlives the run
			case 1:
				events[i].born, events[i].died = -1, -1 // never defined
			}
		}
		p := placeEvents(events)
		for i, a := range events {
			placed := a.born >= 0 && a.died >= a.born
			if (p.offs[i] >= 0) != placed {
				t.Fatalf("trial %d: event %d %+v placed at %d", trial, i, a, p.offs[i])
			}
			if !placed {
				continue
			}
			if p.offs[i]%16 != 0 || p.offs[i]+a.n > len(p.buf) {
				t.Fatalf("trial %d: event %d at %d+%d in a buffer of %d", trial, i, p.offs[i], a.n, len(p.buf))
			}
			for j, b := range events[:i] {
				if p.offs[j] < 0 || a.born > b.died || b.born > a.died {
					continue
				}
				if p.offs[i] < p.offs[j]+b.n && p.offs[j] < p.offs[i]+a.n {
					t.Fatalf("trial %d: events %d %+v and %d %+v live together and overlap", trial, i, a, j, b)
				}
			}
		}
	}
}

// A run whose takes differ from the recorded ones leaves the plan at the
// first difference (no later take gets planned storage), and the next
// run plans from what it recorded; functions that keep differing stop
// planning.
func TestArenaPlanBroken(t *testing.T) {
	st := &arenaState{}
	record := func(sizes ...int) (planned int) {
		a := newArenaRun(st)
		if a == nil {
			return -1
		}
		for i, n := range sizes {
			e := a.next
			s := a.take(n)
			if s != nil {
				planned++
			} else {
				s = make([]float32, n)
			}
			a.made(e, s, i)
			a.died(e, i+1)
		}
		a.finish()
		return planned
	}
	if got := record(10, 20, 30); got != 0 {
		t.Fatalf("recording run got %d planned takes", got)
	}
	if got := record(10, 20, 30); got != 3 {
		t.Fatalf("run following the plan got %d planned takes, want 3", got)
	}
	if got := record(10, 25, 30); got != 1 {
		t.Fatalf("run leaving the plan at its second take got %d planned takes, want 1", got)
	}
	if got := record(10, 25, 30); got != 3 {
		t.Fatalf("run after re-planning got %d planned takes, want 3", got)
	}
	for range arenaMaxFails + 1 {
		record(1, 2)
		record(3, 4)
	}
	if got := record(3, 4); got != -1 {
		t.Fatalf("a function whose takes keep changing still plans (%d)", got)
	}
}
