package asm

import (
	"io"

	"github.com/mlc-go/mlc/ir"
	"github.com/mlc-go/mlc/ir/asm/bytecode"
)

// MLIR bytecode (ir/asm/bytecode) goes through this package so that every
// reader of IR takes both forms: Parse sees the bytecode magic and decodes
// the file, with this package's parsers as the textual fallback for the
// attributes and types that bytecode stores as text.

// BytecodeOptions control WriteBytecode (see bytecode.WriteOptions).
type BytecodeOptions = bytecode.WriteOptions

// WriteBytecode writes op as MLIR bytecode.
func WriteBytecode(w io.Writer, op *ir.Operation, opts BytecodeOptions) error {
	return bytecode.Write(w, op, opts)
}

// WriteBytecodeFile writes op as MLIR bytecode to path, atomically as
// WriteFile does.
func WriteBytecodeFile(path string, op *ir.Operation, opts BytecodeOptions) error {
	b, err := bytecode.Encode(op, opts)
	if err != nil {
		return err
	}
	return WriteFileFunc(path, func(w io.Writer) error { _, err := w.Write(b); return err })
}

// IsBytecode reports whether src is MLIR bytecode rather than text.
func IsBytecode(src []byte) bool { return bytecode.IsBytecode(src) }

func parseBytecode(ctx *ir.Context, filename string, src []byte) (*ir.Operation, error) {
	return bytecode.Read(ctx, filename, src, bytecode.ReadOptions{
		ParseAttr: func(text string) (ir.Attribute, error) { return ParseAttribute(ctx, text) },
		ParseType: func(text string) (ir.Type, error) { return ParseType(ctx, text) },
	})
}

// ParseAttribute parses one attribute from text, such as
// "#trt.precision<fp16>" or "dense<1.0> : tensor<2xf32>", with the
// dialects registered in ctx (MLIR's parseAttribute).
func ParseAttribute(ctx *ir.Context, text string) (a ir.Attribute, err error) {
	r := newResolver(ctx, "attribute", 1)
	r.textBudget = textBudgetFor(len(text))
	toks := lexAll("attribute", text)
	c, err := newSyntaxCursor(toks, toks[len(toks)-1].Pos)
	if err != nil {
		return nil, r.syntaxError(err)
	}
	at, err := c.Attr()
	if err != nil {
		return nil, r.syntaxError(err)
	}
	if !c.AtEnd() {
		return nil, r.syntaxError(c.Errorf("unexpected '%s' after the attribute", c.Peek().Value))
	}
	err = r.guard(func() { a = r.attr(at) })
	return a, err
}
