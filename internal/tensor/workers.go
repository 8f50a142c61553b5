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
// helper that has finished spins on its processor for a while before it
// parks, as ONNX Runtime's pool threads do, and the caller never waits
// for a helper that has not started (see run). Which goroutine computes
// which tile does not change any result.

// helperSpin is how long an idle helper waits for the next section
// before it parks.
const helperSpin = time.Millisecond

type sectionPool struct {
	busy sync.Mutex // one section at a time; a nested one runs as before

	// cur is the latest section; helpers watch it change.
	cur atomic.Pointer[section]

	mu      sync.Mutex // guards helpers and parked helpers' waits
	wakeup  *sync.Cond
	helpers int
}

// section is one parallel section: its number, how many helpers may join
// it, its body, and state: the number of helpers inside the body, plus
// sectionClosed once the caller has finished its own share.
type section struct {
	gen   uint64
	want  int
	job   func()
	state atomic.Int64
}

// sectionClosed marks a section no helper may join any more: every share
// of its work has been taken, and the caller's stack it reads may go.
const sectionClosed = 1 << 32

var sections = newSectionPool()

func newSectionPool() *sectionPool {
	p := &sectionPool{}
	p.wakeup = sync.NewCond(&p.mu)
	p.cur.Store(&section{})
	return p
}

// run calls f on the caller and on up to workers-1 helpers, and returns
// once every call has returned; it is false, having run nothing, when
// another section is running (a section started from inside one), so
// that the caller can start goroutines of its own instead.
//
// f takes its shares of the work from a common counter, so whoever runs
// it first takes the most: when the caller's f returns, every share is
// taken, and a helper that has not started by then is not waited for (it
// skips the section). Otherwise a helper that was not yet scheduled (its
// wakeup queued behind the caller on the caller's processor) would hold
// the caller up, and with it the next op.
func (p *sectionPool) run(workers int, f func()) bool {
	if !p.busy.TryLock() {
		return false
	}
	defer p.busy.Unlock()
	s := &section{gen: p.cur.Load().gen + 1, want: workers - 1, job: f}
	p.mu.Lock()
	for p.helpers < workers-1 {
		go p.helper(p.helpers, p.cur.Load().gen)
		p.helpers++
	}
	p.cur.Store(s)
	p.wakeup.Broadcast()
	p.mu.Unlock()
	f()
	// Close the section, then wait for the helpers inside f: they are
	// running on other processors and finishing their last share.
	s.state.Or(sectionClosed)
	for i := 0; s.state.Load()&(sectionClosed-1) != 0; i++ {
		if i%256 == 255 {
			runtime.Gosched()
		} else {
			spinPause()
		}
	}
	return true
}

// join enters s's body unless s is closed, and reports whether it did.
func (s *section) join() bool {
	for {
		v := s.state.Load()
		if v&sectionClosed != 0 {
			return false
		}
		if s.state.CompareAndSwap(v, v+1) {
			return true
		}
	}
}

// helper runs section bodies as long as the process lives: id picks
// whether it joins a section (the first want helpers do), seen is the
// last section it has looked at. Between sections it spins on its own
// processor for helperSpin (yielding it instead when there are not more
// processors than helpers, so as not to take the caller's), then parks.
func (p *sectionPool) helper(id int, seen uint64) {
	for {
		s := p.cur.Load()
		if s.gen == seen {
			polite := runtime.GOMAXPROCS(0) <= id+1
			deadline := time.Now().Add(helperSpin)
			for i := 0; s.gen == seen; i++ {
				if polite {
					runtime.Gosched()
				} else {
					spinPause()
				}
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
		if id < s.want && s.join() {
			s.job()
			s.state.Add(-1)
		}
	}
}
