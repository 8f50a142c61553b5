package asm

// Streamed parsing: on a machine with more than one core, a large file's
// syntax parser runs on its own goroutine and publishes operations as it
// finishes them, while the resolver builds IR from those already
// published. The two phases overlap instead of running one after the
// other, and the syntax tree of what is resolved can go at once.
//
// Only what the resolver consumes in order streams: the file's top-level
// items, and the blocks and operations of builtin.module and func.func
// bodies (published with their header before the body is parsed). Every
// other operation is published complete.
//
// Any error, and anything the resolver would need from later in the file
// (an alias used before its definition), abandons the streamed parse and
// parses the file again the classic way, so diagnostics are exactly those
// of a parse that builds the whole tree first.

import (
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/alecthomas/participle/v2/lexer"
	"github.com/mlc-go/mlc/ir"
)

// streamMinBytes is the smallest source worth a second goroutine; tests
// lower it to stream every input.
var streamMinBytes = 256 << 10

// streamSync is what the syntax parser and the resolver share.
type streamSync struct {
	mu      sync.Mutex
	cond    sync.Cond
	waiting atomic.Bool // the resolver sleeps on cond
	done    atomic.Bool // the syntax parser has returned
	failed  atomic.Bool // ... with an error or panic
	abort   atomic.Bool // the resolver gave up: the syntax parser may stop

	// Back-pressure: the syntax parser is faster than the resolver, and
	// left alone it builds most of the tree before the resolver has
	// consumed it, so tree and IR peak together. ahead counts published
	// items not yet consumed; past streamMaxAhead the parser sleeps on
	// wcond until the resolver has caught up by half.
	ahead         atomic.Int64
	writerWaiting atomic.Bool
	// unthrottled: the resolver found nothing to read while the parser
	// slept, so what it reads next is not what was published next; stop
	// throttling rather than deadlock.
	unthrottled atomic.Bool
	wcond       sync.Cond
	// aheadHigh is the most items ever ahead, for tests.
	aheadHigh atomic.Int64

	// Op nodes the resolver is done with, in batches, for the syntax
	// parser to fill again (recycle, reuse): a file's ops then cost a few
	// thousand nodes instead of one each, a third of the parse's garbage.
	spareMu      sync.Mutex
	spare        [][]*streamedOp
	spareBatches atomic.Int64
}

// recycleBatch is how many spent op nodes the resolver hands back at
// once; at most maxSpareBatches wait (a parser running far ahead makes
// new nodes, and the spare ones beyond are left to the collector).
const (
	recycleBatch    = 256
	maxSpareBatches = 16
)

// recycle hands the syntax parser a batch of op nodes the resolver has
// built IR from and holds no reference to.
func (s *streamSync) recycle(batch []*streamedOp) {
	s.spareMu.Lock()
	if len(s.spare) < maxSpareBatches {
		s.spare = append(s.spare, batch)
		s.spareBatches.Add(1)
	}
	s.spareMu.Unlock()
}

// reuse takes a recycled op node, from the parser's own batch local or
// else a new batch; nil when there is none.
func (s *streamSync) reuse(local *[]*streamedOp) *streamedOp {
	if len(*local) == 0 {
		if s.spareBatches.Load() == 0 {
			return nil
		}
		s.spareMu.Lock()
		if n := len(s.spare); n > 0 {
			*local, s.spare[n-1] = s.spare[n-1], nil
			s.spare = s.spare[:n-1]
			s.spareBatches.Add(-1)
		}
		s.spareMu.Unlock()
		if len(*local) == 0 {
			return nil
		}
	}
	l := *local
	op := l[len(l)-1]
	l[len(l)-1] = nil
	*local = l[:len(l)-1]
	return op
}

// spent records that the resolver is done with the streamed op node o;
// full batches go back to the syntax parser. A module or function node
// (published early, before its body) is left alone. The node is cleared
// but for its custom form (emptied), which the next op parsed into it
// may reuse (syntaxParser.newOp): a spare node holds on to nothing else.
func (r *resolver) spent(o *astOp) {
	if o.early {
		return
	}
	s := streamedOpOf(o)
	cf, _ := o.Form.(*astCustomForm)
	*s = streamedOp{}
	if cf != nil {
		*cf = astCustomForm{}
		s.op.Form = cf
	}
	if r.spentOps == nil {
		r.spentOps = make([]*streamedOp, 0, recycleBatch)
	}
	r.spentOps = append(r.spentOps, s)
	if len(r.spentOps) == recycleBatch {
		r.stream.recycle(r.spentOps)
		r.spentOps = nil
	}
}

// streamMaxAhead bounds the published, unconsumed syntax items (tests
// lower it).
var streamMaxAhead int64 = 4096

func newStreamSync() *streamSync {
	s := &streamSync{}
	s.cond.L = &s.mu
	s.wcond.L = &s.mu
	return s
}

// published counts an item the syntax parser published, and makes the
// parser wait while it is too far ahead of the resolver.
func (s *streamSync) published() {
	n := s.ahead.Add(1)
	if n > s.aheadHigh.Load() {
		s.aheadHigh.Store(n) // only the syntax parser writes it
	}
	if n <= streamMaxAhead || s.unthrottled.Load() {
		return
	}
	s.mu.Lock()
	for {
		s.writerWaiting.Store(true)
		if s.ahead.Load() <= streamMaxAhead/2 || s.unthrottled.Load() || s.abort.Load() {
			break
		}
		s.wcond.Wait()
	}
	s.writerWaiting.Store(false)
	s.mu.Unlock()
}

// consumed counts an item the resolver took, waking a waiting parser once
// it has caught up by half.
func (s *streamSync) consumed() {
	if s.ahead.Add(-1) <= streamMaxAhead/2 && s.writerWaiting.Load() {
		s.mu.Lock()
		s.wcond.Broadcast()
		s.mu.Unlock()
	}
}

// release lets a waiting syntax parser go for good: the resolver gave up
// or is about to wait for something the parser has not published.
func (s *streamSync) release(abort bool) {
	if abort {
		s.abort.Store(true)
	} else {
		s.unthrottled.Store(true)
	}
	s.mu.Lock()
	s.wcond.Broadcast()
	s.mu.Unlock()
}

// notify wakes the resolver if it waits. Publishing stores with atomics
// before calling notify, and wait re-checks after announcing itself, so no
// wake-up is lost.
func (s *streamSync) notify() {
	if s.waiting.Load() {
		s.mu.Lock()
		s.cond.Broadcast()
		s.mu.Unlock()
	}
}

// wait blocks until ready() or the syntax parser is done.
func (s *streamSync) wait(ready func() bool) {
	if ready() || s.done.Load() {
		return
	}
	s.mu.Lock()
	for {
		s.waiting.Store(true)
		if ready() || s.done.Load() {
			break
		}
		if s.writerWaiting.Load() && s.ahead.Load() > streamMaxAhead/2 {
			// The parser sleeps on back-pressure (not merely woken and
			// not yet running), yet what the resolver needs is not
			// published: stop throttling.
			s.unthrottled.Store(true)
			s.wcond.Broadcast()
		}
		s.cond.Wait()
	}
	s.waiting.Store(false)
	s.mu.Unlock()
}

// streamFallback abandons a streamed parse (caught by parseStreamed).
type streamFallback struct{}

// streamList is an append-only list written by the syntax parser and read
// concurrently by the resolver: elements live in fixed-size chunks that
// never move, and n counts the published ones.
type streamList[T any] struct {
	head   atomic.Pointer[streamChunk[T]]
	tail   *streamChunk[T] // the writer's
	used   int             // elements in tail (the writer's)
	n      atomic.Int64
	closed atomic.Bool
}

type streamChunk[T any] struct {
	items []T // never resliced after creation
	next  atomic.Pointer[streamChunk[T]]
}

// push publishes x.
func (l *streamList[T]) push(x T, s *streamSync) {
	c := l.tail
	if c == nil || l.used == len(c.items) {
		size := 8
		if c != nil {
			size = min(2*len(c.items), 1024)
		}
		nc := &streamChunk[T]{items: make([]T, size)}
		if c == nil {
			l.head.Store(nc)
		} else {
			c.next.Store(nc)
		}
		l.tail, l.used, c = nc, 0, nc
	}
	c.items[l.used] = x
	l.used++
	l.n.Add(1)
	s.notify()
	s.published()
}

// close marks the end of the list.
func (l *streamList[T]) close(s *streamSync) {
	l.closed.Store(true)
	s.notify()
}

// streamReader reads a streamList in order.
type streamReader[T any] struct {
	l    *streamList[T]
	c    *streamChunk[T]
	i    int // index in c
	read int64
}

// next returns the next element, waiting for the syntax parser to publish
// it; false at the end of the list. When the syntax parser stops without
// closing the list (an error), it abandons the streamed parse.
func (r *streamReader[T]) next(s *streamSync) (T, bool) {
	var zero T
	if r.read >= r.l.n.Load() {
		s.wait(func() bool { return r.read < r.l.n.Load() || r.l.closed.Load() })
		if r.read >= r.l.n.Load() {
			if !r.l.closed.Load() || s.failed.Load() {
				panic(streamFallback{})
			}
			if r.read >= r.l.n.Load() {
				return zero, false
			}
		}
	}
	if r.c == nil {
		r.c = r.l.head.Load()
	} else if r.i == len(r.c.items) {
		r.c, r.i = r.c.next.Load(), 0
	}
	x := r.c.items[r.i]
	r.c.items[r.i] = zero // let the tree go as the IR grows
	r.i++
	r.read++
	s.consumed()
	return x, true
}

// parseStreamed parses src with the syntax parser on a second goroutine.
// ok is false when the streamed parse was abandoned (for any error too):
// the caller then parses the classic way.
func parseStreamed(ctx *ir.Context, filename string, src []byte, firstLine int) (top *ir.Operation, ok bool) {
	return parseStreamedReleasing(ctx, filename, src, firstLine, nil)
}

// parseStreamedReleasing is parseStreamed with ParseReleasing's release.
func parseStreamedReleasing(ctx *ir.Context, filename string, src []byte, firstLine int, release func([]byte)) (top *ir.Operation, ok bool) {
	s := newStreamSync()
	f := &astFile{items: &streamList[astTopItem]{}}
	p := newSyntaxParser(newLexScanner(filename, sourceText(src)))
	p.stream = s
	// The resolver re-parses custom forms with parsers of its own: the
	// syntax parser's caches and slabs are not shared across goroutines.
	spans := &syntaxShared{filename: p.shared.filename, text: p.shared.text, typeCache: map[string]astType{}, a: new(syntaxAlloc)}
	p.spanShared = spans
	finished := make(chan struct{})
	go func() {
		defer close(finished)
		defer func() {
			if r := recover(); r != nil {
				s.failed.Store(true)
			}
			s.done.Store(true)
			s.notify()
		}()
		p.parseFileStreamed(f)
	}()
	// The syntax parser has returned when Parse does (it stops soon once
	// told to abort): nothing of a parse runs on after it.
	defer func() { <-finished }()
	r := newResolver(ctx, filename, firstLine)
	r.release = sourceRelease{src: src, fn: release}
	r.textBudget = textBudgetFor(len(src))
	r.stream = s
	defer func() {
		if !ok {
			s.release(true)
		}
	}()
	defer func() {
		if p := recover(); p != nil {
			switch p.(type) {
			case streamFallback, resolveError:
				top, ok = nil, false
			default:
				panic(p)
			}
		}
	}()
	top = r.resolveFileStreamed(f)
	if streamDone != nil {
		streamDone(s)
	}
	return top, true
}

// streamDone, when set (by tests), sees each successful streamed parse.
var streamDone func(*streamSync)

// errStreamAborted stops the syntax parser once the resolver gave up.
var errStreamAborted = fmt.Errorf("streamed parse abandoned")

// checkAbort stops a syntax parser whose resolver has given up.
func (p *syntaxParser) checkAbort() {
	if p.stream != nil && p.stream.abort.Load() {
		panic(syntaxBailout{errStreamAborted})
	}
}

// shouldStream reports whether Parse streams src.
func shouldStream(ctx *ir.Context, src []byte) bool {
	return len(src) >= streamMinBytes && runtime.GOMAXPROCS(0) > 1 && !ctx.SingleThreaded
}

// parseFileStreamed is parseFile publishing into f as it goes. A syntax
// error leaves f's lists open (the resolver then abandons the parse).
func (p *syntaxParser) parseFileStreamed(f *astFile) {
	var err error
	defer func() {
		if err != nil {
			p.stream.failed.Store(true)
		}
	}()
	defer p.recoverError(&err)
	p.begin()
	f.Pos = p.tok.Pos
	p.emit = func(op *astOp) { f.items.push(op, p.stream) }
	for {
		switch p.tok.Type {
		case lexer.EOF:
			f.EndPos = p.tok.Pos
			f.items.close(p.stream)
			return
		case tokMetaBegin:
			f.Metadata = append(f.Metadata, p.parseFileMetadata())
		case tokHashID:
			f.items.push(p.parseAttrAliasDef(), p.stream)
		case tokBangID:
			f.items.push(p.parseTypeAliasDef(), p.stream)
		default:
			p.checkAbort()
			if op := p.parseOp(); !op.early {
				f.items.push(op, p.stream)
			}
		}
	}
}

// resolveFileStreamed is resolveFile over a streamed file.
func (r *resolver) resolveFileStreamed(f *astFile) *ir.Operation {
	var ops []*ir.Operation
	var first *astOp
	r.pushScope(true)
	items := streamReader[astTopItem]{l: f.items}
	for {
		item, ok := items.next(r.stream)
		if !ok {
			break
		}
		if op, isOp := item.(*astOp); isOp {
			if first == nil {
				first = op
			}
			ops = append(ops, r.op(op))
			continue
		}
		r.defineAlias(item)
		r.checkAlias(item)
	}
	r.popScope()
	// The list is closed: the metadata, written before, is complete.
	for _, m := range f.Metadata {
		r.metadata(m)
	}
	for _, c := range r.resourceChecks {
		r.checkResource(c)
	}
	if len(ops) == 1 && isModuleName(first.Name) {
		return ops[0]
	}
	module, block := r.implicitModule()
	for _, op := range ops {
		block.Append(op)
	}
	return module
}
