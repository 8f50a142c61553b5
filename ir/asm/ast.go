package asm

// This file defines the syntax tree of MLIR's textual IR (MLIR 19 syntax) as
// produced by the syntax layer of ir/asm. The resolver builds ir objects from
// it; nothing here knows about ir.
//
// Entry point:
//
//	func parseSyntax(filename string, src []byte) (*astFile, error)
//
// parses a whole file. Every error it returns is a participle.Error (its
// Position() is the 1-based line and 1-based byte column, like MLIR's
// diagnostics; Error() formats as "file:line:col: message").
//
// Layers:
//
//   - lexer.go: mlirLexer, a hand-written lexer.Definition (participle's lexer
//     interface). Tokens are lexer.Tokens whose Values slice the source.
//   - grammar*.go: a hand-written recursive-descent parser over a token
//     source (the streaming lexScanner for whole files; a []lexer.Token or a
//     participle *lexer.PeekingLexer when re-parsing). The cold production
//     `{-# ... #-}` is a participle struct grammar (astFileMetadata).
//     Why not participle throughout: on bench/gen-generic's 200k-op file a
//     struct-tag grammar took 16-34 s and allocated 8.7 GB, and even with
//     hand-written Parseable nodes participle's lexer.Upgrade alone (which
//     materialises all 8.7M tokens, 64 bytes each, by repeated append)
//     took 2-4 s. Streaming from the scanner parses the file in about 0.5 s
//     warm / 1.1-1.8 s cold (mlir-opt-19's parser: 2.1-2.8 s); see
//     BenchmarkParseGeneric.
//   - syntax_api.go: re-parsing the raw tokens of a custom-form op
//     (astCustomForm.Tokens): syntaxCursor, an OpAsmParser-like cursor, and
//     participle Parseable adapters (syntaxTypeNode, syntaxAttrNode,
//     syntaxDictNode, syntaxValueUseNode, syntaxRegionNode, syntaxLocNode)
//     with which a participle struct grammar can embed MLIR productions.
//
// Conventions: every node has Pos (its first token). Names are stored without
// their sigil ('%', '^', '#', '!', '@') and with quotes and escapes resolved.
// Integer and float literals are kept as source text (the resolver converts
// and range-checks them); counts, indices, dimensions and line/column numbers
// are converted here. A nil astType/astAttr/astLoc field means "absent".
// The tree is read-only: type nodes spelled identically are shared (see
// cachedType), and strings are substrings of the source, so keep copies
// (strings.Clone) of anything that must outlive a large source.

import (
	"unsafe"

	"github.com/alecthomas/participle/v2/lexer"
)

// parseSyntax parses a whole file of MLIR textual IR into its syntax tree.
// Custom-form operations other than builtin.module, func.func, func.return
// and func.call are kept as raw tokens (astCustomForm) for the dialect's
// format to re-parse. The returned error, if any, is a participle.Error.
func parseSyntax(filename string, src []byte) (*astFile, error) {
	return parseSyntaxString(filename, sourceText(src))
}

// sourceText views src as a string without copying it: names and literals
// the IR keeps are substrings of it, so a copy would stay alive beside src
// for as long as the IR (the size of the file). Parse's callers therefore
// must not modify src afterwards.
func sourceText(src []byte) string {
	if len(src) == 0 {
		return ""
	}
	return unsafe.String(&src[0], len(src))
}

// parseSyntaxString is parseSyntax without copying the source: every name
// and literal in the tree is a substring of src. (On a 30 MB file the copy
// that parseSyntax makes costs up to 0.3 s of page faults when cold.)
func parseSyntaxString(filename, src string) (f *astFile, err error) {
	p := newSyntaxParser(newLexScanner(filename, src))
	defer p.recoverError(&err)
	return p.parseFile(), nil
}

// astNode is implemented by every node.
type astNode interface {
	astPos() lexer.Position
}

// ---------------------------------------------------------------------------
// File

// astFile is a parsed file: top-level items in source order, then the file
// metadata blocks (`{-# ... #-}`, usually one, at the end).
type astFile struct {
	Pos      lexer.Position
	Items    []astTopItem // *astOp, *astTypeAlias or *astAttrAlias
	Metadata []*astFileMetadata
	EndPos   lexer.Position // position of EOF

	items *streamList[astTopItem] // instead of Items in a streamed parse
}

// astTopItem is a top-level item: *astOp, *astTypeAlias or *astAttrAlias.
type astTopItem interface {
	astNode
	astTopItemMarker()
}

// astTypeAlias is `!name = type`.
type astTypeAlias struct {
	Pos  lexer.Position
	Name string // without '!'
	Type astType
}

// astAttrAlias is `#name = attr`, including location aliases
// `#loc3 = loc(...)` (Value is then an *astLocationAttr).
type astAttrAlias struct {
	Pos   lexer.Position
	Name  string // without '#'
	Value astAttr
}

// astFileMetadata is `{-# section: { group: { key: value, ... }, ... }, ... #-}`,
// e.g. dialect_resources: { builtin: { blob: "0x04000000..." } }.
// This production is parsed by participle from its struct tags.
type astFileMetadata struct {
	Pos      lexer.Position
	Sections []*astMetaSection `parser:"'{-#' ( @@ ( ',' @@ )* )? '#-}'"`
}

// astMetaSection is `dialect_resources: { ... }` or `external_resources: { ... }`.
type astMetaSection struct {
	Pos    lexer.Position
	Name   string          `parser:"@Ident ':' '{'"`
	Groups []*astMetaGroup `parser:"( @@ ( ',' @@ )* )? '}'"`
}

// astMetaGroup is one dialect's (or external key's) entries: `builtin: { ... }`.
type astMetaGroup struct {
	Pos     lexer.Position
	Name    string          `parser:"@Ident ':' '{'"`
	Entries []*astMetaEntry `parser:"( @@ ( ',' @@ )* )? '}'"`
}

// astMetaEntry is `key: "string"` (hex blobs are strings "0x...") or
// `key: true|false`.
type astMetaEntry struct {
	Pos   lexer.Position
	Key   string        `parser:"@Ident ':'"`
	Value *astMetaValue `parser:"@@"`
}

// astMetaValue is an entry's value: exactly one of Str and Bool is set.
type astMetaValue struct {
	Pos  lexer.Position
	Str  *astMetaString `parser:"( @String"`
	Bool *string        `parser:"| @( 'true' | 'false' ) )"`
}

// ---------------------------------------------------------------------------
// Operations, regions, blocks

// astOp is one operation, in generic or custom form.
type astOp struct {
	Pos     lexer.Position // first token: the first result, or the name
	Results []astResult    // `%a, %b:2 =`; nil when the op has no results
	Name    string         // "dialect.op" unquoted, or a custom name as written ("func.func", "return", "module")
	NamePos lexer.Position
	Form    astOpForm // *astGenericForm | *astModuleForm | *astFuncForm | *astReturnForm | *astCallForm | *astCustomForm
	Loc     astLoc    // trailing loc(...), nil if absent

	// early: published (streamed parse) before its body region, whose
	// blocks stream; Loc is known once that region's list is closed.
	early bool
}

// astResult is a result group `%name` (Count 1) or `%name:N`.
type astResult struct {
	Pos   lexer.Position
	Name  string
	Count int
}

// astValueUse is `%name` (Index 0) or `%name#N`.
type astValueUse struct {
	Pos   lexer.Position
	Name  string
	Index int
}

// astOpForm is the form-specific part of an operation.
type astOpForm interface {
	astOpFormMarker()
}

// astGenericForm is
// `"dialect.op"(%a, %b)[^bb1, ^bb2] <{props}> ({region}, ...) {attrs} : (T, T) -> (T)`.
type astGenericForm struct {
	Operands   []astValueUse
	Successors []astSuccessor
	Props      astAttr // `<{...}>` (any attribute, normally *astDictAttr); nil if absent
	Regions    []*astRegion
	Attrs      *astDictAttr // nil if absent
	Type       *astFunctionType
}

// astSuccessor is a successor block reference `^bb1`. (MLIR 19's generic
// form takes no successor operands here; they are ordinary operands.)
type astSuccessor struct {
	Pos   lexer.Position
	Block string
}

// astModuleForm is `module @name? (attributes {...})? {region}` (also
// `builtin.module`).
type astModuleForm struct {
	SymName string // "" when absent
	SymPos  lexer.Position
	Attrs   *astDictAttr // `attributes {...}`; nil if absent
	Body    *astRegion
}

// astFuncForm is `func.func visibility? @name(args) (-> results)?
// (attributes {...})? {body}?`.
type astFuncForm struct {
	Visibility string // "", "private", "public" or "nested"
	SymName    string
	SymPos     lexer.Position
	Args       []astFuncArg
	Results    []astFuncResult
	Attrs      *astDictAttr   // `attributes {...}`; nil if absent
	AttrsKwPos lexer.Position // the `attributes` keyword
	Body       *astRegion     // nil for a declaration
}

// astFuncArg is `%arg0: type {attrs} loc(...)`, or in a declaration without
// argument names just `type {attrs}` (Name == "").
type astFuncArg struct {
	Pos   lexer.Position
	Name  string
	Type  astType
	Attrs *astDictAttr // nil if absent
	Loc   astLoc       // nil if absent
}

// astFuncResult is one result type with its optional attributes.
type astFuncResult struct {
	Pos   lexer.Position
	Type  astType
	Attrs *astDictAttr
}

// astReturnForm is `return {attrs}? (%a, %b : T, U)?` (func.return, or an
// unprefixed `return` whose dialect the resolver decides).
type astReturnForm struct {
	Attrs    *astDictAttr
	Operands []astValueUse
	Types    []astType
}

// astCallForm is `func.call @callee(%a, %b) {attrs}? : (T, T) -> U`.
type astCallForm struct {
	Callee   *astSymbolRefAttr
	Operands []astValueUse
	Attrs    *astDictAttr
	Type     *astFunctionType
}

// astCustomForm is an operation in a custom form the syntax layer does not
// know. Tokens are the raw tokens after the op name up to the end of the
// operation, without the trailing loc(...) (which is in astOp.Loc). Nested
// regions are included unparsed. The end is the first token, at bracket
// depth 0, that starts a new statement (see customOpEnds) or closes the
// enclosing region. Re-parse the tokens with newTokenParser (or a participle
// grammar over syntaxTokenLexer) once the op's format is known.
//
// When the file was parsed from source text the form is kept as a span of
// that text (Src, Start, End) and re-lexed on demand: holding every token of
// every custom op cost about 1.3 KB per op. Tokens is used otherwise.
type astCustomForm struct {
	Tokens []lexer.Token
	EndPos lexer.Position // position of the first token after the op

	Src   *syntaxShared  // nil when Tokens holds the form
	Start lexer.Position // first token of the form
	End   int            // offset just past the form (before a trailing loc)
}

// astRegion is `{ blocks }`. An entry block written without a label has
// Label "". An empty region `{}` has no blocks.
type astRegion struct {
	Pos    lexer.Position
	Blocks []*astBlock
	EndPos lexer.Position // the closing '}'

	blocks *streamList[*astBlock] // instead of Blocks in a streamed parse
}

// astBlock is `^label(%arg: T loc(...), ...):` followed by operations.
type astBlock struct {
	Pos   lexer.Position
	Label string // without '^'; "" for an unlabeled entry block
	Args  []astBlockArg
	Ops   []*astOp

	ops *streamList[*astOp] // instead of Ops in a streamed parse
}

// astBlockArg is `%name: type loc(...)?`.
type astBlockArg struct {
	Pos  lexer.Position
	Name string
	Type astType
	Loc  astLoc
}

// ---------------------------------------------------------------------------
// Types

// astType is a type: *astBuiltinType, *astShapedType, *astComplexType,
// *astTupleType, *astFunctionType, *astDialectType or *astTypeAliasRef.
type astType interface {
	astNode
	astTypeMarker()
}

// astBuiltinType is a keyword type: iN, siN, uiN, index, none, f16, bf16,
// f32, f64, f80, f128, tf32, f8E5M2, f8E4M3, f8E4M3FN, f8E5M2FNUZ,
// f8E4M3FNUZ, f8E4M3B11FNUZ.
type astBuiltinType struct {
	Pos  lexer.Position
	Name string
}

// astDynamicDim is the value of a '?' dimension in astShapedType.Dims.
const astDynamicDim = -1

// astShapedType is tensor<...>, vector<...> or memref<...>.
type astShapedType struct {
	Pos      lexer.Position
	Kind     string  // "tensor", "vector" or "memref"
	Unranked bool    // tensor<*xT>, memref<*xT>
	Dims     []int64 // astDynamicDim for '?'
	Scalable []bool  // vector only: per dim, written [N]; nil when none is
	Elem     astType
	Params   []astAttr // after the element type: tensor encoding; memref layout, memory space
	// ParamEnds holds, per param, where the token after it starts (MLIR
	// reports a misplaced memref param there).
	ParamEnds []lexer.Position
}

// astComplexType is complex<T>.
type astComplexType struct {
	Pos  lexer.Position
	Elem astType
}

// astTupleType is tuple<T, ...>.
type astTupleType struct {
	Pos   lexer.Position
	Elems []astType
}

// astFunctionType is (T, ...) -> (T, ...) or (T) -> T.
type astFunctionType struct {
	Pos     lexer.Position
	Inputs  []astType
	Results []astType
}

// astDialectType is !dialect.name, !dialect.name<body> (pretty forms) or
// !dialect<body> (the verbose form). Body is the raw text including the
// angle brackets ("" when absent).
type astDialectType struct {
	Pos     lexer.Position
	Dialect string
	Name    string // after the first '.'; "" in the verbose form
	Verbose bool   // !dialect<body>
	Body    string
	BodyPos lexer.Position
}

// astTypeAliasRef is a use !name of a type alias.
type astTypeAliasRef struct {
	Pos  lexer.Position
	Name string
}

// ---------------------------------------------------------------------------
// Attributes

// astAttr is an attribute: *astIntAttr, *astFloatAttr, *astBoolAttr,
// *astStringAttr, *astUnitAttr, *astArrayAttr, *astDictAttr, *astTypeAttr,
// *astSymbolRefAttr, *astDenseAttr, *astDenseResourceAttr,
// *astDenseArrayAttr, *astRawAttr, *astDistinctAttr, *astDialectAttr,
// *astAttrAliasRef or *astLocationAttr.
type astAttr interface {
	astNode
	astAttrMarker()
}

// astIntAttr is an integer literal, decimal or 0x-hex, with optional type:
// `5 : i64`, `-3`, `0x1F`. MLIR's hex float form `0x7FC00000 : f32` is an
// astIntAttr whose Type is a float type; the resolver makes it a float.
type astIntAttr struct {
	Pos  lexer.Position
	Neg  bool
	Text string // digits as written, without sign
	Type astType
}

// astFloatAttr is a float literal with optional type: `1.5`, `-2.0e-3 : f32`.
type astFloatAttr struct {
	Pos  lexer.Position
	Neg  bool
	Text string // as written, without sign
	Type astType
}

type astBoolAttr struct {
	Pos   lexer.Position
	Value bool
}

// astStringAttr is "..." with optional type; Value is unescaped.
type astStringAttr struct {
	Pos   lexer.Position
	Value string
	Type  astType
}

// astUnitAttr is the keyword `unit`. (A bare dictionary key has a nil Value.)
type astUnitAttr struct {
	Pos lexer.Position
}

type astArrayAttr struct {
	Pos   lexer.Position
	Elems []astAttr
}

// astDictAttr is {name = attr, name, ...}. Keys are unique (checked here,
// as MLIR does).
type astDictAttr struct {
	Pos     lexer.Position
	Entries []astNamedAttr
}

// astNamedAttr is `name = value` or a bare `name` (unit; Value is nil).
type astNamedAttr struct {
	Pos   lexer.Position
	Name  string // bare-id, or the unescaped string of a quoted key
	Value astAttr
}

// astTypeAttr is a type used as an attribute.
type astTypeAttr struct {
	Pos  lexer.Position
	Type astType
}

// astSymbolRefAttr is @root or @root::@nested::@leaf.
type astSymbolRefAttr struct {
	Pos    lexer.Position
	Root   string
	Nested []string
}

// astDenseAttr is dense<literal> : type.
type astDenseAttr struct {
	Pos   lexer.Position
	Elems astDenseElements
	Type  astType
	// AfterLit and AfterType are where the tokens after the closing '>'
	// and after the type start, where MLIR reports a literal that does
	// not fit its type and a type that does not fit.
	AfterLit, AfterType lexer.Position
}

// astDenseElements is the literal inside dense<...>, sparse values and the
// like. Forms: empty `dense<>` (Shape nil, no Elems, !Splat); a single
// scalar (Splat, one elem); a nested list (Shape = the list's nesting
// shape, e.g. [2, 3]; Elems in row-major order). A splat string starting
// with "0x" (IsHex) is MLIR's hex form; the resolver decides by the element
// type whether it is raw data or a string.
type astDenseElements struct {
	Pos   lexer.Position
	Splat bool
	IsHex bool
	Shape []int64
	Elems []astDenseElem
}

type astDenseElemKind uint8

const (
	elemInt astDenseElemKind = iota + 1
	elemFloat
	elemBool   // Text "true" or "false"
	elemString // Text unescaped
	elemComplex
)

// astDenseElem is one scalar of a dense literal. A complex element `(re, im)`
// has Kind elemComplex and its parts in Re and Im.
type astDenseElem struct {
	Pos    lexer.Position
	Kind   astDenseElemKind
	Neg    bool
	Text   string
	Re, Im *astDenseElem
}

// astDenseResourceAttr is dense_resource<handle> : type.
type astDenseResourceAttr struct {
	Pos      lexer.Position
	Handle   string
	Type     astType
	AfterLit lexer.Position // the token after '>', where MLIR reports a bad type
}

// astDenseArrayAttr is array<T: e, e, ...> (array<T> when empty).
type astDenseArrayAttr struct {
	Pos      lexer.Position
	ElemType astType
	Elems    []astDenseElem
}

// astRawAttr is a builtin attribute kept as raw tokens: affine_map<...>,
// affine_set<...>, strided<...>, sparse<...> : type. Tokens are those
// between the angle brackets; Body is their text, with one space wherever
// the source separated two tokens.
type astRawAttr struct {
	Pos     lexer.Position
	Keyword string
	Body    string
	Tokens  []lexer.Token
	Type    astType        // sparse only
	End     lexer.Position // the closing '>'
}

// astDistinctAttr is distinct[N]<attr>.
type astDistinctAttr struct {
	Pos   lexer.Position
	ID    string // the integer as written
	Inner astAttr
}

// astDialectAttr is #dialect.name, #dialect.name<body>, #dialect<body>, each
// with an optional `: type`. Body is raw text including the angle brackets.
type astDialectAttr struct {
	Pos     lexer.Position
	Dialect string
	Name    string // after the first '.'; "" in the verbose form
	Verbose bool   // #dialect<body>
	Body    string
	BodyPos lexer.Position
	Type    astType
}

// astAttrAliasRef is a use #name of an attribute (or location) alias.
type astAttrAliasRef struct {
	Pos  lexer.Position
	Name string
}

// astLocationAttr is loc(...) used as an attribute (in a location alias).
type astLocationAttr struct {
	Pos lexer.Position
	Loc astLoc
}

// ---------------------------------------------------------------------------
// Locations (the instance inside loc(...))

// astLoc is *astUnknownLoc, *astFileLineColLoc, *astNameLoc,
// *astCallSiteLoc, *astFusedLoc or *astLocAliasRef.
type astLoc interface {
	astNode
	astLocMarker()
}

type astUnknownLoc struct {
	Pos lexer.Position
}

// astFileLineColLoc is "file":line:col, optionally with MLIR 20's range
// `to endLine:endCol` / `to :endCol` (EndLine/EndCol 0 when absent).
type astFileLineColLoc struct {
	Pos             lexer.Position
	File            string
	Line, Col       int
	EndLine, EndCol int
}

// astNameLoc is "name" or "name"(child).
type astNameLoc struct {
	Pos   lexer.Position
	Name  string
	Child astLoc // nil if absent
}

// astCallSiteLoc is callsite(callee at caller).
type astCallSiteLoc struct {
	Pos            lexer.Position
	Callee, Caller astLoc
}

// astFusedLoc is fused[l, ...] or fused<#attr>[l, ...].
type astFusedLoc struct {
	Pos      lexer.Position
	Metadata astAttr // nil if absent
	Locs     []astLoc
}

// astLocAliasRef is #name inside loc(...). Location aliases may be used
// before they are defined.
type astLocAliasRef struct {
	Pos  lexer.Position
	Name string
}

// ---------------------------------------------------------------------------
// Interface plumbing

func (n *astOp) astPos() lexer.Position        { return n.Pos }
func (n *astTypeAlias) astPos() lexer.Position { return n.Pos }
func (n *astAttrAlias) astPos() lexer.Position { return n.Pos }
func (*astOp) astTopItemMarker()               {}
func (*astTypeAlias) astTopItemMarker()        {}
func (*astAttrAlias) astTopItemMarker()        {}

func (*astGenericForm) astOpFormMarker() {}
func (*astModuleForm) astOpFormMarker()  {}
func (*astFuncForm) astOpFormMarker()    {}
func (*astReturnForm) astOpFormMarker()  {}
func (*astCallForm) astOpFormMarker()    {}
func (*astCustomForm) astOpFormMarker()  {}

func (n *astBuiltinType) astPos() lexer.Position  { return n.Pos }
func (n *astShapedType) astPos() lexer.Position   { return n.Pos }
func (n *astComplexType) astPos() lexer.Position  { return n.Pos }
func (n *astTupleType) astPos() lexer.Position    { return n.Pos }
func (n *astFunctionType) astPos() lexer.Position { return n.Pos }
func (n *astDialectType) astPos() lexer.Position  { return n.Pos }
func (n *astTypeAliasRef) astPos() lexer.Position { return n.Pos }
func (*astBuiltinType) astTypeMarker()            {}
func (*astShapedType) astTypeMarker()             {}
func (*astComplexType) astTypeMarker()            {}
func (*astTupleType) astTypeMarker()              {}
func (*astFunctionType) astTypeMarker()           {}
func (*astDialectType) astTypeMarker()            {}
func (*astTypeAliasRef) astTypeMarker()           {}

func (n *astIntAttr) astPos() lexer.Position           { return n.Pos }
func (n *astFloatAttr) astPos() lexer.Position         { return n.Pos }
func (n *astBoolAttr) astPos() lexer.Position          { return n.Pos }
func (n *astStringAttr) astPos() lexer.Position        { return n.Pos }
func (n *astUnitAttr) astPos() lexer.Position          { return n.Pos }
func (n *astArrayAttr) astPos() lexer.Position         { return n.Pos }
func (n *astDictAttr) astPos() lexer.Position          { return n.Pos }
func (n *astTypeAttr) astPos() lexer.Position          { return n.Pos }
func (n *astSymbolRefAttr) astPos() lexer.Position     { return n.Pos }
func (n *astDenseAttr) astPos() lexer.Position         { return n.Pos }
func (n *astDenseResourceAttr) astPos() lexer.Position { return n.Pos }
func (n *astDenseArrayAttr) astPos() lexer.Position    { return n.Pos }
func (n *astRawAttr) astPos() lexer.Position           { return n.Pos }
func (n *astDistinctAttr) astPos() lexer.Position      { return n.Pos }
func (n *astDialectAttr) astPos() lexer.Position       { return n.Pos }
func (n *astAttrAliasRef) astPos() lexer.Position      { return n.Pos }
func (n *astLocationAttr) astPos() lexer.Position      { return n.Pos }
func (*astIntAttr) astAttrMarker()                     {}
func (*astFloatAttr) astAttrMarker()                   {}
func (*astBoolAttr) astAttrMarker()                    {}
func (*astStringAttr) astAttrMarker()                  {}
func (*astUnitAttr) astAttrMarker()                    {}
func (*astArrayAttr) astAttrMarker()                   {}
func (*astDictAttr) astAttrMarker()                    {}
func (*astTypeAttr) astAttrMarker()                    {}
func (*astSymbolRefAttr) astAttrMarker()               {}
func (*astDenseAttr) astAttrMarker()                   {}
func (*astDenseResourceAttr) astAttrMarker()           {}
func (*astDenseArrayAttr) astAttrMarker()              {}
func (*astRawAttr) astAttrMarker()                     {}
func (*astDistinctAttr) astAttrMarker()                {}
func (*astDialectAttr) astAttrMarker()                 {}
func (*astAttrAliasRef) astAttrMarker()                {}
func (*astLocationAttr) astAttrMarker()                {}

func (n *astUnknownLoc) astPos() lexer.Position     { return n.Pos }
func (n *astFileLineColLoc) astPos() lexer.Position { return n.Pos }
func (n *astNameLoc) astPos() lexer.Position        { return n.Pos }
func (n *astCallSiteLoc) astPos() lexer.Position    { return n.Pos }
func (n *astFusedLoc) astPos() lexer.Position       { return n.Pos }
func (n *astLocAliasRef) astPos() lexer.Position    { return n.Pos }
func (*astUnknownLoc) astLocMarker()                {}
func (*astFileLineColLoc) astLocMarker()            {}
func (*astNameLoc) astLocMarker()                   {}
func (*astCallSiteLoc) astLocMarker()               {}
func (*astFusedLoc) astLocMarker()                  {}
func (*astLocAliasRef) astLocMarker()               {}
