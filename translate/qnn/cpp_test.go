package qnnser

import (
	"archive/tar"
	"bytes"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/mlc-go/mlc/dialects/all"
	qd "github.com/mlc-go/mlc/dialects/qnn"
	"github.com/mlc-go/mlc/ir"
	"github.com/mlc-go/mlc/ir/asm"
)

// TestCPPCompilesAndRuns compiles each generated <m>.cpp of
// testdata/ops.mlir as C++20 against testdata/qnnstub (the SDK's
// declarations), links it with a QnnModel that records every
// addTensor/addNode call, runs it, and compares the calls with the
// graph: names, types, data types, dims, encodings, parameters, inputs,
// and each static tensor's BINLEN against its .bin entry.
func TestCPPCompilesAndRuns(t *testing.T) {
	cxx, err := exec.LookPath("g++")
	if err != nil {
		t.Skip("g++ is absent")
	}
	if testing.Short() {
		t.Skip("compiles C++")
	}
	src, err := os.ReadFile("testdata/ops.mlir")
	require.NoError(t, err)
	ctx := ir.NewContext()
	all.Register(ctx)
	m, err := asm.ParseFile(ctx, "testdata/ops.mlir", src)
	require.NoError(t, err)
	stub, err := filepath.Abs("testdata/qnnstub")
	require.NoError(t, err)
	fns := m.Region(0).Block(0).Ops()
	// The lowered exported models too, when bench/qnn-fixtures.sh made them.
	dir := os.Getenv("MLC_QNN_FIXTURES")
	if dir == "" {
		dir = "../../build/qnn-fixtures"
	}
	for _, model := range []string{"resnet18", "transformer_encoder"} {
		path := filepath.Join(dir, model+".qnn.mlir")
		src, err := os.ReadFile(path)
		if err != nil {
			continue
		}
		fm, err := asm.ParseFile(ctx, path, src)
		require.NoError(t, err)
		fn, err := FindFunc(fm, "")
		require.NoError(t, err)
		fns = append(fns, fn)
	}
	for _, fn := range fns {
		name := ir.SymbolName(fn)
		t.Run(name, func(t *testing.T) {
			g, err := buildGraph(fn)
			require.NoError(t, err)
			bin, err := g.bin()
			require.NoError(t, err)
			dir := t.TempDir()
			require.NoError(t, os.WriteFile(filepath.Join(dir, "model.cpp"), []byte(g.cpp(name)), 0o644))
			require.NoError(t, os.WriteFile(filepath.Join(dir, "bins.cpp"), binTable(t, bin), 0o644))
			exe := filepath.Join(dir, "model")
			out, err := exec.Command(cxx, "-std=c++20", "-Wall", "-Werror", "-pedantic", "-I", stub,
				filepath.Join(dir, "model.cpp"), filepath.Join(stub, "stub.cpp"), filepath.Join(dir, "bins.cpp"), "-o", exe).CombinedOutput()
			require.NoError(t, err, "%s", out)
			out, err = exec.Command(exe).CombinedOutput()
			require.NoError(t, err, "%s", out)
			require.Equal(t, expectedCalls(g, name), string(out))
		})
	}
}

// binTable defines BINVARSTART/BINLEN's helpers from the tar's entries,
// as qnn-model-lib-generator's objects would.
func binTable(t *testing.T, bin []byte) []byte {
	var b bytes.Buffer
	b.WriteString("#include <cstdint>\n#include <cstring>\nstatic unsigned char buf[1];\n")
	b.WriteString("void* binvar(const char*) { return buf; }\nuint32_t binlen(const char* n) {\n")
	tr := tar.NewReader(bytes.NewReader(bin))
	for {
		h, err := tr.Next()
		if err == io.EOF {
			break
		}
		require.NoError(t, err)
		fmt.Fprintf(&b, "  if (!strcmp(n, %q)) return %d;\n", strings.TrimSuffix(h.Name, ".raw"), h.Size)
	}
	b.WriteString("  return 0xffffffffu;\n}\n")
	return b.Bytes()
}

func tensorLine(what string, t *tensor) string {
	dims := make([]string, len(t.shape))
	for i, d := range t.shape {
		dims[i] = fmt.Sprint(d)
	}
	quant := "none"
	if t.q != nil {
		if so, ok := t.q.ScaleOffset(); ok {
			quant = fmt.Sprintf("%.9g:%d", so.Scale, so.Offset)
		} else {
			quant = fmt.Sprintf("axis%d", t.q.Axis)
			for _, so := range t.q.ScaleOffsets {
				quant += fmt.Sprintf(",%.9g:%d", so.Scale, so.Offset)
			}
		}
	}
	return fmt.Sprintf("%s %s type=%d dtype=%d dims=%s quant=%s size=%d\n", what, t.name, tensorTypeCode(t.kind),
		int(t.dtype), strings.Join(dims, "x"), quant, len(t.data))
}

func expectedCalls(g *graph, model string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "graph %s\n", model)
	for _, t := range g.tensors {
		if t.kind == qd.KindAppWrite || t.kind == qd.KindStatic {
			b.WriteString(tensorLine("tensor", t))
		}
	}
	for _, n := range g.nodes {
		ins := make([]string, len(n.inputs))
		for i, t := range n.inputs {
			ins[i] = t.name
		}
		fmt.Fprintf(&b, "node %s %s %s in=%s\n", n.name, Package, n.row.Type, strings.Join(ins, ","))
		for _, p := range n.params {
			var v string
			switch {
			case p.Kind.isTensor():
				parts := make([]string, len(p.ints))
				for i, x := range p.ints {
					parts[i] = fmt.Sprint(x)
				}
				v = strings.Join(parts, ",")
			case p.dtype == qd.Float32:
				v = fmt.Sprintf("%.9g", p.f)
			case p.dtype == qd.Bool8:
				v = map[bool]string{false: "0", true: "1"}[p.b]
			default:
				v = fmt.Sprint(p.ints[0])
			}
			fmt.Fprintf(&b, "param %s %s=%s\n", n.name, p.Name, v)
		}
		for _, t := range n.outputs {
			b.WriteString(tensorLine("output", t))
		}
	}
	return b.String()
}
