// Package asm reads and writes MLIR's textual IR (MLIR 19 syntax) for
// the ir package: Parse and ParseFile build a builtin.module from text,
// ParseType reads one type, and Print, String and WriteFile print
// operations in the custom or the generic form, with locations, aliases
// and dialect resources. It follows mlir-opt-19's parser and printer,
// with MLIR's error messages, so the two tools exchange files.
//
// # Layers
//
// Text goes through three stages, each in its own files:
//
//   - the lexer (lexer.go) turns text into tokens, as MLIR's Lexer does;
//   - the syntax layer (grammar*.go, ast.go) parses tokens into a syntax
//     tree that knows no dialect: custom-form ops keep their tokens;
//   - the resolver (resolve*.go, split like the grammar files into ops,
//     attributes, types and locations) builds ir objects from the tree,
//     binds SSA names, checks types and interns everything in the context.
//
// Large files stream (stream.go): the syntax layer and the resolver run
// on two goroutines. Every error is an *ir.Diagnostic positioned at a
// line and column of the file; bad input never panics.
//
// # Dialect extensions
//
// Dialects extend the syntax through their definitions in an
// ir.Context, never through process-wide registries, so two contexts in
// one process may hold different dialects and formats:
//
//   - an op's custom form is a CustomFormat attached to its ir.OpInfo:
//     its parser reads the op's tokens through an OpParser and its
//     printer writes through a Printer (dialects/ods builds both from
//     declarative formats);
//   - a dialect's types are parsed by a TypeSyntax attached to its
//     ir.Dialect, reading the type's tokens through a TypeParser, a cursor
//     over the file's own lexer (MLIR's DialectAsmParser), so errors
//     inside a type point at the offending token.
//
// The forms of builtin.module, func.func, func.return and func.call are
// part of the core syntax and live here.
//
// # Tests of diagnostics
//
// SplitInput and DiagVerifier implement mlir-opt's --split-input-file
// and --verify-diagnostics (diagverify.go).
package asm
