package ir

// SymbolNameAttr is the attribute holding a symbol's name.
const SymbolNameAttr = "sym_name"

// SymbolName returns the op's symbol name, or "".
func SymbolName(op *Operation) string {
	if s, ok := op.InherentAttr(SymbolNameAttr).(*StringAttr); ok {
		return s.Value
	}
	return ""
}

// SymbolTable indexes the symbols directly inside a symbol-table op.
type SymbolTable struct {
	Op      *Operation
	symbols map[string]*Operation
}

// NewSymbolTable builds the table of op's first region. Duplicate names
// keep the first definition; the verifier reports them.
func NewSymbolTable(op *Operation) *SymbolTable {
	st := &SymbolTable{Op: op, symbols: map[string]*Operation{}}
	if len(op.regions()) == 0 {
		return st
	}
	for _, b := range op.regions()[0].blocks {
		for o := b.first; o != nil; o = o.next {
			if name := SymbolName(o); name != "" {
				if _, dup := st.symbols[name]; !dup {
					st.symbols[name] = o
				}
			}
		}
	}
	return st
}

// Lookup finds a symbol by name, or nil.
func (st *SymbolTable) Lookup(name string) *Operation { return st.symbols[name] }

// Insert records op under its name (the caller ensures it is unique).
func (st *SymbolTable) Insert(op *Operation) { st.symbols[SymbolName(op)] = op }

// Erase forgets a symbol.
func (st *SymbolTable) Erase(name string) { delete(st.symbols, name) }

// NearestSymbolTable is the closest ancestor (or op itself) that holds a
// symbol table.
func NearestSymbolTable(op *Operation) *Operation {
	for o := op; o != nil; o = o.ParentOp() {
		if o.HasTrait(SymbolTableTrait) || (o.def.info == nil && o.def.name == "builtin.module") {
			return o
		}
	}
	return nil
}

// LookupSymbol resolves a (possibly nested) reference from the nearest
// symbol table around from.
func LookupSymbol(from *Operation, ref *SymbolRefAttr) *Operation {
	table := NearestSymbolTable(from)
	for table != nil {
		if found := lookupIn(table, ref); found != nil {
			return found
		}
		parent := table.ParentOp()
		if parent == nil {
			break
		}
		table = NearestSymbolTable(parent)
	}
	return nil
}

func lookupIn(table *Operation, ref *SymbolRefAttr) *Operation {
	cur := NewSymbolTable(table).Lookup(ref.Root)
	for _, n := range ref.Nested {
		if cur == nil {
			return nil
		}
		cur = NewSymbolTable(cur).Lookup(n)
	}
	return cur
}
