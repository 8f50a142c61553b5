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
	job   func(worker int)
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

// run calls f on the caller (as worker 0) and on up to workers-1 helpers
// (as workers 1 to workers-1), and returns once every call has returned;
// it is false, having run nothing, when another section is running (a
// section started from inside one), so that the caller can start
// goroutines of its own instead.
//
// f takes its shares of the work from a common counter, so whoever runs
// it first takes the most: when the caller's f returns, every share is
// taken, and a helper that has not started by then is not waited for (it
// skips the section). Otherwise a helper that was not yet scheduled (its
// wakeup queued behind the caller on the caller's processor) would hold
// the caller up, and with it the next op.
func (p *sectionPool) run(workers int, f func(worker int)) bool {
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
	f(0)
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
			s.job(id + 1)
			s.state.Add(-1)
		}
	}
}

// tileQueue hands out tiles [0, n) to a section's workers. Worker w
// first takes the tiles of its own share, a contiguous run, from the
// front; then it takes what is left of the other shares from their back
// ends. Ops that cut their work alike (by channels, say) so give the
// same part of a tensor to the same thread from one op to the next: the
// next op reads what its thread wrote, from its own cache. With tiles
// handed out by one shared counter, which thread got which tile changed
// from op to op, and on the benchmark VM moving lines written on the
// other core cost a small-plane depthwise layer at two threads twice its
// one-thread time. Which worker computes a tile never changes a result.
type tileQueue struct {
	shares [maxShares]tileShare
	n      int   // shares in use
	chunk  int64 // tiles per take
}

// tileQueues recycles the queues of GEMM products (half a kilobyte each).
var tileQueues = sync.Pool{New: func() any { return new(tileQueue) }}

// maxQueueTiles bounds the tiles a queue hands out (a share's ends are
// 32-bit); sections of more tiles run on the caller alone.
const maxQueueTiles = 1 << 31

// maxShares bounds the shares of a queue (workers beyond it take turns
// on the shares), so that a queue is one fixed-size object.
const maxShares = 8

// tileShare is the run [front, back) of tiles not yet taken, front in the
// low 32 bits of span and back in the high ones, on its own cache line:
// its owner's takes do not move the other shares' lines.
type tileShare struct {
	span atomic.Uint64
	_    [56]byte
}

// init cuts tiles into one share per worker (at most maxShares), taken
// chunk tiles at a time.
func (q *tileQueue) init(tiles, workers int, chunk int64) {
	q.n = max(1, min(workers, maxShares, tiles))
	q.chunk = max(chunk, 1)
	for i := range q.n {
		lo, hi := uint64(i*tiles/q.n), uint64((i+1)*tiles/q.n)
		q.shares[i].span.Store(hi<<32 | lo)
	}
}

// take returns the next run of tiles [lo, hi) for worker w, false once
// every tile is taken.
func (q *tileQueue) take(w int) (lo, hi int, ok bool) {
	own := w % q.n
	for i := range q.n {
		sh := &q.shares[(own+i)%q.n].span
		for {
			v := sh.Load()
			front, back := int64(v&0xffffffff), int64(v>>32)
			if front >= back {
				break
			}
			if i == 0 {
				// The owner, from the front.
				e := min(front+q.chunk, back)
				if sh.CompareAndSwap(v, uint64(back)<<32|uint64(e)) {
					return int(front), int(e), true
				}
				continue
			}
			// Another share, from the back: the owner's next tiles stay
			// where it is reading.
			b := max(back-q.chunk, front)
			if sh.CompareAndSwap(v, uint64(b)<<32|uint64(front)) {
				return int(b), int(back), true
			}
		}
	}
	return 0, 0, false
}

// cacheLine is the size of the lines two cores move between them.
const cacheLine = 64

// bandRows returns how many rows each band holds when planes of h rows
// of w elements (elem bytes each) are cut into parts bands, rounded up so
// that every band starts on a cache line, or 0 when they cannot be (a
// plane that is not whole lines, or fewer than two bands left): the
// convolutions split by output rows (byOutputRows). Two threads writing
// either side of a line that splits a band, in every plane, pass that
// line back and forth: a SiLU over 240 planes of 28×28 cut into two bands
// of 14 rows (392 values, 24.5 lines) took 65 µs on two threads against
// 40 on one, and 46 cut into bands of 16 and 12. Elementwise ops are not
// cut into bands at all but into flat chunks, one contiguous run a
// thread: that SiLU took 23 µs so, and a hardswish over 96 planes of
// 28×28 took 27 µs on two threads in bands, 4.6 in flat chunks and 4.1
// on one thread (lines near every band's ends still moved between the
// cores, their prefetchers reaching into the other thread's band).
func bandRows(h, w, parts, elem int) int {
	if parts < 2 || h < 2 || (h*w*elem)%cacheLine != 0 {
		return 0
	}
	step := cacheLine / gcd(w*elem, cacheLine) // fewest rows that span whole lines
	rows := (h + parts - 1) / parts
	rows = (rows + step - 1) / step * step
	if rows >= h {
		return 0
	}
	return rows
}

func gcd(a, b int) int {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}
