// Command gen-generic writes a large, deterministic MLIR module in generic
// operation form, used to benchmark the ir/asm parser against mlir-opt.
//
// The module is a builtin.module holding one func.func @main whose body is
// -ops operations of an unregistered "gen" dialect in generic form ("gen.add"(%3, %7) {...} : (...) -> ...)
// with a mix of op names, operand counts, multi-result ops, attribute kinds
// (integers, floats, strings, arrays, booleans, unit, dense splats) and ops
// carrying a region (each adding two nested ops), ending in a valid
// func.return. -ops 200000 gives about 29 MB. The same -seed always gives
// the same bytes. The output is accepted by
//
//	mlir-opt-19 --allow-unregistered-dialect FILE
//
// Usage:
//
//	go run ./bench/gen-generic -ops 200000 -o /tmp/generic-200k.mlir
package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"strconv"
)

// A few tensor types the generated values take; index 0 dominates.
var tensorTypes = []string{
	"tensor<1x64x56x56xf32>",
	"tensor<1x128x28x28xf32>",
	"tensor<1x1000xf32>",
	"tensor<64xf32>",
}

type value struct {
	name string // "%12", "%5#1", "%arg0"
	ty   int    // index into tensorTypes
}

type gen struct {
	w    *bufio.Writer
	rng  *rand.Rand
	vals []value // values defined so far, in order
	next int     // next SSA number
}

func (g *gen) pick(ty int) value {
	// Prefer recent values of the wanted type (a short look-back window keeps
	// uses local, like real models), fall back to any value of that type.
	n := len(g.vals)
	for tries := 0; tries < 8; tries++ {
		i := n - 1 - g.rng.IntN(min(n, 64))
		if g.vals[i].ty == ty {
			return g.vals[i]
		}
	}
	for i := n - 1; i >= 0; i-- {
		if g.vals[i].ty == ty {
			return g.vals[i]
		}
	}
	panic("no value of type " + tensorTypes[ty])
}

func (g *gen) typeOf() int {
	switch r := g.rng.IntN(20); {
	case r < 14:
		return 0
	case r < 17:
		return 1
	case r < 19:
		return 2
	default:
		return 3
	}
}

// attrs returns a random attribute dictionary (possibly empty).
func (g *gen) attrs() string {
	switch g.rng.IntN(11) {
	case 0, 1, 10:
		return ""
	case 2:
		return " {attr = " + strconv.Itoa(g.rng.IntN(100)) + " : i64}"
	case 3:
		return fmt.Sprintf(" {alpha = %.6e : f32, name = \"layer_%d\"}", g.rng.Float64(), g.rng.IntN(1000))
	case 4:
		return " {dilations = [1, 1], padding = [3, 3, 3, 3], strides = [2, 2]}"
	case 5:
		return fmt.Sprintf(" {bias = dense<%.6e> : tensor<64xf32>, fused}", g.rng.Float64())
	case 6:
		return " {axis = -1 : i64, keepdims = true}"
	case 7:
		return fmt.Sprintf(" {perm = array<i64: 0, 2, 3, 1>, scale = %d.5 : f64}", g.rng.IntN(9))
	case 8:
		return " {mode = \"bilinear\", align_corners = false}"
	default:
		return fmt.Sprintf(" {attr = %d : i64}", g.rng.IntN(1<<20))
	}
}

var unary = []string{"gen.relu", "gen.sigmoid", "gen.tanh", "gen.neg", "gen.gelu"}
var binary = []string{"gen.add", "gen.mul", "gen.sub", "gen.div", "gen.max"}

func (g *gen) define(ty int) string {
	name := "%" + strconv.Itoa(g.next)
	g.next++
	g.vals = append(g.vals, value{name, ty})
	return name
}

func (g *gen) op() {
	w := g.w
	switch r := g.rng.IntN(100); {
	case r < 38: // binary
		ty := g.typeOf()
		a, b := g.pick(ty), g.pick(ty)
		t := tensorTypes[ty]
		res := g.define(ty)
		fmt.Fprintf(w, "    %s = %q(%s, %s)%s : (%s, %s) -> %s\n", res, binary[g.rng.IntN(len(binary))], a.name, b.name, g.attrs(), t, t, t)
	case r < 70: // unary
		ty := g.typeOf()
		a := g.pick(ty)
		t := tensorTypes[ty]
		res := g.define(ty)
		fmt.Fprintf(w, "    %s = %q(%s)%s : (%s) -> %s\n", res, unary[g.rng.IntN(len(unary))], a.name, g.attrs(), t, t)
	case r < 76: // conv-like, 3 operands
		x := g.pick(0)
		wt, bias := g.pick(3), g.pick(3)
		res := g.define(0)
		fmt.Fprintf(w, "    %s = \"gen.conv2d\"(%s, %s, %s) {dilations = [1, 1], group = 1 : i64, padding = [1, 1, 1, 1], strides = [1, 1]} : (%s, %s, %s) -> %s\n",
			res, x.name, wt.name, bias.name, tensorTypes[0], tensorTypes[3], tensorTypes[3], tensorTypes[0])
	case r < 84: // constant with a dense splat
		ty := 3
		if g.rng.IntN(2) == 0 {
			ty = 2
		}
		res := g.define(ty)
		fmt.Fprintf(w, "    %s = \"gen.constant\"() {value = dense<%.6e> : %s} : () -> %s\n", res, g.rng.Float64()-0.5, tensorTypes[ty], tensorTypes[ty])
	case r < 90: // multi-result split, then a use of #1
		ty := g.typeOf()
		a := g.pick(ty)
		t := tensorTypes[ty]
		base := "%" + strconv.Itoa(g.next)
		g.next++
		g.vals = append(g.vals, value{base + "#0", ty}, value{base + "#1", ty})
		fmt.Fprintf(w, "    %s:2 = \"gen.split\"(%s) {axis = 1 : i64, sizes = [1, 1]} : (%s) -> (%s, %s)\n", base, a.name, t, t, t)
	case r < 95: // op with a reduction region
		ty := g.typeOf()
		a := g.pick(ty)
		t := tensorTypes[ty]
		res := g.define(ty)
		fmt.Fprintf(w, "    %s = \"gen.reduce\"(%s) ({\n", res, a.name)
		fmt.Fprintf(w, "    ^bb0(%%lhs: f32, %%rhs: f32):\n")
		fmt.Fprintf(w, "      %%s = \"gen.scalar_add\"(%%lhs, %%rhs) : (f32, f32) -> f32\n")
		fmt.Fprintf(w, "      \"gen.yield\"(%%s) : (f32) -> ()\n")
		fmt.Fprintf(w, "    }) {axis = %d : i64, init = 0.000000e+00 : f32} : (%s) -> %s\n", g.rng.IntN(4), t, t)
	default: // variadic concat
		ty := g.typeOf()
		n := 2 + g.rng.IntN(4)
		t := tensorTypes[ty]
		ops := make([]string, n)
		tys := make([]string, n)
		for i := range ops {
			ops[i] = g.pick(ty).name
			tys[i] = t
		}
		res := g.define(ty)
		fmt.Fprintf(w, "    %s = \"gen.concat\"(", res)
		for i, o := range ops {
			if i > 0 {
				io.WriteString(w, ", ")
			}
			io.WriteString(w, o)
		}
		io.WriteString(w, ") {axis = 1 : i64} : (")
		for i, s := range tys {
			if i > 0 {
				io.WriteString(w, ", ")
			}
			io.WriteString(w, s)
		}
		fmt.Fprintf(w, ") -> %s\n", t)
	}
}

func main() {
	ops := flag.Int("ops", 200000, "number of operations in the function body (excluding nested ones)")
	out := flag.String("o", "", "output file (default stdout)")
	seed := flag.Uint64("seed", 1, "random seed")
	flag.Parse()

	var f io.Writer = os.Stdout
	if *out != "" {
		file, err := os.Create(*out)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		defer file.Close()
		f = file
	}
	g := &gen{w: bufio.NewWriterSize(f, 1<<20), rng: rand.New(rand.NewPCG(*seed, 0x6d6c63))}
	w := g.w
	io.WriteString(w, "// Generated by bench/gen-generic; DO NOT EDIT.\n")
	io.WriteString(w, "module {\n")
	io.WriteString(w, "  func.func @main(")
	for i, t := range tensorTypes {
		if i > 0 {
			io.WriteString(w, ", ")
		}
		fmt.Fprintf(w, "%%arg%d: %s", i, t)
		g.vals = append(g.vals, value{"%arg" + strconv.Itoa(i), i})
	}
	fmt.Fprintf(w, ") -> %s {\n", tensorTypes[0])
	for i := 1; i < *ops; i++ {
		g.op()
	}
	fmt.Fprintf(w, "    func.return %s : %s\n", g.pick(0).name, tensorTypes[0])
	io.WriteString(w, "  }\n}\n")
	if err := w.Flush(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
