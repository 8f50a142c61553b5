package asm

import (
	"os"
	"testing"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
)

// FuzzParseSyntax: the syntax layer never panics or hangs; every error is a
// participle.Error positioned inside the input; whatever parses prints to
// text that parses again and prints identically; the raw tokens of custom
// ops can be re-parsed without panicking.
func FuzzParseSyntax(f *testing.F) {
	for _, file := range testdataFiles(f) {
		src, err := os.ReadFile(file)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(src)
	}
	for _, s := range []string{
		`"x.op"() {a = dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>} : () -> ()`,
		`%0:2 = "x.op"(%a#1)[^bb1] <{p}> ({^bb1(%x: i32 loc("a":1:2)):}) : (i32) -> (i32, i32) loc(fused["a":1:2])`,
		"x.op %a, %b {k} : i32\n%r = x.y %a = %b\n^bb0:",
		`!a = !x.t<"str", (]>`,
		"{-# dialect_resources: { builtin: { k: \"0x04\" } } #-}",
	} {
		f.Add([]byte(s))
	}
	customParser := participle.MustBuild[fuzzCustomSyntax](participle.Lexer(mlirLexer))
	f.Fuzz(func(t *testing.T, src []byte) {
		file, err := parseSyntax("fuzz.mlir", src)
		if err != nil {
			perr, ok := err.(participle.Error)
			if !ok {
				t.Fatalf("error is not a participle.Error: %T %v", err, err)
			}
			pos := perr.Position()
			if pos.Filename != "fuzz.mlir" || pos.Line < 1 || pos.Column < 1 || pos.Offset < 0 || pos.Offset > len(src) {
				t.Fatalf("badly positioned error %#v: %v", pos, err)
			}
			return
		}
		printed := printSyntax(file)
		if viaTokens := parseSyntaxTokens(t, "fuzz.mlir", string(src)); printSyntax(viaTokens) != printed {
			t.Fatalf("parsing from text and from tokens differ:\n%s\n---\n%s", printed, printSyntax(viaTokens))
		}
		again, err := parseSyntax("printed.mlir", []byte(printed))
		if err != nil {
			t.Fatalf("printed tree does not parse: %v\n%s", err, printed)
		}
		if second := printSyntax(again); second != printed {
			t.Fatalf("printing is not a fixpoint:\n%s\n---\n%s", printed, second)
		}
		walkCustomForms(file, func(cf *astCustomForm) {
			c, err := cf.cursor()
			if err != nil {
				return
			}
			for !c.AtEnd() {
				if _, err := c.Attr(); err == nil {
					continue
				}
				if _, err := c.Next(); err != nil {
					return
				}
			}
			_, _ = customParser.ParseFromLexer(syntaxTokenLexer(cf.tokens(), cf.EndPos))
		})
	})
}

// fuzzCustomSyntax exercises the Parseable adapters on arbitrary tokens.
type fuzzCustomSyntax struct {
	Pos   lexer.Position
	Items []*fuzzCustomItem `parser:"@@*"`
}

type fuzzCustomItem struct {
	Use    *syntaxValueUseNode `parser:"  @@"`
	Region *syntaxRegionNode   `parser:"| @@"`
	Loc    *syntaxLocNode      `parser:"| @@"`
	Type   *syntaxTypeNode     `parser:"| ':' @@"`
	Attr   *syntaxAttrNode     `parser:"| '=' @@"`
	Other  string              `parser:"| @(Ident | Comma | Int | String)"`
}

// walkCustomForms calls fn for every custom-form op in the file, including
// those nested in regions of parsed ops.
func walkCustomForms(f *astFile, fn func(*astCustomForm)) {
	var op func(*astOp)
	region := func(r *astRegion) {
		if r == nil {
			return
		}
		for _, b := range r.Blocks {
			for _, o := range b.Ops {
				op(o)
			}
		}
	}
	op = func(o *astOp) {
		switch f := o.Form.(type) {
		case *astCustomForm:
			fn(f)
		case *astGenericForm:
			for _, r := range f.Regions {
				region(r)
			}
		case *astModuleForm:
			region(f.Body)
		case *astFuncForm:
			region(f.Body)
		}
	}
	for _, it := range f.Items {
		if o, ok := it.(*astOp); ok {
			op(o)
		}
	}
}

// parseSyntaxTokens parses src from a token slice, the path that keeps custom
// forms as tokens and takes no text shortcuts (skipSimpleLine, cachedType).
func parseSyntaxTokens(t *testing.T, filename, src string) *astFile {
	t.Helper()
	p := newSyntaxParser(newSyntaxSliceSource(lexAll(filename, src), lexer.Position{}))
	var err error
	var f *astFile
	func() {
		defer p.recoverError(&err)
		f = p.parseFile()
	}()
	if err != nil {
		t.Fatalf("parse from tokens failed where parse from text succeeded: %v", err)
	}
	return f
}
