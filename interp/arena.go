package interp

import (
	"slices"
	"unsafe"

	"github.com/mlc-go/mlc/internal/tensor"
)

// A function's float32 intermediates placed in one buffer by lifetime, as
// ONNX Runtime's memory pattern does: a run records, for every float32
// output a kernel asks the pool for (take), its length and the ops at
// which it is made and dies; later runs get each such output at its
// planned offset. Outputs whose lifetimes overlap never share memory, and
// the memory an output gets was used a few ops before, so it is likely
// still in cache, where a buffer kept per length (bufPool's lists) was
// last written a whole run ago. A run whose requests differ from the
// recorded ones (a kernel that took another path) stops using the plan
// and records anew.

// arenaPlan is a function's placement: per take, in order, its length and
// offset in buf (-1: not placed: it outlives the run or is never defined).
type arenaPlan struct {
	sizes []int
	offs  []int
	buf   []float32
}

// arenaEvent is one recorded take: n values, made at op born, dead after
// op died (-1 while alive).
type arenaEvent struct {
	n, born, died int
}

// arenaState is what a function keeps between runs.
type arenaState struct {
	plan *arenaPlan
	// fails counts runs whose takes did not follow the plan; past
	// arenaMaxFails the function stops planning.
	fails int
	// run is the current or last run's record, reused (a function is
	// never on the call stack twice).
	run arenaRun
}

const arenaMaxFails = 3

// arenaRun is one run's use of the arena: the plan it follows and the
// takes it records.
type arenaRun struct {
	st      *arenaState
	plan    *arenaPlan // nil while recording, or once the run left the plan
	next    int        // the next take's index
	broken  bool       // a take did not match the plan
	events  []arenaEvent
	byStart map[*float32]int // a recorded take's storage → its index
}

func newArenaRun(st *arenaState) *arenaRun {
	if st.fails > arenaMaxFails {
		return nil
	}
	r := &st.run
	byStart := r.byStart
	if byStart == nil {
		byStart = map[*float32]int{}
	}
	clear(byStart)
	clear(r.events)
	*r = arenaRun{st: st, plan: st.plan, byStart: byStart, events: r.events[:0]}
	return r
}

// take returns take number a.next's planned storage for n values, or nil.
func (a *arenaRun) take(n int) []float32 {
	e := a.next
	a.next++
	a.events = append(a.events, arenaEvent{n: n, born: -1, died: -1})
	if a.plan == nil {
		return nil
	}
	if e >= len(a.plan.sizes) || a.plan.sizes[e] != n {
		// Another shape than recorded: the rest of the run does without
		// the plan (its regions may be live under other lifetimes).
		a.plan, a.broken = nil, true
		return nil
	}
	if off := a.plan.offs[e]; off >= 0 {
		return a.plan.buf[off : off+n : off+n]
	}
	return nil
}

// owns reports whether s lies in the plan's buffer.
func (a *arenaRun) owns(s []float32) bool {
	if a.plan == nil || len(s) == 0 || len(a.plan.buf) == 0 {
		return false
	}
	p := uintptr(unsafe.Pointer(&s[0]))
	lo := uintptr(unsafe.Pointer(&a.plan.buf[0]))
	return p >= lo && p < lo+uintptr(len(a.plan.buf))*4
}

// made notes that take e's storage s (from the plan, the lists or a new
// allocation) is an output of op index.
func (a *arenaRun) made(e int, s []float32, index int) {
	if len(s) > 0 {
		a.byStart[&s[0]] = e
	}
	a.events[e].born = index
}

// defined returns the take whose storage a newly defined value's tensor
// starts at, or -1.
func (a *arenaRun) defined(t *tensor.Tensor) int {
	if t.DType() != tensor.F32 || t.Len() == 0 {
		return -1
	}
	s := t.Float32s()
	if e, ok := a.byStart[&s[0]]; ok && a.events[e].born >= 0 && t.Len() == a.events[e].n {
		delete(a.byStart, &s[0])
		return e
	}
	return -1
}

// died notes that take e's storage is dead after op index.
func (a *arenaRun) died(e, index int) { a.events[e].died = index }

// finish ends the run: a run that followed its plan keeps it; otherwise
// the recorded takes become the plan for the next run.
func (a *arenaRun) finish() {
	if a.plan != nil && !a.broken && a.next == len(a.plan.sizes) {
		return
	}
	if a.broken || a.st.plan != nil {
		a.st.fails++
	}
	a.st.plan = placeEvents(a.events)
}

// placeEvents gives every event that is made and dies within the run an
// offset, largest first, each at the lowest offset (in 16-value steps)
// that overlaps no placed event alive at the same time. Lifetimes are
// inclusive: an op's output never shares memory with its inputs.
func placeEvents(events []arenaEvent) *arenaPlan {
	p := &arenaPlan{sizes: make([]int, len(events)), offs: make([]int, len(events))}
	var order []int
	for i, ev := range events {
		p.sizes[i], p.offs[i] = ev.n, -1
		if ev.born >= 0 && ev.died >= ev.born {
			order = append(order, i)
		}
	}
	slices.SortStableFunc(order, func(x, y int) int { return events[y].n - events[x].n })
	type span struct{ lo, hi int }
	var placed []int
	end := 0
	for _, i := range order {
		ev := events[i]
		var busy []span
		for _, j := range placed {
			if o := events[j]; o.born <= ev.died && ev.born <= o.died {
				busy = append(busy, span{p.offs[j], p.offs[j] + o.n})
			}
		}
		slices.SortFunc(busy, func(x, y span) int { return x.lo - y.lo })
		off := 0
		for _, b := range busy {
			if off+ev.n <= b.lo {
				break
			}
			off = max(off, (b.hi+15)&^15)
		}
		p.offs[i] = off
		placed = append(placed, i)
		end = max(end, off+ev.n)
	}
	if end > 0 {
		p.buf = make([]float32, end)
	}
	return p
}
