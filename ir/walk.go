package ir

// WalkResult steers a walk.
type WalkResult uint8

const (
	Advance   WalkResult = iota // keep going
	Skip                        // pre-order only: do not visit this op's regions
	Interrupt                   // stop the whole walk
)

// Walk visits op and every nested op in post-order (children first), as
// MLIR's default walk. The next op is fetched before the callback runs, so
// the callback may erase the op it is given.
func Walk(op *Operation, fn func(*Operation)) {
	WalkPostOrder(op, func(o *Operation) WalkResult { fn(o); return Advance })
}

// WalkPostOrder is Walk with early exit; it returns Interrupt if cut.
func WalkPostOrder(op *Operation, fn func(*Operation) WalkResult) WalkResult {
	for _, r := range op.regions() {
		for _, b := range append([]*Block(nil), r.blocks...) {
			for o := b.first; o != nil; {
				next := o.next
				if WalkPostOrder(o, fn) == Interrupt {
					return Interrupt
				}
				o = next
			}
		}
	}
	return fn(op)
}

// WalkPreOrder visits op before its nested ops. Returning Skip prunes the
// op's regions; the callback may erase the op only if it returns Skip.
func WalkPreOrder(op *Operation, fn func(*Operation) WalkResult) WalkResult {
	switch fn(op) {
	case Interrupt:
		return Interrupt
	case Skip:
		return Advance
	}
	for _, r := range op.regions() {
		for _, b := range append([]*Block(nil), r.blocks...) {
			for o := b.first; o != nil; {
				next := o.next
				if WalkPreOrder(o, fn) == Interrupt {
					return Interrupt
				}
				o = next
			}
		}
	}
	return Advance
}

// WalkRegionOps visits every op nested in r in post-order.
func WalkRegionOps(r *Region, fn func(*Operation)) {
	for _, b := range append([]*Block(nil), r.blocks...) {
		for o := b.first; o != nil; {
			next := o.next
			Walk(o, fn)
			o = next
		}
	}
}
