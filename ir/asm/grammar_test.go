package asm

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// dump renders a syntax tree node compactly for table tests: Go type names
// without the "ast" prefix, zero fields and positions left out, tokens as
// their text.
func dump(v any) string {
	var b strings.Builder
	dumpValue(&b, reflect.ValueOf(v))
	return b.String()
}

var positionType = reflect.TypeOf(lexer.Position{})

func dumpValue(b *strings.Builder, v reflect.Value) {
	switch v.Kind() {
	case reflect.Invalid:
		b.WriteString("nil")
	case reflect.Interface, reflect.Pointer:
		if v.IsNil() {
			b.WriteString("nil")
			return
		}
		dumpValue(b, v.Elem())
	case reflect.Struct:
		if v.Type() == reflect.TypeOf(lexer.Token{}) {
			b.WriteString(v.Interface().(lexer.Token).Value)
			return
		}
		b.WriteString(strings.TrimPrefix(v.Type().Name(), "ast"))
		b.WriteString("{")
		first := true
		for i := 0; i < v.NumField(); i++ {
			f := v.Field(i)
			if f.Type() == positionType || f.Type() == reflect.SliceOf(positionType) || f.IsZero() {
				continue
			}
			if !first {
				b.WriteString(" ")
			}
			first = false
			b.WriteString(v.Type().Field(i).Name + ":")
			dumpValue(b, f)
		}
		b.WriteString("}")
	case reflect.Slice:
		b.WriteString("[")
		for i := 0; i < v.Len(); i++ {
			if i > 0 {
				b.WriteString(" ")
			}
			dumpValue(b, v.Index(i))
		}
		b.WriteString("]")
	case reflect.String:
		fmt.Fprintf(b, "%q", v.String())
	default:
		fmt.Fprint(b, v.Interface())
	}
}

// parseOK parses src and returns the first top-level op.
func parseOK(t *testing.T, src string) *astOp {
	t.Helper()
	f, err := parseSyntax("t.mlir", []byte(src))
	require.NoError(t, err, "source:\n%s", src)
	require.NotEmpty(t, f.Items)
	op, ok := f.Items[0].(*astOp)
	require.True(t, ok)
	return op
}

// resultType parses `"x.op"() : () -> (T)` and returns T.
func resultType(t *testing.T, ty string) astType {
	t.Helper()
	op := parseOK(t, `"x.op"() : () -> (`+ty+`)`)
	res := op.Form.(*astGenericForm).Type.Results
	require.Len(t, res, 1)
	return res[0]
}

// attrValue parses `"x.op"() {a = A} : () -> ()` and returns A.
func attrValue(t *testing.T, attr string) astAttr {
	t.Helper()
	op := parseOK(t, `"x.op"() {a = `+attr+`} : () -> ()`)
	return op.Form.(*astGenericForm).Attrs.Entries[0].Value
}

func TestParseTypes(t *testing.T) {
	tests := []struct{ src, want string }{
		{"i32", `BuiltinType{Name:"i32"}`},
		{"si8", `BuiltinType{Name:"si8"}`},
		{"ui64", `BuiltinType{Name:"ui64"}`},
		{"i1", `BuiltinType{Name:"i1"}`},
		{"f16", `BuiltinType{Name:"f16"}`},
		{"bf16", `BuiltinType{Name:"bf16"}`},
		{"f8E4M3FN", `BuiltinType{Name:"f8E4M3FN"}`},
		{"index", `BuiltinType{Name:"index"}`},
		{"none", `BuiltinType{Name:"none"}`},
		{"tensor<2x?x4xf32>", `ShapedType{Kind:"tensor" Dims:[2 -1 4] Elem:BuiltinType{Name:"f32"}}`},
		{"tensor<f32>", `ShapedType{Kind:"tensor" Elem:BuiltinType{Name:"f32"}}`},
		{"tensor<*xf32>", `ShapedType{Kind:"tensor" Unranked:true Elem:BuiltinType{Name:"f32"}}`},
		{"tensor<0x4xi8>", `ShapedType{Kind:"tensor" Dims:[0 4] Elem:BuiltinType{Name:"i8"}}`},
		{"tensor<0xf32>", `ShapedType{Kind:"tensor" Dims:[0] Elem:BuiltinType{Name:"f32"}}`},
		{"tensor<4 x f32>", `ShapedType{Kind:"tensor" Dims:[4] Elem:BuiltinType{Name:"f32"}}`},
		{"tensor<?x?xbf16>", `ShapedType{Kind:"tensor" Dims:[-1 -1] Elem:BuiltinType{Name:"bf16"}}`},
		{"tensor<1x64x56x56xf32>", `ShapedType{Kind:"tensor" Dims:[1 64 56 56] Elem:BuiltinType{Name:"f32"}}`},
		{"tensor<4xf32, #enc>", `ShapedType{Kind:"tensor" Dims:[4] Elem:BuiltinType{Name:"f32"} Params:[AttrAliasRef{Name:"enc"}]}`},
		{"tensor<2x!quant.uniform<i8:f32, 0.1>>", `ShapedType{Kind:"tensor" Dims:[2] Elem:DialectType{Dialect:"quant" Name:"uniform" Body:"<i8:f32, 0.1>"}}`},
		{"tensor<4xtensor<2xf32>>", `ShapedType{Kind:"tensor" Dims:[4] Elem:ShapedType{Kind:"tensor" Dims:[2] Elem:BuiltinType{Name:"f32"}}}`},
		{"vector<[4]x8xf32>", `ShapedType{Kind:"vector" Dims:[4 8] Scalable:[true false] Elem:BuiltinType{Name:"f32"}}`},
		{"vector<2x[4]xf32>", `ShapedType{Kind:"vector" Dims:[2 4] Scalable:[false true] Elem:BuiltinType{Name:"f32"}}`},
		{"memref<*xf32, 1>", `ShapedType{Kind:"memref" Unranked:true Elem:BuiltinType{Name:"f32"} Params:[IntAttr{Text:"1"}]}`},
		{"memref<4x?xf32, strided<[?, 1], offset: ?>, 1>", `ShapedType{Kind:"memref" Dims:[4 -1] Elem:BuiltinType{Name:"f32"} Params:[RawAttr{Keyword:"strided" Body:"[?, 1], offset: ?" Tokens:[[ ? , 1 ] , offset : ?]} IntAttr{Text:"1"}]}`},
		{"complex<f32>", `ComplexType{Elem:BuiltinType{Name:"f32"}}`},
		{"tuple<>", `TupleType{}`},
		{"tuple<i32, tuple<f32>>", `TupleType{Elems:[BuiltinType{Name:"i32"} TupleType{Elems:[BuiltinType{Name:"f32"}]}]}`},
		{"() -> ()", `FunctionType{}`},
		{"(i32) -> f32", `FunctionType{Inputs:[BuiltinType{Name:"i32"}] Results:[BuiltinType{Name:"f32"}]}`},
		{"(i32, f32) -> (f32, i32)", `FunctionType{Inputs:[BuiltinType{Name:"i32"} BuiltinType{Name:"f32"}] Results:[BuiltinType{Name:"f32"} BuiltinType{Name:"i32"}]}`},
		{"((i32) -> i32) -> ()", `FunctionType{Inputs:[FunctionType{Inputs:[BuiltinType{Name:"i32"}] Results:[BuiltinType{Name:"i32"}]}]}`},
		{"!quant.uniform<i8:f32, 0.0235:-3>", `DialectType{Dialect:"quant" Name:"uniform" Body:"<i8:f32, 0.0235:-3>"}`},
		{"!quant.uniform<i8<-127:127>:f32:0, {0.1:0, 0.2:1}>", `DialectType{Dialect:"quant" Name:"uniform" Body:"<i8<-127:127>:f32:0, {0.1:0, 0.2:1}>"}`},
		{`!x.t<"a>b", () -> (i32), [{<>}]>`, `DialectType{Dialect:"x" Name:"t" Body:"<\"a>b\", () -> (i32), [{<>}]>"}`},
		{"!x.plain", `DialectType{Dialect:"x" Name:"plain"}`},
		{`!x<"verbose">`, `DialectType{Dialect:"x" Verbose:true Body:"<\"verbose\">"}`},
		{"!alias", `TypeAliasRef{Name:"alias"}`},
	}
	for _, tc := range tests {
		t.Run(tc.src, func(t *testing.T) {
			assert.Equal(t, tc.want, dump(resultType(t, tc.src)))
		})
	}
}

func TestParseAttrs(t *testing.T) {
	tests := []struct{ src, want string }{
		{"5 : i64", `IntAttr{Text:"5" Type:BuiltinType{Name:"i64"}}`},
		{"-3", `IntAttr{Neg:true Text:"3"}`},
		{"0x1F", `IntAttr{Text:"0x1F"}`},
		{"123456789012345678901234567890 : i128", `IntAttr{Text:"123456789012345678901234567890" Type:BuiltinType{Name:"i128"}}`},
		{"1.5", `FloatAttr{Text:"1.5"}`},
		{"-2.0e-3 : f32", `FloatAttr{Neg:true Text:"2.0e-3" Type:BuiltinType{Name:"f32"}}`},
		{"1.", `FloatAttr{Text:"1."}`},
		{"0x7FC00000 : f32", `IntAttr{Text:"0x7FC00000" Type:BuiltinType{Name:"f32"}}`},
		{"true", `BoolAttr{Value:true}`},
		{"false", `BoolAttr{}`},
		{"unit", `UnitAttr{}`},
		{`"a\"b\0A\\c\td\n"`, `StringAttr{Value:"a\"b\n\\c\td\n"}`},
		{`"" : i32`, `StringAttr{Type:BuiltinType{Name:"i32"}}`},
		{"[]", `ArrayAttr{}`},
		{"[1, [2.5, \"x\"]]", `ArrayAttr{Elems:[IntAttr{Text:"1"} ArrayAttr{Elems:[FloatAttr{Text:"2.5"} StringAttr{Value:"x"}]}]}`},
		{"{}", `DictAttr{}`},
		{`{b, "q k" = 1}`, `DictAttr{Entries:[NamedAttr{Name:"b"} NamedAttr{Name:"q k" Value:IntAttr{Text:"1"}}]}`},
		{"i32", `TypeAttr{Type:BuiltinType{Name:"i32"}}`},
		{"(i32) -> f32", `TypeAttr{Type:FunctionType{Inputs:[BuiltinType{Name:"i32"}] Results:[BuiltinType{Name:"f32"}]}}`},
		{"!x.t", `TypeAttr{Type:DialectType{Dialect:"x" Name:"t"}}`},
		{"@a", `SymbolRefAttr{Root:"a"}`},
		{"@a::@b::@c", `SymbolRefAttr{Root:"a" Nested:["b" "c"]}`},
		{`@"quoted sym"::@"x\"y"`, `SymbolRefAttr{Root:"quoted sym" Nested:["x\"y"]}`},
		{"dense<1.0> : tensor<4xf32>", `DenseAttr{Elems:DenseElements{Splat:true Elems:[DenseElem{Kind:2 Text:"1.0"}]} Type:ShapedType{Kind:"tensor" Dims:[4] Elem:BuiltinType{Name:"f32"}}}`},
		{"dense<[[1, 2], [3, -4]]> : tensor<2x2xi32>", `DenseAttr{Elems:DenseElements{Shape:[2 2] Elems:[DenseElem{Kind:1 Text:"1"} DenseElem{Kind:1 Text:"2"} DenseElem{Kind:1 Text:"3"} DenseElem{Kind:1 Neg:true Text:"4"}]} Type:ShapedType{Kind:"tensor" Dims:[2 2] Elem:BuiltinType{Name:"i32"}}}`},
		{"dense<[(1.0, -2.0)]> : tensor<1xcomplex<f32>>", `DenseAttr{Elems:DenseElements{Shape:[1] Elems:[DenseElem{Kind:5 Re:DenseElem{Kind:2 Text:"1.0"} Im:DenseElem{Kind:2 Neg:true Text:"2.0"}}]} Type:ShapedType{Kind:"tensor" Dims:[1] Elem:ComplexType{Elem:BuiltinType{Name:"f32"}}}}`},
		{`dense<"0x0102"> : tensor<2xi8>`, `DenseAttr{Elems:DenseElements{Splat:true IsHex:true Elems:[DenseElem{Kind:4 Text:"0x0102"}]} Type:ShapedType{Kind:"tensor" Dims:[2] Elem:BuiltinType{Name:"i8"}}}`},
		{"dense<> : tensor<0xi32>", `DenseAttr{Type:ShapedType{Kind:"tensor" Dims:[0] Elem:BuiltinType{Name:"i32"}}}`},
		{"dense<[]> : tensor<0xi32>", `DenseAttr{Elems:DenseElements{Shape:[0]} Type:ShapedType{Kind:"tensor" Dims:[0] Elem:BuiltinType{Name:"i32"}}}`},
		{"dense<[[], []]> : tensor<2x0xi32>", `DenseAttr{Elems:DenseElements{Shape:[2 0]} Type:ShapedType{Kind:"tensor" Dims:[2 0] Elem:BuiltinType{Name:"i32"}}}`},
		{"dense<[true, false]> : tensor<2xi1>", `DenseAttr{Elems:DenseElements{Shape:[2] Elems:[DenseElem{Kind:3 Text:"true"} DenseElem{Kind:3 Text:"false"}]} Type:ShapedType{Kind:"tensor" Dims:[2] Elem:BuiltinType{Name:"i1"}}}`},
		{"dense_resource<blob1> : tensor<2xi32>", `DenseResourceAttr{Handle:"blob1" Type:ShapedType{Kind:"tensor" Dims:[2] Elem:BuiltinType{Name:"i32"}}}`},
		{"array<i64: 1, -2>", `DenseArrayAttr{ElemType:BuiltinType{Name:"i64"} Elems:[DenseElem{Kind:1 Text:"1"} DenseElem{Kind:1 Neg:true Text:"2"}]}`},
		{"array<f32>", `DenseArrayAttr{ElemType:BuiltinType{Name:"f32"}}`},
		{"affine_map<(d0)[s0] -> (d0 + s0)>", `RawAttr{Keyword:"affine_map" Body:"(d0)[s0] -> (d0 + s0)" Tokens:[( d0 ) [ s0 ] -> ( d0 + s0 )]}`},
		{"affine_set<(d0) : (d0 - 10 >= 0)>", `RawAttr{Keyword:"affine_set" Body:"(d0) : (d0 - 10 >= 0)" Tokens:[( d0 ) : ( d0 - 10 > = 0 )]}`},
		{"sparse<[[0, 0]], [1.0]> : tensor<2x2xf32>", `RawAttr{Keyword:"sparse" Body:"[[0, 0]], [1.0]" Tokens:[[ [ 0 , 0 ] ] , [ 1.0 ]] Type:ShapedType{Kind:"tensor" Dims:[2 2] Elem:BuiltinType{Name:"f32"}}}`},
		{"distinct[0]<42 : i32>", `DistinctAttr{ID:"0" Inner:IntAttr{Text:"42" Type:BuiltinType{Name:"i32"}}}`},
		{"#x.enc<1, [2]>", `DialectAttr{Dialect:"x" Name:"enc" Body:"<1, [2]>"}`},
		{"#x.plain : i32", `DialectAttr{Dialect:"x" Name:"plain" Type:BuiltinType{Name:"i32"}}`},
		{`#x<"v">`, `DialectAttr{Dialect:"x" Verbose:true Body:"<\"v\">"}`},
		{"#alias", `AttrAliasRef{Name:"alias"}`},
		{`loc("f":1:2)`, `LocationAttr{Loc:FileLineColLoc{File:"f" Line:1 Col:2}}`},
	}
	for _, tc := range tests {
		t.Run(tc.src, func(t *testing.T) {
			assert.Equal(t, tc.want, dump(attrValue(t, tc.src)))
		})
	}
}

func TestParseLocations(t *testing.T) {
	tests := []struct{ src, want string }{
		{"unknown", `UnknownLoc{}`},
		{`"file.py":12:3`, `FileLineColLoc{File:"file.py" Line:12 Col:3}`},
		{`"file.py":12:3 to :5`, `FileLineColLoc{File:"file.py" Line:12 Col:3 EndLine:12 EndCol:5}`},
		{`"file.py":12:3 to 14:5`, `FileLineColLoc{File:"file.py" Line:12 Col:3 EndLine:14 EndCol:5}`},
		{`"name"`, `NameLoc{Name:"name"}`},
		{`"name"("f":1:2)`, `NameLoc{Name:"name" Child:FileLineColLoc{File:"f" Line:1 Col:2}}`},
		{`"a"("b"(unknown))`, `NameLoc{Name:"a" Child:NameLoc{Name:"b" Child:UnknownLoc{}}}`},
		{`fused["a":1:2, #l]`, `FusedLoc{Locs:[FileLineColLoc{File:"a" Line:1 Col:2} LocAliasRef{Name:"l"}]}`},
		{`fused<#x.md>[]`, `FusedLoc{Metadata:DialectAttr{Dialect:"x" Name:"md"}}`},
		{`fused<"m">["a":1:1]`, `FusedLoc{Metadata:StringAttr{Value:"m"} Locs:[FileLineColLoc{File:"a" Line:1 Col:1}]}`},
		{`callsite("f" at "g":1:1)`, `CallSiteLoc{Callee:NameLoc{Name:"f"} Caller:FileLineColLoc{File:"g" Line:1 Col:1}}`},
		{`#loc3`, `LocAliasRef{Name:"loc3"}`},
	}
	for _, tc := range tests {
		t.Run(tc.src, func(t *testing.T) {
			op := parseOK(t, `"x.op"() : () -> () loc(`+tc.src+`)`)
			assert.Equal(t, tc.want, dump(op.Loc))
		})
	}
	// A location alias definition.
	f, err := parseSyntax("t.mlir", []byte(`#loc3 = loc("a.py":1:2)`))
	require.NoError(t, err)
	assert.Equal(t, `AttrAlias{Name:"loc3" Value:LocationAttr{Loc:FileLineColLoc{File:"a.py" Line:1 Col:2}}}`, dump(f.Items[0]))
}

func TestParseGenericOp(t *testing.T) {
	op := parseOK(t, `%a, %b:2 = "d.op"(%x, %y#1)[^bb1, ^bb2] <{p = 1}> ({
  "d.in"() : () -> ()
}, {}) {attr = "s"} : (i32, f32) -> (i32, f32, f32) loc("f":1:2)`)
	assert.Equal(t, `Op{Results:[Result{Name:"a" Count:1} Result{Name:"b" Count:2}] Name:"d.op" `+
		`Form:GenericForm{Operands:[ValueUse{Name:"x"} ValueUse{Name:"y" Index:1}] `+
		`Successors:[Successor{Block:"bb1"} Successor{Block:"bb2"}] `+
		`Props:DictAttr{Entries:[NamedAttr{Name:"p" Value:IntAttr{Text:"1"}}]} `+
		`Regions:[Region{Blocks:[Block{Ops:[Op{Name:"d.in" Form:GenericForm{Type:FunctionType{}}}]}]} Region{}] `+
		`Attrs:DictAttr{Entries:[NamedAttr{Name:"attr" Value:StringAttr{Value:"s"}}]} `+
		`Type:FunctionType{Inputs:[BuiltinType{Name:"i32"} BuiltinType{Name:"f32"}] Results:[BuiltinType{Name:"i32"} BuiltinType{Name:"f32"} BuiltinType{Name:"f32"}]}} `+
		`Loc:FileLineColLoc{File:"f" Line:1 Col:2}}`, dump(op))
	assert.Equal(t, lexer.Position{Filename: "t.mlir", Offset: 0, Line: 1, Column: 1}, op.Pos)
	assert.Equal(t, 12, op.NamePos.Column)
	g := op.Form.(*astGenericForm)
	assert.Equal(t, 1, g.Regions[0].Pos.Line)
	assert.Equal(t, 3, g.Regions[0].EndPos.Line)
	assert.Equal(t, 19, g.Operands[0].Pos.Column)
}

func TestParseBlocks(t *testing.T) {
	op := parseOK(t, `"d.op"() ({
^bb0(%a: i32 loc("x":1:1), %b: f32):
  "d.br"()[^bb1] : () -> ()
^bb1:
  "d.ret"() : () -> ()
^bb2():
}) : () -> ()`)
	r := op.Form.(*astGenericForm).Regions[0]
	require.Len(t, r.Blocks, 3)
	assert.Equal(t, `Block{Label:"bb0" Args:[BlockArg{Name:"a" Type:BuiltinType{Name:"i32"} Loc:FileLineColLoc{File:"x" Line:1 Col:1}} BlockArg{Name:"b" Type:BuiltinType{Name:"f32"}}] Ops:[Op{Name:"d.br" Form:GenericForm{Successors:[Successor{Block:"bb1"}] Type:FunctionType{}}}]}`, dump(r.Blocks[0]))
	assert.Equal(t, "bb1", r.Blocks[1].Label)
	assert.Equal(t, `Block{Label:"bb2"}`, dump(r.Blocks[2]))
}

func TestParseModuleAndFunc(t *testing.T) {
	op := parseOK(t, `module @m attributes {a = 1} {
  func.func private @ext(i32, f32 {x.y}) -> (i32 {x.r}, f32)
  func.func @f(%arg0: tensor<2xf32> {x.z = 1} loc("a":1:2), %arg1: i32) -> tensor<2xf32> attributes {x.fn} {
    func.return %arg0 : tensor<2xf32>
  }
  func.func nested @n() -> i32
}`)
	m := op.Form.(*astModuleForm)
	assert.Equal(t, "module", op.Name)
	assert.Equal(t, "m", m.SymName)
	assert.Equal(t, `DictAttr{Entries:[NamedAttr{Name:"a" Value:IntAttr{Text:"1"}}]}`, dump(m.Attrs))
	ops := m.Body.Blocks[0].Ops
	require.Len(t, ops, 3)
	assert.Equal(t, `FuncForm{Visibility:"private" SymName:"ext" Args:[FuncArg{Type:BuiltinType{Name:"i32"}} FuncArg{Type:BuiltinType{Name:"f32"} Attrs:DictAttr{Entries:[NamedAttr{Name:"x.y"}]}}] `+
		`Results:[FuncResult{Type:BuiltinType{Name:"i32"} Attrs:DictAttr{Entries:[NamedAttr{Name:"x.r"}]}} FuncResult{Type:BuiltinType{Name:"f32"}}]}`, dump(ops[0].Form))
	f := ops[1].Form.(*astFuncForm)
	assert.Equal(t, "f", f.SymName)
	assert.Equal(t, `[FuncArg{Name:"arg0" Type:ShapedType{Kind:"tensor" Dims:[2] Elem:BuiltinType{Name:"f32"}} Attrs:DictAttr{Entries:[NamedAttr{Name:"x.z" Value:IntAttr{Text:"1"}}]} Loc:FileLineColLoc{File:"a" Line:1 Col:2}} FuncArg{Name:"arg1" Type:BuiltinType{Name:"i32"}}]`, dump(f.Args))
	assert.Equal(t, `[FuncResult{Type:ShapedType{Kind:"tensor" Dims:[2] Elem:BuiltinType{Name:"f32"}}}]`, dump(f.Results))
	assert.Equal(t, `DictAttr{Entries:[NamedAttr{Name:"x.fn"}]}`, dump(f.Attrs))
	ret := f.Body.Blocks[0].Ops[0]
	assert.Equal(t, `Op{Name:"func.return" Form:ReturnForm{Operands:[ValueUse{Name:"arg0"}] Types:[ShapedType{Kind:"tensor" Dims:[2] Elem:BuiltinType{Name:"f32"}}]}}`, dump(ret))
	assert.Equal(t, "nested", ops[2].Form.(*astFuncForm).Visibility)
	assert.Nil(t, ops[0].Form.(*astFuncForm).Body)

	op = parseOK(t, `builtin.module {}`)
	assert.Equal(t, `Op{Name:"builtin.module" Form:ModuleForm{Body:Region{}}}`, dump(op))
}

func TestParseReturnAndCall(t *testing.T) {
	op := parseOK(t, `func.func @f(%x: i32) {
  %0 = func.call @g(%x, %x) : (i32, i32) -> i32
  %1:2 = call @h::@i() {x.hot} : () -> (i32, i32)
  call @n() : () -> () loc("c":1:1)
  return
}`)
	ops := op.Form.(*astFuncForm).Body.Blocks[0].Ops
	require.Len(t, ops, 4)
	assert.Equal(t, `Op{Results:[Result{Name:"0" Count:1}] Name:"func.call" Form:CallForm{Callee:SymbolRefAttr{Root:"g"} Operands:[ValueUse{Name:"x"} ValueUse{Name:"x"}] Type:FunctionType{Inputs:[BuiltinType{Name:"i32"} BuiltinType{Name:"i32"}] Results:[BuiltinType{Name:"i32"}]}}}`, dump(ops[0]))
	assert.Equal(t, `CallForm{Callee:SymbolRefAttr{Root:"h" Nested:["i"]} Attrs:DictAttr{Entries:[NamedAttr{Name:"x.hot"}]} Type:FunctionType{Results:[BuiltinType{Name:"i32"} BuiltinType{Name:"i32"}]}}`, dump(ops[1].Form))
	assert.NotNil(t, ops[2].Loc)
	assert.Equal(t, `Op{Name:"return" Form:ReturnForm{}}`, dump(ops[3]))

	op = parseOK(t, `func.func @f(%a: i32, %b: f32) -> (i32, f32) {
  return {x.a} %a, %b : i32, f32 loc("r":2:3)
}`)
	ret := op.Form.(*astFuncForm).Body.Blocks[0].Ops[0]
	assert.Equal(t, `Op{Name:"return" Form:ReturnForm{Attrs:DictAttr{Entries:[NamedAttr{Name:"x.a"}]} Operands:[ValueUse{Name:"a"} ValueUse{Name:"b"}] Types:[BuiltinType{Name:"i32"} BuiltinType{Name:"f32"}]} Loc:FileLineColLoc{File:"r" Line:2 Col:3}}`, dump(ret))
}

// customOps parses src and returns the ops of the first function's body.
func customOps(t *testing.T, src string) []*astOp {
	t.Helper()
	op := parseOK(t, src)
	return op.Form.(*astFuncForm).Body.Blocks[0].Ops
}

func customText(op *astOp) string {
	var parts []string
	for _, t := range op.Form.(*astCustomForm).tokens() {
		parts = append(parts, t.Value)
	}
	return op.Name + " " + strings.Join(parts, " ")
}

func TestCustomOpSpans(t *testing.T) {
	ops := customOps(t, `func.func @f(%a: i32) -> i32 {
  %c0 = arith.constant 0 : index
  %s = arith.addi %a, %a : i32 loc("x.py":1:2)
  %r = scf.for %iv = %c0 to %c0 step %c0
      iter_args(%acc = %s) -> (i32) {
    %n = arith.addi %acc, %a : i32
    scf.yield %n : i32
  } loc("for")
  test.print %a, %a
  %p:2 = "x.pair"() : () -> (i32, i32)
  cf.cond_br %c, ^bb1(%a : i32), ^bb2
^bb1(%v: i32):
  x.nores
  x.nores2 "str"
  return %r : i32
^bb2:
  %m = x.a %a %q = x.b %a
  x.last {a = 1}
}`)
	var got []string
	for _, op := range ops {
		switch op.Form.(type) {
		case *astCustomForm:
			got = append(got, customText(op))
		default:
			got = append(got, "<"+op.Name+">")
		}
	}
	assert.Equal(t, []string{
		"arith.constant 0 : index",
		"arith.addi %a , %a : i32",
		"scf.for %iv = %c0 to %c0 step %c0 iter_args ( %acc = %s ) -> ( i32 ) { %n = arith.addi %acc , %a : i32 scf.yield %n : i32 }",
		"test.print %a , %a",
		"<x.pair>",
		"cf.cond_br %c , ^bb1 ( %a : i32 ) , ^bb2",
	}, got)
	assert.Equal(t, `FileLineColLoc{File:"x.py" Line:1 Col:2}`, dump(ops[1].Loc))
	assert.Equal(t, `NameLoc{Name:"for"}`, dump(ops[2].Loc))
	assert.Equal(t, "r", ops[2].Results[0].Name)
	assert.Equal(t, 9, ops[2].Form.(*astCustomForm).EndPos.Line) // the next op

	f, err := parseSyntax("t.mlir", []byte(`func.func @f(%a: i32) -> i32 {
  %c0 = arith.constant 0 : index
^bb1(%v: i32):
  x.nores
  x.nores2 "str"
  return %r : i32
^bb2:
  %m = x.a %a %q = x.b %a
  x.last {a = 1}
}`))
	require.NoError(t, err)
	blocks := f.Items[0].(*astOp).Form.(*astFuncForm).Body.Blocks
	require.Len(t, blocks, 3)
	b1 := blocks[1].Ops
	require.Len(t, b1, 3)
	assert.Equal(t, "x.nores ", customText(b1[0]))
	assert.Equal(t, `x.nores2 "str"`, customText(b1[1]))
	assert.Equal(t, "return", b1[2].Name)
	b2 := blocks[2].Ops
	require.Len(t, b2, 3)
	assert.Equal(t, "x.a %a", customText(b2[0]))
	assert.Equal(t, "x.b %a", customText(b2[1]))
	assert.Equal(t, "x.last { a = 1 }", customText(b2[2]))

	// Unbalanced brackets: the op runs to EOF.
	f, err = parseSyntax("t.mlir", []byte("x.op {\n  %0 = x.y ( [\n"))
	require.NoError(t, err)
	assert.Equal(t, "x.op { %0 = x.y ( [", customText(f.Items[0].(*astOp)))

	// Top level: a custom op ends at an alias definition or file metadata.
	f, err = parseSyntax("t.mlir", []byte("x.op %a\n#a = 1\nx.op2 {-# external_resources: {} #-}"))
	require.NoError(t, err)
	require.Len(t, f.Items, 3)
	assert.Equal(t, "x.op %a", customText(f.Items[0].(*astOp)))
	assert.Equal(t, "x.op2 ", customText(f.Items[2].(*astOp)))
	require.Len(t, f.Metadata, 1)
}

// TestCustomOpReparse re-parses a custom op's tokens both with the
// syntaxCursor and with a participle grammar embedding the hand-written
// productions, as a dialect's custom format would.
func TestCustomOpReparse(t *testing.T) {
	ops := customOps(t, `func.func @f(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>) {
  %0 = core.conv2d %x, %w {strides = [2, 2]}
         : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x3x3xf32> loc("conv")
  return
}`)
	cf := ops[0].Form.(*astCustomForm)
	require.NotNil(t, ops[0].Loc)

	// 1. Cursor.
	c, err := cf.cursor()
	require.NoError(t, err)
	u1, err := c.ValueUse()
	require.NoError(t, err)
	_, err = c.Expect(tokComma, "','")
	require.NoError(t, err)
	u2, err := c.ValueUse()
	require.NoError(t, err)
	d, err := c.OptionalAttrDict()
	require.NoError(t, err)
	_, err = c.Expect(tokColon, "':'")
	require.NoError(t, err)
	ty, err := c.Type()
	require.NoError(t, err)
	assert.True(t, c.AtEnd())
	assert.Equal(t, "x w", u1.Name+" "+u2.Name)
	assert.Equal(t, `DictAttr{Entries:[NamedAttr{Name:"strides" Value:ArrayAttr{Elems:[IntAttr{Text:"2"} IntAttr{Text:"2"}]}}]}`, dump(d))
	assert.Len(t, ty.(*astFunctionType).Inputs, 2)
	// Errors are positioned in the original file.
	_, err = c.Type()
	require.Error(t, err)
	var perr participle.Error
	require.ErrorAs(t, err, &perr)
	assert.Equal(t, 3, perr.Position().Line)

	// 2. participle grammar with Parseable adapters.
	type convSyntax struct {
		Pos      lexer.Position
		Operands []*syntaxValueUseNode `parser:"@@ ( ',' @@ )*"`
		Attrs    *syntaxDictNode       `parser:"@@?"`
		Type     *syntaxTypeNode       `parser:"':' @@"`
	}
	p := participle.MustBuild[convSyntax](participle.Lexer(mlirLexer))
	conv, err := p.ParseFromLexer(syntaxTokenLexer(cf.tokens(), cf.EndPos))
	require.NoError(t, err)
	require.Len(t, conv.Operands, 2)
	assert.Equal(t, "w", conv.Operands[1].Use.Name)
	assert.Equal(t, "strides", conv.Attrs.Dict.Entries[0].Name)
	assert.Equal(t, `FunctionType{Inputs:[ShapedType{Kind:"tensor" Dims:[1 3 8 8] Elem:BuiltinType{Name:"f32"}} ShapedType{Kind:"tensor" Dims:[4 3 3 3] Elem:BuiltinType{Name:"f32"}}] Results:[ShapedType{Kind:"tensor" Dims:[1 4 3 3] Elem:BuiltinType{Name:"f32"}}]}`, dump(conv.Type.Type))

	// A participle error inside a hand-written production keeps its position.
	bad := customOps(t, "func.func @f() {\n  %0 = core.conv2d %x, %w : (tensor<2xq32>) -> i32\n  return\n}")
	bcf := bad[0].Form.(*astCustomForm)
	_, err = p.ParseFromLexer(syntaxTokenLexer(bcf.tokens(), bcf.EndPos))
	require.Error(t, err)
	require.ErrorAs(t, err, &perr)
	assert.Equal(t, "2:39", fmt.Sprintf("%d:%d", perr.Position().Line, perr.Position().Column))
	assert.Contains(t, perr.Message(), "expected non-function type")

	// Region and location adapters.
	type regionSyntax struct {
		Region *syntaxRegionNode `parser:"@@"`
		Loc    *syntaxLocNode    `parser:"@@?"`
		Attr   *syntaxAttrNode   `parser:"( 'attr' @@ )?"`
	}
	rops := customOps(t, "func.func @f() {\n  x.wrap {\n    %0 = \"x.in\"() : () -> i32\n  } attr [1]\n  return\n}")
	rcf := rops[0].Form.(*astCustomForm)
	rp := participle.MustBuild[regionSyntax](participle.Lexer(mlirLexer))
	rs, err := rp.ParseFromLexer(syntaxTokenLexer(rcf.tokens(), rcf.EndPos))
	require.NoError(t, err)
	assert.Equal(t, "x.in", rs.Region.Region.Blocks[0].Ops[0].Name)
	assert.Nil(t, rs.Loc)
	assert.Equal(t, `ArrayAttr{Elems:[IntAttr{Text:"1"}]}`, dump(rs.Attr.Attr))
}

func TestParseMetadata(t *testing.T) {
	f, err := parseSyntax("t.mlir", []byte(`"x.a"() : () -> ()
{-#
  dialect_resources: {
    builtin: {
      blob1: "0x04000000010000000200000003000000",
      blob2: "0x08"
    }
  },
  external_resources: {
    mlir_reproducer: {
      pipeline: "builtin.module(cse)",
      disable_threading: true
    }
  }
#-}`))
	require.NoError(t, err)
	require.Len(t, f.Metadata, 1)
	assert.Equal(t, `FileMetadata{Sections:[MetaSection{Name:"dialect_resources" Groups:[MetaGroup{Name:"builtin" Entries:[MetaEntry{Key:"blob1" Value:MetaValue{Str:"0x04000000010000000200000003000000"}} MetaEntry{Key:"blob2" Value:MetaValue{Str:"0x08"}}]}]} `+
		`MetaSection{Name:"external_resources" Groups:[MetaGroup{Name:"mlir_reproducer" Entries:[MetaEntry{Key:"pipeline" Value:MetaValue{Str:"builtin.module(cse)"}} MetaEntry{Key:"disable_threading" Value:MetaValue{Bool:"true"}}]}]}]}`, dump(f.Metadata[0]))
	assert.Equal(t, 2, f.Metadata[0].Pos.Line)
	assert.Equal(t, 5, f.Metadata[0].Sections[0].Groups[0].Entries[0].Pos.Line)
}

func TestParseAliases(t *testing.T) {
	f, err := parseSyntax("t.mlir", []byte("!q = !quant.uniform<i8:f32, 0.5>\n#m = affine_map<(d0) -> (d0)>\n#l = loc(unknown)\n"))
	require.NoError(t, err)
	require.Len(t, f.Items, 3)
	assert.Equal(t, `TypeAlias{Name:"q" Type:DialectType{Dialect:"quant" Name:"uniform" Body:"<i8:f32, 0.5>"}}`, dump(f.Items[0]))
	assert.Equal(t, "m", f.Items[1].(*astAttrAlias).Name)
	assert.Equal(t, `AttrAlias{Name:"l" Value:LocationAttr{Loc:UnknownLoc{}}}`, dump(f.Items[2]))
	assert.Equal(t, 3, f.Items[2].astPos().Line)
}

// TestTypeCacheSharing checks that identical type spellings share a node
// (with the first use's position) and differently spelled ones do not.
func TestTypeCacheSharing(t *testing.T) {
	op := parseOK(t, `"x.op"() : () -> (tensor<2xf32>, tensor<2xf32>, tensor<2 x f32>, tensor<2xf32, #e>, tensor<2xf32, #e>)`)
	res := op.Form.(*astGenericForm).Type.Results
	assert.Same(t, res[0], res[1])
	assert.NotSame(t, res[0], res[2])
	assert.NotSame(t, res[3], res[4]) // not cacheable (attribute parameter)
	assert.Equal(t, dump(res[0]), dump(res[2]))
	assert.Equal(t, 19, res[1].astPos().Column)
}

func TestErrorPositions(t *testing.T) {
	tests := []struct {
		name, src string
		pos       string // line:col
		msg       string
		mlir      bool // mlir-opt-19 reports the same position
	}{
		// Lexical errors, at the offending character.
		{"unterminated string", "\"x.op\"() {a = \"abc\n} : () -> ()", "1:19", `expected '"' in string literal`, true},
		{"unterminated string at EOF", `"x.op`, "1:6", `expected '"' in string literal`, true},
		{"bad escape", `"x.op"() {a = "a\qb"} : () -> ()`, "1:17", "unknown escape in string literal", true},
		{"invalid character", "\"x.op\"() : () -> () $", "1:21", "unexpected character", true},
		{"invalid UTF-8", "\"x.op\"() : () -> ()\n\xff\xfe", "2:1", "unexpected character", true},
		{"utf8 column in bytes", "\"x.op\"() {a = \"h\u00e9llo\", b = ?} : () -> ()", "1:28", "expected attribute value", true},
		{"unbalanced body", `"x.op"() : () -> (!x.t<(]>)`, "1:23", "unbalanced '(' character in pretty dialect name", true},
		{"unbalanced body later", `"x.op"() : () -> (!x.t<a(b]>)`, "1:23", "unbalanced '(' character in pretty dialect name", true},
		{"unterminated body", "\"x.op\"() : () -> (!x.t<ab(c\n", "1:23", "unbalanced '(' character in pretty dialect name", true},
		// MLIR lexes one token ahead: a lexing error in the token after a
		// parse error is reported first.
		{"lex error in lookahead", "\"x.op\"() : i32\n\"unterminated", "2:14", `expected '"' in string literal`, true},
		// "expected ..." errors sit just after the previous token, as MLIR's
		// emitWrongTokenError puts them.
		{"missing paren", `"x.op" : () -> ()`, "1:7", "expected '(' to start operand list", true},
		{"missing colon at EOF", `"x.op"()`, "1:8", "expected ':' followed by operation type", true},
		{"missing colon before spaces", "\"x.op\"()    ", "1:9", "expected ':' followed by operation type", true},
		{"missing colon before newline", "\"x.op\"() // comment\n\n", "1:9", "expected ':' followed by operation type", true},
		{"bad op name", `%0 = 42`, "1:5", "expected operation name in quotes", true},
		{"missing equal", `%0 "x.op"() : () -> i32`, "1:3", "expected '=' after SSA name", true},
		{"bad result", `%a, 42 = "x.op"() : () -> ()`, "1:4", "expected valid ssa identifier", true},
		{"bad result count", `%0:  x = "x.op"() : () -> ()`, "1:4", "expected integer number of results", true},
		{"operand not a value", `"x.op"(  42) : () -> ()`, "1:8", "expected ')' to end operand list", true},
		{"bad successor", `"x.op"() [  x] : () -> ()`, "1:11", "expected block name", true},
		{"successor list", `"x.op"() [^bb1 : () -> ()`, "1:15", "expected ',' or ']'", true},
		{"properties", `"x.op"() <{a = 1}  x : () -> ()`, "1:18", "expected '>' to close properties", true},
		{"region list", `"x.op"() ({}  x) : () -> ()`, "1:13", "expected ')' to end region list", true},
		{"unterminated region", "\"x.op\"() ({\n  \"x.in\"() : () -> ()\n", "2:22", "expected operation name in quotes", true},
		{"block without colon", "\"x.op\"() ({\n^bb0(%a: i32)\n}) : () -> ()", "2:14", "expected ':' after block name", true},
		{"block arg", "\"x.op\"() ({\n^bb0(  42):\n}) : () -> ()", "2:6", "expected SSA operand", true},
		{"block arg type", `"x.op"() ({^bb0(%a  x): }) : () -> ()`, "1:19", "expected ':' and type for SSA operand", true},
		{"block arg list", `"x.op"() ({^bb0(%a: i32  x): }) : () -> ()`, "1:24", "expected ')'", true},
		{"bad type", `"x.op"() : () -> (  foo)`, "1:19", "expected non-function type", true},
		{"bad dims", `"x.op"() : () -> (tensor<4  y>)`, "1:27", "expected 'x' in dimension list", true},
		{"unranked without x", `"x.op"() : () -> (tensor<*>)`, "1:27", "expected 'x' in dimension list", true},
		{"bad element type", `"x.op"() : () -> (tensor<4xfoo>)`, "1:28", "expected non-function type", true},
		{"tuple", `"x.op"() {a = tuple<i32  x} : () -> ()`, "1:24", "expected '>' in tuple type", true},
		{"complex", `"x.op"() {a = complex<i32  x} : () -> ()`, "1:26", "expected '>' in complex type", true},
		{"function arrow", `"x.op"() {a = (i32)  x} : () -> ()`, "1:20", "expected '->' in function type", true},
		{"function paren", `"x.op"() {a = (i32  x} : () -> ()`, "1:19", "expected ')'", true},
		{"dict missing brace", `"x.op"() {a = 1 b = 2} : () -> ()`, "1:16", "expected '}' in attribute dictionary", true},
		{"dict trailing comma", `"x.op"() {a = 1,   } : () -> ()`, "1:17", "expected attribute name", true},
		{"attr value", `"x.op"() {a = %0} : () -> ()`, "1:14", "expected attribute value", true},
		{"attr type", `"x.op"() {a = 1 :   foo} : () -> ()`, "1:18", "expected non-function type", true},
		{"array", `"x.op"() {a = [1  2]} : () -> ()`, "1:17", "expected ',' or ']'", true},
		{"dense list", `"x.op"() {a = dense<[1  2]> : tensor<2xi32>} : () -> ()`, "1:23", "expected ']'", true},
		{"dense close", `"x.op"() {a = dense<[1, 2]  x : tensor<2xi32>} : () -> ()`, "1:27", "expected '>'", true},
		{"dense without type", `"x.op"() {a = dense<1>  x} : () -> ()`, "1:23", "expected ':'", true},
		{"dense complex", `"x.op"() {a = dense<(1  2)> : tensor<2xcomplex<i32>>} : () -> ()`, "1:23", "expected ',' between complex elements", true},
		{"dense array", `"x.op"() {a = array<i32: 1 2>} : () -> ()`, "1:27", "expected '>' to close an array attribute", true},
		{"distinct", `"x.op"() {a = distinct[  x]<>} : () -> ()`, "1:24", "expected distinct ID", true},
		{"location", `"x.op"() : () -> ()  loc(  foo)`, "1:26", "expected location instance", true},
		{"location line", `"x.op"() : () -> () loc("a":  x)`, "1:29", "expected integer line number in FileLineColLoc", true},
		{"location column", `"x.op"() : () -> () loc("a":1)`, "1:30", "expected ':' in FileLineColLoc", true},
		{"callsite without at", `"x.op"() : () -> () loc(callsite("a" "b"))`, "1:37", "expected 'at' in callsite location", true},
		{"fused metadata", `"x.op"() : () -> ()  loc(fused<1  [])`, "1:33", "expected '>' after fused location metadata", true},
		{"alias without equal", `!x 1`, "1:3", "expected '=' in type alias definition", true},
		{"attr alias without equal", `#x 1`, "1:3", "expected '=' in attribute alias definition", true},
		{"func arg colon", `func.func @f(%a  i32)`, "1:16", "expected ':'", true},
		{"func arg list", `func.func @f(%a: i32  x`, "1:21", "expected ')'", true},
		{"func no args", "func.func @f(  ", "1:14", "expected non-function type", true},
		{"func result", "func.func @f() ->  ", "1:18", "expected non-function type", true},
		{"func results", `func.func @f() -> (i32  x`, "1:23", "expected ')'", true},
		{"func attributes", `func.func @f() attributes  x`, "1:26", "expected '{' in attribute dictionary", true},
		{"module region", `module   42`, "1:7", "expected '{' to begin a region", true},
		{"module attributes", `module @m  attributes {a = 1} x`, "1:30", "expected '{' to begin a region", true},
		{"return without types", "func.func @f(%a: i32) {\n  return %a\n}", "2:12", "expected ':'", true},
		{"return types", "func.func @f() {\n  return %a :  \n}", "2:14", "expected non-function type", true},
		{"call callee", "func.func @f() {\n  func.call f()\n}", "2:12", "expected attribute value", true},
		{"call operands", "func.func @f() {\n  func.call @f(  x\n}", "2:16", "expected ')'", true},
		{"call colon", "func.func @f() {\n  func.call @f()  i32\n}", "2:17", "expected ':'", true},
		// Errors at the offending token.
		{"not a function type", `"x.op"() : i32`, "1:12", "expected function type", true},
		{"zero results", `%0:0 = "x.op"() : () -> ()`, "1:4", "expected named operation to have at least 1 result", true},
		{"bad result number", `"x.op"(%0#x) : (i32) -> ()`, "1:10", "invalid SSA value result number", true},
		{"huge dim", `"x.op"() : () -> (tensor<99999999999999999999xf32>)`, "1:26", "invalid dimension", true},
		{"scalable dim", `"x.op"() : () -> (vector<[  x]xf32>)`, "1:29", "invalid dimension", true},
		{"duplicate key", `"x.op"() {a = 1, a = 2} : () -> ()`, "1:18", "duplicate key 'a' in dictionary attribute", true},
		{"empty key", `"x.op"() {"" = 1} : () -> ()`, "1:11", "expected valid attribute name", true},
		{"minus without number", `"x.op"() {a = -inf} : () -> ()`, "1:16", "expected constant integer or floating point value", true},
		{"dense element", `"x.op"() {a = dense<  foo> : tensor<1xi32>} : () -> ()`, "1:23", "expected element literal of primitive type", true},
		{"dense negative", `"x.op"() {a = dense<-  foo> : tensor<2xi32>} : () -> ()`, "1:24", "expected integer or floating point literal", true},
		{"dense ranks", `"x.op"() {a = dense<[[1, 2], [3]]> : tensor<2x2xi32>} : () -> ()`, "1:33", "tensor literal is invalid; ranks are not consistent between elements", true},
		{"dense scalar after list", `"x.op"() {a = dense<[[1], 2]> : tensor<2xi32>} : () -> ()`, "1:28", "tensor literal is invalid; ranks are not consistent between elements", true},
		{"dense list after scalar", `"x.op"() {a = dense<[1, [2]]> : tensor<2xi32>} : () -> ()`, "1:28", "tensor literal is invalid; ranks are not consistent between elements", true},
		{"dense ranks deep", `"x.op"() {a = dense<[[[1, 2]], [[3], [4]]]> : tensor<2x1x2xi32>} : () -> ()`, "1:42", "tensor literal is invalid; ranks are not consistent between elements", true},
		{"dense resource handle", `"x.op"() {a = dense_resource<  1> : tensor<1xi8>} : () -> ()`, "1:32", "expected identifier key for 'resource' entry", true},
		{"nested symbol", `"x.op"() {a = @a::b} : () -> ()`, "1:19", "expected nested symbol reference identifier", true},
		{"huge line", `"x.op"() : () -> () loc("a":99999999999:1)`, "1:29", "expected integer line number in FileLineColLoc", true},
		{"alias with dot", `#a.b = 1`, "1:1", "attribute names with a '.' are reserved for dialect-defined names", true},
		{"func without name", `func.func   42`, "1:13", "custom op 'func.func' expected valid '@'-identifier for symbol name", true},
		{"func mixed args", `func.func @f(i32, %a: i32)`, "1:19", "custom op 'func.func' expected type instead of SSA identifier", true},
		{"func mixed args 2", `func.func @f(%a: i32, i32)`, "1:23", "custom op 'func.func' expected SSA identifier", true},
		{"call type", "func.func @f() {\n  func.call @f() :  i32\n}", "2:21", "custom op 'func.call' invalid kind of type specified", true},
		{"metadata string key", `{-# dialect_resources: { builtin: { "k": "0x04" } } #-}`, "1:37", "expected identifier key for 'resource' entry", true},
		{"metadata int value", `{-# external_resources: { foo: { a: 1 } } #-}`, "1:37", "expected string value for key 'a'", true},
		{"unterminated metadata", "{-# dialect_resources: { builtin: { a: \"0x0400000001\" } }\n", "1:58", "expected ',' or '#-}'", true},
		// Errors the syntax layer finds where MLIR reports something else
		// first (MLIR knows which custom ops exist; it decodes blobs as it
		// reads them).
		{"unterminated metadata, short blob", "{-# dialect_resources: { builtin: { a: \"0x04\" } }\n", "1:50", "expected ',' or '#-}'", false},
		{"error in custom op region", "func.func @f() {\n  x.op {\n    %0 = \"x\n  }\n  return\n}", "3:12", `expected '"' in string literal`, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := parseSyntax("bad.mlir", []byte(tc.src))
			require.Error(t, err)
			var perr participle.Error
			require.ErrorAs(t, err, &perr)
			pos := perr.Position()
			assert.Equal(t, "bad.mlir", pos.Filename)
			assert.Equal(t, tc.pos, fmt.Sprintf("%d:%d", pos.Line, pos.Column), "error: %v", err)
			assert.Contains(t, perr.Message(), tc.msg)
			assert.True(t, strings.HasPrefix(err.Error(), "bad.mlir:"+tc.pos+": "), err.Error())
		})
	}

	// The oracle: mlir-opt-19 must report its first error for each case
	// marked mlir where we do. All cases go through one mlir-opt run with
	// --split-input-file, which ends each case with a newline, so ours is
	// computed on src+"\n" too.
	bin := mlirOpt()
	if bin == "" {
		// The checks above ran; the oracle half did not, and the result says so.
		t.Skip("mlir-opt-19 not installed: the oracle comparison did not run (make deps installs it)")
	}
	var combined strings.Builder
	var cases []int     // indices into tests
	var startLine []int // first line of each case in combined
	line := 1
	for i, tc := range tests {
		if !tc.mlir {
			continue
		}
		if len(cases) > 0 {
			combined.WriteString("// -----\n")
			line++
		}
		cases = append(cases, i)
		startLine = append(startLine, line)
		combined.WriteString(tc.src + "\n")
		line += strings.Count(tc.src, "\n") + 1
	}
	_, stderr, _ := runMLIROpt(t, bin, combined.String(), "--split-input-file")
	mlirPos := map[int]string{} // case index -> first error "line:col"
	for _, l := range strings.Split(stderr, "\n") {
		var split, ln, col int
		if n, _ := fmt.Sscanf(l, "within split at <stdin>:%d offset :%d:%d: error:", &split, &ln, &col); n != 3 {
			continue
		}
		abs := split + ln - 1
		k := len(startLine) - 1
		for k > 0 && startLine[k] > abs {
			k--
		}
		if _, seen := mlirPos[k]; !seen {
			mlirPos[k] = fmt.Sprintf("%d:%d", abs-startLine[k]+1, col)
		}
	}
	require.Len(t, mlirPos, len(cases), "mlir-opt accepted some malformed cases:\n%s", stderr)
	for k, i := range cases {
		tc := tests[i]
		_, err := parseSyntax("bad.mlir", []byte(tc.src+"\n"))
		var perr participle.Error
		if !assert.ErrorAs(t, err, &perr, tc.name) {
			continue
		}
		ours := fmt.Sprintf("%d:%d", perr.Position().Line, perr.Position().Column)
		assert.Equal(t, mlirPos[k], ours, "%s: mlir-opt and we disagree on %q (ours: %v)", tc.name, tc.src, err)
	}
}

func TestDeepNesting(t *testing.T) {
	const n = 10000
	build := func(open, mid, close string) string {
		return strings.Repeat(open, n) + mid + strings.Repeat(close, n)
	}
	// Regions.
	src := build(`"x.r"() ({`+"\n", `"x.leaf"() : () -> ()`+"\n", "}) : () -> ()\n")
	_, err := parseSyntax("deep.mlir", []byte(src))
	require.NoError(t, err)
	// Arrays.
	_, err = parseSyntax("deep.mlir", []byte(`"x.op"() {a = `+build("[", "1", "]")+`} : () -> ()`))
	require.NoError(t, err)
	// Dense literals.
	_, err = parseSyntax("deep.mlir", []byte(`"x.op"() {a = dense<`+build("[", "1", "]")+`> : tensor<1xi8>} : () -> ()`))
	require.NoError(t, err)
	// Types.
	_, err = parseSyntax("deep.mlir", []byte(`"x.op"() : () -> (`+build("tensor<", "f32", ">")+`)`))
	require.NoError(t, err)
	_, err = parseSyntax("deep.mlir", []byte(`"x.op"() : () -> (`+build("tuple<", "", ">")+`)`))
	require.NoError(t, err)
	// Dialect type bodies and custom ops.
	_, err = parseSyntax("deep.mlir", []byte(`"x.op"() : () -> (!x.t`+build("<", "", ">")+`)`))
	require.NoError(t, err)
	_, err = parseSyntax("deep.mlir", []byte("x.op "+build("{", "", "}")))
	require.NoError(t, err)
	// An error at the bottom is positioned.
	_, err = parseSyntax("deep.mlir", []byte(`"x.op"() {a = `+build("[", "?", "]")+`} : () -> ()`))
	require.Error(t, err)
	assert.Contains(t, err.Error(), fmt.Sprintf("deep.mlir:1:%d: expected attribute value", 15+n))
}

// TestLongOperandList checks that the statement-start scan in custom ops
// stays linear on a long operand list.
func TestLongOperandList(t *testing.T) {
	var b strings.Builder
	b.WriteString("func.func @f() {\n  x.op %v0")
	for i := 1; i < 100000; i++ {
		fmt.Fprintf(&b, ", %%v%d", i)
	}
	b.WriteString("\n  return\n}")
	f, err := parseSyntax("long.mlir", []byte(b.String()))
	require.NoError(t, err)
	ops := f.Items[0].(*astOp).Form.(*astFuncForm).Body.Blocks[0].Ops
	require.Len(t, ops, 2)
	assert.Len(t, ops[0].Form.(*astCustomForm).tokens(), 2*100000-1)
}
