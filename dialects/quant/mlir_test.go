package quant_test

import (
	"bytes"
	"fmt"
	"math"
	"math/rand"
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mlc-go/mlc/dialects/builtin"
	function "github.com/mlc-go/mlc/dialects/func"
	"github.com/mlc-go/mlc/dialects/quant"
	"github.com/mlc-go/mlc/internal/testutil"
	"github.com/mlc-go/mlc/ir"
	"github.com/mlc-go/mlc/ir/asm"
)

func newContext() *ir.Context {
	ctx := ir.NewContext()
	builtin.Register(ctx)
	function.Register(ctx)
	quant.Register(ctx)
	return ctx
}

// mlcPrint parses src and prints it as mlir-opt --mlir-print-local-scope
// does.
func mlcPrint(name string, src []byte) (string, error) {
	ctx := newContext()
	m, err := asm.Parse(ctx, name, src, 1)
	if err != nil {
		return "", err
	}
	if err := ir.Verify(m); err != nil {
		return "", err
	}
	var b bytes.Buffer
	if err := asm.Print(&b, m, asm.PrintOptions{LocalScope: true}); err != nil {
		return "", err
	}
	return b.String(), nil
}

func mlirOpt(t *testing.T) string {
	t.Helper()
	p, err := exec.LookPath("mlir-opt-19")
	if err != nil {
		return ""
	}
	return p
}

func runMLIR(bin string, src []byte, args ...string) (string, error) {
	cmd := exec.Command(bin, append(args, "-")...)
	cmd.Stdin = bytes.NewReader(src)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		return stdout.String(), fmt.Errorf("%v: %s", err, stderr.String())
	}
	return stdout.String(), nil
}

// TestTypeSpellingsMatchMLIR: every spelling in testdata/types.mlir prints
// as mlir-opt-19 prints it. The golden file is mlir-opt-19's output, so
// the test also runs where mlir-opt-19 is not installed; where it is, its
// output is checked against the golden file too (-update rewrites it).
func TestTypeSpellingsMatchMLIR(t *testing.T) {
	src, err := os.ReadFile("testdata/types.mlir")
	require.NoError(t, err)
	if bin := mlirOpt(t); bin != "" {
		theirs, err := runMLIR(bin, src, "--mlir-print-local-scope")
		require.NoError(t, err)
		testutil.Golden(t, "testdata/types.mlir.golden", theirs)
	}
	golden, err := os.ReadFile("testdata/types.mlir.golden")
	require.NoError(t, err)
	ours, err := mlcPrint("types.mlir", src)
	require.NoError(t, err)
	if ours != string(golden) {
		t.Errorf("mlc prints the types differently from mlir-opt-19:\n%s", testutil.Diff(string(golden), ours))
	}
	// The printed text is a fixed point.
	again, err := mlcPrint("golden", golden)
	require.NoError(t, err)
	assert.Equal(t, string(golden), again)
}

// TestRandomScalesMatchMLIR prints thousands of doubles as scales, given
// as exact bit patterns, through both tools.
func TestRandomScalesMatchMLIR(t *testing.T) {
	bin := mlirOpt(t)
	if bin == "" {
		t.Skip("mlir-opt-19 not installed (make deps installs it)")
	}
	r := rand.New(rand.NewSource(19))
	var src strings.Builder
	var want []string
	for i := 0; i < 3000; i++ {
		var v float64
		switch i % 5 {
		case 0: // any positive finite double
			v = math.Float64frombits(r.Uint64() & 0x7FEFFFFFFFFFFFFF)
		case 1: // short binary fractions, as calibration tools produce
			v = math.Ldexp(float64(r.Intn(1<<20)+1), r.Intn(80)-60)
		case 2: // short decimals
			v = float64(r.Intn(100000)+1) * math.Pow(10, float64(r.Intn(30)-20))
		case 3:
			v = r.Float64() * math.Pow(10, float64(r.Intn(20)-10))
		case 4: // float32 values, as ONNX scales are
			v = float64(float32(r.Float64() * math.Pow(2, float64(r.Intn(40)-30))))
		}
		if !(v > 0) || math.IsInf(v, 0) {
			v = 0.5
		}
		fmt.Fprintf(&src, "func.func private @s%d(!quant.uniform<i8:f32, 0x%X>)\n", i, math.Float64bits(v))
		want = append(want, fmt.Sprintf("  func.func private @s%d(!quant.uniform<i8:f32, %s>)", i, quant.FormatScale(v)))
	}
	theirs, err := runMLIR(bin, []byte(src.String()))
	require.NoError(t, err)
	got := strings.Split(strings.TrimSpace(theirs), "\n")
	require.Len(t, got, len(want)+2)
	bad := 0
	for i, w := range want {
		if got[i+1] != w && bad < 10 {
			bad++
			t.Errorf("mlir-opt-19: %s\nmlc:         %s", got[i+1], w)
		}
	}
	ours, err := mlcPrint("scales", []byte(src.String()))
	require.NoError(t, err)
	if strings.TrimSpace(ours) != strings.TrimSpace(theirs) {
		t.Errorf("mlc and mlir-opt-19 print the module differently:\n%s", testutil.Diff(theirs, ours))
	}
}

type invalidCase struct {
	line        int // line of the chunk's func.func in the file
	message     string
	mlirAccepts bool
	src         string
}

func invalidCases(t *testing.T) []invalidCase {
	src, err := os.ReadFile("testdata/invalid_types.mlir")
	require.NoError(t, err)
	var out []invalidCase
	line := 1
	for _, chunk := range strings.Split(string(src), "// -----\n") {
		c := invalidCase{src: chunk}
		for i, l := range strings.Split(chunk, "\n") {
			if m, ok := strings.CutPrefix(l, "// ERROR: "); ok {
				c.message = m
			}
			if l == "// MLIR-ACCEPTS" {
				c.mlirAccepts = true
			}
			if strings.HasPrefix(l, "func.func") {
				c.line = line + i
			}
		}
		require.NotEmpty(t, c.message, "chunk at line %d has no ERROR line", line)
		require.NotZero(t, c.line, "chunk at line %d has no func.func line", line)
		out = append(out, c)
		line += strings.Count(chunk, "\n") + 1
	}
	return out
}

var (
	splitErrRE = regexp.MustCompile(`within split at [^\n]*?:(\d+) offset :(\d+):\d+: error:`)
	plainErrRE = regexp.MustCompile(`(?m)^[^\n:]*:(\d+):\d+: error:`)
)

// mlirErrorLines runs mlir-opt-19 --split-input-file on a file and returns
// the lines (of the whole file) where it reported errors.
func mlirErrorLines(t *testing.T, bin, path string) map[int]bool {
	cmd := exec.Command(bin, "--split-input-file", path)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	_ = cmd.Run() // fails when any chunk fails
	lines := map[int]bool{}
	for _, m := range splitErrRE.FindAllStringSubmatch(out.String(), -1) {
		split, _ := strconv.Atoi(m[1])
		offset, _ := strconv.Atoi(m[2])
		lines[split+offset-1] = true
	}
	if len(lines) == 0 { // an mlir-opt that reports whole-file lines
		for _, m := range plainErrRE.FindAllStringSubmatch(out.String(), -1) {
			l, _ := strconv.Atoi(m[1])
			lines[l] = true
		}
	}
	return lines
}

// TestInvalidTypesMatchMLIR: every spelling in testdata/invalid_types.mlir
// is a positioned parse error in mlc, with the expected message, and is
// rejected by mlir-opt-19 as well — except the cases where mlc is
// deliberately stricter, which mlir-opt-19 accepts.
func TestInvalidTypesMatchMLIR(t *testing.T) {
	cases := invalidCases(t)
	for _, c := range cases {
		_, err := mlcPrint("invalid_types.mlir", []byte(c.src))
		if assert.Error(t, err, "line %d", c.line) {
			assert.Contains(t, err.Error(), c.message, "line %d", c.line)
			d, ok := err.(*ir.Diagnostic)
			if assert.True(t, ok, "a diagnostic, not a bare error") {
				assert.Contains(t, d.Loc.String(), `"invalid_types.mlir":`, "positioned")
			}
		}
	}
	bin := mlirOpt(t)
	if bin == "" {
		return
	}
	rejected := mlirErrorLines(t, bin, "testdata/invalid_types.mlir")
	for _, c := range cases {
		if c.mlirAccepts {
			assert.False(t, rejected[c.line], "line %d: marked MLIR-ACCEPTS but mlir-opt-19 rejects it", c.line)
		} else {
			assert.True(t, rejected[c.line], "line %d: mlir-opt-19 accepts what mlc rejects with %q", c.line, c.message)
		}
	}
}

// TestOpsInteropWithMLIR: the generic form of the quant casts that
// mlir-opt-19 also defines (qcast, dcast, scast) is accepted by it and
// reads back to the same IR.
func TestOpsInteropWithMLIR(t *testing.T) {
	bin := mlirOpt(t)
	if bin == "" {
		t.Skip("mlir-opt-19 not installed (make deps installs it)")
	}
	src := `func.func @f(%x: tensor<2x3xf32>, %w: tensor<4x3xf32>, %s: f32) -> (tensor<2x3xi8>, tensor<4x3xf32>, f32) {
  %0 = quant.qcast %x : tensor<2x3xf32> to tensor<2x3x!quant.uniform<i8:f32, 0.0235:-3>>
  %1 = quant.scast %0 : tensor<2x3x!quant.uniform<i8:f32, 0.0235:-3>> to tensor<2x3xi8>
  %2 = quant.qcast %w : tensor<4x3xf32> to tensor<4x3x!quant.uniform<u8:f32:0, {0.1:1, 0.2:2, 0.3:3, 0.4}>>
  %3 = quant.dcast %2 : tensor<4x3x!quant.uniform<u8:f32:0, {0.1:1, 0.2:2, 0.3:3, 0.4}>> to tensor<4x3xf32>
  %4 = quant.qcast %s : f32 to !quant.uniform<i16:f32, 3.0517578125E-5>
  %5 = quant.dcast %4 : !quant.uniform<i16:f32, 3.0517578125E-5> to f32
  return %1, %3, %5 : tensor<2x3xi8>, tensor<4x3xf32>, f32
}`
	ctx := newContext()
	m, err := asm.Parse(ctx, "ops", []byte(src), 1)
	require.NoError(t, err)
	require.NoError(t, ir.Verify(m))
	var generic bytes.Buffer
	require.NoError(t, asm.Print(&generic, m, asm.PrintOptions{Generic: true, LocalScope: true}))
	theirs, err := runMLIR(bin, generic.Bytes(), "--mlir-print-op-generic", "--mlir-print-local-scope")
	require.NoError(t, err, "mlir-opt-19 rejects our generic form:\n%s", generic.String())
	ctx2 := newContext()
	m2, err := asm.Parse(ctx2, "mlir-opt output", []byte(theirs), 1)
	require.NoError(t, err)
	require.NoError(t, ir.Verify(m2))
	var back bytes.Buffer
	require.NoError(t, asm.Print(&back, m2, asm.PrintOptions{Generic: true, LocalScope: true}))
	assert.Equal(t, generic.String(), back.String())
}
