package ir

// Builder creates ops at an insertion point.
type Builder struct {
	Ctx   *Context
	block *Block
	pos   *Operation // insert before this op; nil means at the end
	Loc   Location   // default location for created ops
}

func NewBuilder(ctx *Context) *Builder { return &Builder{Ctx: ctx, Loc: UnknownLoc{}} }

// SetInsertionPointToEnd places new ops at the end of b.
func (bl *Builder) SetInsertionPointToEnd(b *Block) { bl.block, bl.pos = b, nil }

// SetInsertionPointToStart places new ops at the start of b.
func (bl *Builder) SetInsertionPointToStart(b *Block) { bl.block, bl.pos = b, b.first }

// SetInsertionPoint places new ops right before op.
func (bl *Builder) SetInsertionPoint(op *Operation) { bl.block, bl.pos = op.block, op }

// SetInsertionPointAfter places new ops right after op.
func (bl *Builder) SetInsertionPointAfter(op *Operation) { bl.block, bl.pos = op.block, op.next }

// InsertionBlock is the current block, or nil.
func (bl *Builder) InsertionBlock() *Block { return bl.block }

// Insert puts a detached op at the insertion point.
func (bl *Builder) Insert(op *Operation) *Operation {
	if bl.block != nil {
		bl.block.insertBefore(op, bl.pos)
	}
	return op
}

// Create builds an op from st and inserts it.
func (bl *Builder) Create(st OperationState) *Operation {
	if st.Loc == nil {
		st.Loc = bl.Loc
	}
	return bl.Insert(bl.Ctx.NewOperation(st))
}

// CreateBlock adds a block to the end of r and moves the insertion point
// to its end.
func (bl *Builder) CreateBlock(r *Region, argTypes []Type, locs []Location) *Block {
	b := NewBlock(argTypes, locs)
	r.AppendBlock(b)
	bl.SetInsertionPointToEnd(b)
	return b
}
