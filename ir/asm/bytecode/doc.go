// Package bytecode reads and writes MLIR's bytecode format (the
// "ML\xefR" files of mlir-opt --emit-bytecode) for the ir package: it
// reads the versions mlir-opt-19 reads (0 to 6) and writes 1 to 6, by
// default 6 as mlir-opt-19 does.
//
// Builtin attributes, types and locations use the builtin dialect's
// binary encodings, so mlir-opt-19 reads them natively; every other
// dialect's attributes and types (quant types, #trt.…) are written in
// MLIR's assembly-format fallback: their text, parsed back by the
// caller's ReadOptions.ParseAttr and ParseType (ir/asm), so this package
// imports only ir. A dialect whose entries mlir-opt-19 writes in its own
// binary encoding can decode them with a DialectCodec attached to its
// ir.Dialect (the quant dialect does). dense_resource blobs travel in the
// resource section, aligned as they were declared, and are written by
// reference, not copied.
//
// The builtin and func ops that mlir-opt-19 registers have their
// properties in MLIR's native encoding, both ways, from a table
// (nativeProps): mlir-opt-19 decodes a registered op's properties no other
// way. Every other op is written as MLIR writes ops it has not
// registered: its properties as one attribute (a dictionary).
//
// Errors are *ir.Diagnostic values at loc("file":1:N), where N is the
// 1-based byte position in the file (the file read as one line), so
// tools print them as file:1:N: error: …. Corrupt or truncated input
// never panics, and every count read from the file is checked against the
// bytes left before anything is allocated.
package bytecode
