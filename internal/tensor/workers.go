package tensor

import (
	"runtime"
	"sync"
	"sync/atomic"
	"time"
)

// Parallel sections (a GEMM's tiles, a depthwise convolution's planes, an
// elementwise op's chunks) run on the caller and on helper goroutines
// that stay alive between sections. An interpreter runs one op after
// another, so sections come every few tens of microseconds: a helper that
// had to be started, or woken from a parked thread, for each of them
// would spend about as long getting there as the section takes. So a
// helper that has finished spins for a while (yielding its processor to
// anything runnable) before it parks, as ONNX Runtime's pool threads do.
// Which goroutine computes which tile does not change any result.

// helperSpin is how long an idle helper waits for the next section
// before it parks.
const helperSpin = 200 * time.Microsecond

type sectionPool struct {
	busy sync.Mutex // one section at a time; a nested one runs as before

	// cur is the latest section; helpers watch it change.
	cur atomic.Pointer[section]

	mu      sync.Mutex // guards helpers and parked helpers' waits
	wakeup  *sync.Cond
	helpers int
}

// section is one parallel section: its number, how many helpers join
// it, its body, and how many of those are not done.
type section struct {
	gen     uint64
	want    int
	job     func()
	pending atomic.Int32
}

var sections = newSectionPool()

func newSectionPool() *sectionPool {
	p := &sectionPool{}
	p.wakeup = sync.NewCond(&p.mu)
	p.cur.Store(&section{})
	return p
}

// run calls f on the caller and on workers-1 helpers, and returns once
// every call has returned; it is false, having run nothing, when another
// section is running (a section started from inside one), so that the
// caller can start goroutines of its own instead.
func (p *sectionPool) run(workers int, f func()) bool {
	if !p.busy.TryLock() {
		return false
	}
	defer p.busy.Unlock()
	s := &section{gen: p.cur.Load().gen + 1, want: workers - 1, job: f}
	s.pending.Store(int32(workers - 1))
	p.mu.Lock()
	for p.helpers < workers-1 {
		go p.helper(p.helpers, p.cur.Load().gen)
		p.helpers++
	}
	p.cur.Store(s)
	p.wakeup.Broadcast()
	p.mu.Unlock()
	f()
	for s.pending.Load() > 0 {
		runtime.Gosched()
	}
	return true
}

// helper runs section bodies as long as the process lives: id picks
// whether it joins a section (the first want helpers do), seen is the
// last section it has looked at.
func (p *sectionPool) helper(id int, seen uint64) {
	for {
		s := p.cur.Load()
		if s.gen == seen {
			deadline := time.Now().Add(helperSpin)
			for i := 0; s.gen == seen; i++ {
				runtime.Gosched()
				s = p.cur.Load()
				if i%64 == 63 && time.Now().After(deadline) {
					break
				}
			}
			if s.gen == seen {
				p.mu.Lock()
				for s = p.cur.Load(); s.gen == seen; s = p.cur.Load() {
					p.wakeup.Wait()
				}
				p.mu.Unlock()
			}
		}
		seen = s.gen
		if id < s.want {
			s.job()
			s.pending.Add(-1)
		}
	}
}
