// Command gen-lower writes a large, deterministic network in core IR with
// calibration ranges on every op, for timing quantize and `mlc lower` as
// the op count grows: residual blocks of conv2d (1x1, 8 channels on 8x8
// images), relu and add, and every -fallback-th block a comparison and a
// select that no target runs, so lowering makes many partitions.
//
// Usage:
//
//	go run ./bench/gen-lower -ops 100000 -o /tmp/lower-100k.mlir
//
// -ops is approximate (whole blocks of 4 ops, plus the weights).
package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
)

const act = "tensor<1x8x8x8xf32>"

func main() {
	ops := flag.Int("ops", 10000, "approximate number of ops")
	fallback := flag.Int("fallback", 50, "a compare-and-select every this many blocks (0: none)")
	seed := flag.Uint64("seed", 1, "random seed for the weights")
	out := flag.String("o", "-", "output file")
	flag.Parse()
	w := io.Writer(os.Stdout)
	if *out != "-" {
		f, err := os.Create(*out)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		defer f.Close()
		w = f
	}
	b := bufio.NewWriterSize(w, 1<<20)
	defer b.Flush()
	write(b, *ops, *fallback, rand.New(rand.NewPCG(*seed, 2)))
}

func write(w *bufio.Writer, ops, fallback int, r *rand.Rand) {
	fmt.Fprintf(w, "func.func @main(%%x: %s {mlc.calib = array<f64: -4.0, 4.0>}) -> %s {\n", act, act)
	// Eight weight sets shared by the blocks, so the file stays small.
	for k := range 8 {
		fmt.Fprintf(w, "  %%w%d = core.constant dense<[", k)
		for o := range 8 {
			if o > 0 {
				w.WriteString(", ")
			}
			w.WriteString("[")
			for i := range 8 {
				if i > 0 {
					w.WriteString(", ")
				}
				fmt.Fprintf(w, "[[%.3f]]", r.Float64()*0.5-0.25)
			}
			w.WriteString("]")
		}
		fmt.Fprintf(w, "]> : tensor<8x8x1x1xf32>\n")
		fmt.Fprintf(w, "  %%b%d = core.constant dense<%.3f> : tensor<8xf32>\n", k, r.Float64()*0.2-0.1)
	}
	w.WriteString("  %zero = core.constant dense<0.0> : " + act + "\n")
	prev := "%x"
	blocks := max(1, (ops-17)/4)
	for i := range blocks {
		k := i % 8
		fmt.Fprintf(w, "  %%c%d = core.conv2d %s, %%w%d, %%b%d {mlc.calib = [array<f64: -6.0, 6.0>]} : (%s, tensor<8x8x1x1xf32>, tensor<8xf32>) -> %s\n",
			i, prev, k, k, act, act)
		fmt.Fprintf(w, "  %%r%d = core.relu %%c%d {mlc.calib = [array<f64: 0.0, 6.0>]} : %s\n", i, i, act)
		if fallback > 0 && i%fallback == fallback-1 {
			fmt.Fprintf(w, "  %%m%d = core.cmp \"gt\", %%r%d, %s : (%s, %s) -> tensor<1x8x8x8xi1>\n", i, i, prev, act, act)
			fmt.Fprintf(w, "  %%a%d = core.select %%m%d, %%r%d, %s {mlc.calib = [array<f64: -4.0, 6.0>]} : (tensor<1x8x8x8xi1>, %s, %s) -> %s\n",
				i, i, i, prev, act, act, act)
		} else {
			fmt.Fprintf(w, "  %%s%d = core.add %%r%d, %s {mlc.calib = [array<f64: -8.0, 8.0>]} : (%s, %s) -> %s\n", i, i, prev, act, act, act)
			fmt.Fprintf(w, "  %%a%d = core.clamp %%s%d {max = 4.0 : f32, min = -4.0 : f32, mlc.calib = [array<f64: -4.0, 4.0>]} : %s\n", i, i, act)
		}
		prev = fmt.Sprintf("%%a%d", i)
	}
	fmt.Fprintf(w, "  return %s : %s\n}\n", prev, act)
}
