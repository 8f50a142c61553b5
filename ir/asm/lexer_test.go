package asm

import (
	"fmt"
	"strings"
	"testing"

	"github.com/alecthomas/participle/v2/lexer"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// lexString lexes src into "Kind:value" strings (EOF excluded).
func lexKinds(src string) []string {
	var out []string
	for _, t := range lexAll("t.mlir", src) {
		if t.Type == lexer.EOF {
			break
		}
		out = append(out, lexTokKindName(t.Type)+":"+t.Value)
	}
	return out
}

func TestLexTokens(t *testing.T) {
	tests := []struct {
		src  string
		want []string
	}{
		{`%0 = "x.op"(%arg0, %a_b.c-d$1#2) : (i32) -> f32`, []string{
			"ValueID:%0", "Equal:=", `String:"x.op"`, "LParen:(", "ValueID:%arg0", "Comma:,",
			"ValueID:%a_b.c-d$1", "HashID:#2", "RParen:)", "Colon::", "LParen:(", "Ident:i32", "RParen:)",
			"Arrow:->", "Ident:f32"}},
		{"^bb0 ^bb_1.x @main @\"q s\" @a.b-c", []string{"CaretID:^bb0", "CaretID:^bb_1.x", "AtID:@main", `AtID:@"q s"`, "AtID:@a.b-c"}},
		{"tensor<1x64x56x56xf32>", []string{"Ident:tensor", "Less:<", "Int:1", "Ident:x64x56x56xf32", "Greater:>"}},
		{"tensor<0x4xf32> 0x1F 0xg", []string{"Ident:tensor", "Less:<", "Int:0x4", "Ident:xf32", "Greater:>", "Int:0x1F", "Int:0", "Ident:xg"}},
		{"4x?x*xf32", []string{"Int:4", "Ident:x", "Question:?", "Ident:x", "Star:*", "Ident:xf32"}},
		{"1.5 -2.0e-3 1. 1.e5 2E+7 3e 1...", []string{"Float:1.5", "Minus:-", "Float:2.0e-3", "Float:1.", "Float:1.e5", "Int:2", "Ident:E", "Plus:+", "Int:7", "Int:3", "Ident:e", "Int:1", "Ellipsis:..."}},
		{`"a\"b\0A\\" "" "tab\t"`, []string{`String:"a\"b\0A\\"`, `String:""`, `String:"tab\t"`}},
		{"{-# dialect_resources: {} #-}", []string{"MetaBegin:{-#", "Ident:dialect_resources", "Colon::", "LBrace:{", "RBrace:}", "MetaEnd:#-}"}},
		{"!quant.uniform<i8:f32, 0.1:-3>", []string{"BangID:!quant.uniform", "Body:<i8:f32, 0.1:-3>"}},
		{"!x.t <i32>", []string{"BangID:!x.t", "Less:<", "Ident:i32", "Greater:>"}},
		{`#x.e<"a>b", (i32) -> i64, [{<>}]> #alias #0`, []string{`HashID:#x.e`, `Body:<"a>b", (i32) -> i64, [{<>}]>`, "HashID:#alias", "HashID:#0"}},
		{"#x<a\n  b> c", []string{"HashID:#x", "Body:<a\n  b>", "Ident:c"}},
		{"[ ] ( ) { } < > , = + * ? | :", []string{"LSquare:[", "RSquare:]", "LParen:(", "RParen:)", "LBrace:{", "RBrace:}",
			"Less:<", "Greater:>", "Comma:,", "Equal:=", "Plus:+", "Star:*", "Question:?", "VBar:|", "Colon::"}},
		{"a // comment \"x\n b//c\n//d", []string{"Ident:a", "Ident:b"}},
		{"a\r\nb\tc", []string{"Ident:a", "Ident:b", "Ident:c"}},
		{"_x $", []string{"Ident:_x", "Error:unexpected character"}},
		{"% ^ ! #", []string{"Error:invalid SSA name", "Error:invalid block name", "Error:invalid type identifier", "Error:invalid attribute name"}},
		{"@1 @", []string{"Error:@ identifier expected to start with letter or '_'", "Int:1", "Error:@ identifier expected to start with letter or '_'"}},
		{"\"abc\nd", []string{`Error:expected '"' in string literal`, "Ident:d"}},
		{`"a\qb" c`, []string{"Error:unknown escape in string literal", "Ident:c"}},
		{"!x.t<(]> y", []string{"BangID:!x.t", "Error:unbalanced '(' character in pretty dialect name", "Greater:>", "Ident:y"}},
		{"é.", []string{"Error:unexpected character", "Error:expected three consecutive dots for an ellipsis"}},
		{"\xff\xfe", []string{"Error:unexpected character", "Error:unexpected character"}},
		{"", nil},
	}
	for _, tc := range tests {
		t.Run(tc.src, func(t *testing.T) {
			assert.Equal(t, tc.want, lexKinds(tc.src))
		})
	}
}

func TestLexPositions(t *testing.T) {
	src := "%a = \"h\u00e9\" // c\r\n  !x.t<1\n2> %b\n\n  @f"
	var got []string
	for _, tok := range lexAll("f.mlir", src) {
		got = append(got, fmt.Sprintf("%s@%d:%d+%d", lexTokKindName(tok.Type), tok.Pos.Line, tok.Pos.Column, tok.Pos.Offset))
		assert.Equal(t, "f.mlir", tok.Pos.Filename)
		if tok.Type != lexer.EOF && tok.Type != tokError {
			assert.Equal(t, tok.Value, src[tok.Pos.Offset:tok.Pos.Offset+len(tok.Value)], "values slice the source")
		}
	}
	// Columns and offsets count bytes (é is two); CR LF ends a line.
	assert.Equal(t, []string{
		"ValueID@1:1+0", "Equal@1:4+3", "String@1:6+5",
		"BangID@2:3+19", "Body@2:7+23", "ValueID@3:4+29",
		"AtID@5:3+35", "EOF@5:5+37",
	}, got)
}

// TestLexDefinition checks the participle lexer.Definition plumbing.
func TestLexDefinition(t *testing.T) {
	syms := mlirLexer.Symbols()
	assert.Equal(t, lexer.EOF, syms["EOF"])
	assert.Equal(t, tokIdent, syms["Ident"])
	assert.Equal(t, tokBody, syms["Body"])
	assert.Len(t, syms, int(tokLastKind))
	for name, kind := range syms {
		assert.Equal(t, name, lexTokKindName(kind))
	}

	lx, err := mlirLexer.Lex("r.mlir", strings.NewReader("%x = i32"))
	require.NoError(t, err)
	toks, err := lexer.ConsumeAll(lx)
	require.NoError(t, err)
	require.Len(t, toks, 4)
	assert.Equal(t, "i32", toks[2].Value)
	assert.Equal(t, lexer.Position{Filename: "r.mlir", Offset: 8, Line: 1, Column: 9}, toks[3].Pos)

	lx, err = mlirLexer.(lexer.BytesDefinition).LexBytes("b.mlir", []byte("a b"))
	require.NoError(t, err)
	toks, err = lexer.ConsumeAll(lx)
	require.NoError(t, err)
	assert.Len(t, toks, 3)
	// After EOF the lexer keeps returning EOF.
	tok, err := lx.Next()
	require.NoError(t, err)
	assert.True(t, tok.EOF())
}

func TestUnquote(t *testing.T) {
	tests := map[string]string{
		`""`:            "",
		`"plain"`:       "plain",
		`"a\"b"`:        `a"b`,
		`"back\\slash"`: `back\slash`,
		`"\n\t"`:        "\n\t",
		`"\0A\ff\00"`:   "\n\xff\x00",
		`"h\C3\A9"`:     "hé",
	}
	for raw, want := range tests {
		assert.Equal(t, want, syntaxUnquote(raw), raw)
	}
}
