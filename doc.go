// Package mlc is the root of the mlc compiler: an MLIR-style, multi-dialect
// ML compiler in Go. The packages below it are layered
//
//	ir < ir/asm < rewrite < dialects < lowering, translate, interp < tools
//
// and layers_test.go fails any import that goes up a layer.
package mlc
