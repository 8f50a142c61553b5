package main

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/mlc-go/mlc/internal/tensor"
	"github.com/mlc-go/mlc/internal/testutil"
)

// litInputs are the tensors the lit tests in lit-tests/interp read; they
// are generated here (go test ./tools/mlc -update) and the test fails when
// the committed files differ.
func litInputs() map[string]*tensor.Tensor {
	ones := tensor.New(tensor.F32, 1, 3, 8, 8)
	for i := range ones.Float32s() {
		ones.Float32s()[i] = 1
	}
	return map[string]*tensor.Tensor{
		"ones-1x3x8x8.npy": ones,
		"x-2x3.npy":        tensor.MustValues(tensor.F32, []int64{2, 3}, 1, -2, 3, -4, 5, -6),
		"x-2x3.pb":         tensor.MustValues(tensor.F32, []int64{2, 3}, 1, -2, 3, -4, 5, -6),
		"ties-8.npy":       tensor.MustValues(tensor.F32, []int64{8}, 0.5, 1.5, 2.5, -0.5, -1.5, -2.5, 0.35, 1000),
		"idx-2.npy":        tensor.MustValues(tensor.I64, []int64{2}, 2, 0),
		"u8-3.npy":         tensor.MustValues(tensor.U8, []int64{3}, 0, 128, 255),
		"f64-3.npy":        tensor.MustValues(tensor.F64, []int64{3}, 1, 2, 3),
	}
}

func encodeInput(name string, t *tensor.Tensor) ([]byte, error) {
	if strings.HasSuffix(name, ".pb") {
		return tensor.MarshalTensorProto(t, strings.TrimSuffix(name, ".pb"))
	}
	return tensor.EncodeNpy(t)
}

func TestLitInputs(t *testing.T) {
	dir := filepath.Join("..", "..", "lit-tests", "interp", "Inputs")
	for name, x := range litInputs() {
		want, err := encodeInput(name, x)
		if err != nil {
			t.Fatal(err)
		}
		p := filepath.Join(dir, name)
		if *testutil.Update {
			if err := os.MkdirAll(dir, 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(p, want, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		got, err := os.ReadFile(p)
		if err != nil || !bytes.Equal(got, want) {
			t.Errorf("%s is missing or stale (err %v); run go test ./tools/mlc -update", p, err)
		}
	}
}

// mlc runs the command tree in-process.
func mlc(t *testing.T, args ...string) (stdout, stderr string, err error) {
	t.Helper()
	var out, errOut bytes.Buffer
	root := newRootCmd()
	root.SetOut(&out)
	root.SetErr(&errOut)
	root.SetArgs(args)
	err = root.Execute()
	return out.String(), errOut.String(), err
}

const model = `func.func @main(%x: tensor<2x3xf32> {mlc.name = "x"}, %i: tensor<2xi64>) -> (tensor<2x2xf32> {mlc.name = "picked"}, tensor<2x3xf32>) {
  %0 = core.gather %x, %i {axis = 1 : i64} : (tensor<2x3xf32>, tensor<2xi64>) -> tensor<2x2xf32>
  %1 = core.relu %x : tensor<2x3xf32>
  return %0, %1 : tensor<2x2xf32>, tensor<2x3xf32>
}
func.func @neg(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = core.neg %x : tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}
`

func writeFiles(t *testing.T) (dir, modelPath, xPath, iPath string) {
	dir = t.TempDir()
	modelPath = filepath.Join(dir, "m.mlir")
	if err := os.WriteFile(modelPath, []byte(model), 0o644); err != nil {
		t.Fatal(err)
	}
	xPath = filepath.Join(dir, "x.npy")
	if err := tensor.WriteNpyFile(xPath, tensor.MustValues(tensor.F32, []int64{2, 3}, 1, -2, 3, -4, 5, -6)); err != nil {
		t.Fatal(err)
	}
	iPath = filepath.Join(dir, "i.pb")
	if err := tensor.WriteTensorProtoFile(iPath, tensor.MustValues(tensor.I64, []int64{2}, 2, 0), "i"); err != nil {
		t.Fatal(err)
	}
	return
}

func TestRunWritesNamedOutputs(t *testing.T) {
	dir, m, x, i := writeFiles(t)
	out := filepath.Join(dir, "out")
	stdout, stderr, err := mlc(t, "run", m, "--input", "x="+x, "--input", "arg1="+i, "--output-dir", out)
	if err != nil {
		t.Fatalf("%v\n%s", err, stderr)
	}
	if !strings.Contains(stdout, "picked: f32[2x2] -> ") {
		t.Errorf("stdout %q", stdout)
	}
	got, err := tensor.ReadNpyFile(filepath.Join(out, "picked.npy"))
	if err != nil {
		t.Fatal(err)
	}
	if want := tensor.MustValues(tensor.F32, []int64{2, 2}, 3, 1, -6, -4); !tensor.Equal(got, want) {
		t.Errorf("picked = %v, want %v", got, want)
	}
	got, err = tensor.ReadNpyFile(filepath.Join(out, "result1.npy"))
	if err != nil {
		t.Fatal(err)
	}
	if want := tensor.MustValues(tensor.F32, []int64{2, 3}, 1, 0, 3, 0, 5, 0); !tensor.Equal(got, want) {
		t.Errorf("result1 = %v, want %v", got, want)
	}
	// No temporary files are left behind.
	entries, _ := os.ReadDir(out)
	if len(entries) != 2 {
		t.Errorf("output dir holds %d entries, want 2", len(entries))
	}
}

// --cpuprofile writes a profile of the runs that go tool pprof reads (a
// gzipped protocol buffer).
func TestRunCPUProfile(t *testing.T) {
	dir, m, x, i := writeFiles(t)
	prof := filepath.Join(dir, "cpu.prof")
	if _, stderr, err := mlc(t, "run", m, "--input", "x="+x, "--input", "arg1="+i, "--output-dir", filepath.Join(dir, "out"),
		"-q", "--repeat", "3", "--cpuprofile", prof); err != nil {
		t.Fatalf("%v\n%s", err, stderr)
	}
	b, err := os.ReadFile(prof)
	if err != nil {
		t.Fatal(err)
	}
	if len(b) < 2 || b[0] != 0x1f || b[1] != 0x8b {
		t.Errorf("profile of %d bytes does not start with the gzip magic", len(b))
	}
}

// --op-times prints a row per op kind that ran (shares of the ops' time
// summing to 100%) and the slowest ops with their locations.
func TestRunOpTimes(t *testing.T) {
	dir, m, x, i := writeFiles(t)
	_, stderr, err := mlc(t, "run", m, "--input", "x="+x, "--input", "arg1="+i, "--output-dir", filepath.Join(dir, "out"),
		"-q", "--repeat", "4", "--op-times")
	if err != nil {
		t.Fatalf("%v\n%s", err, stderr)
	}
	if !strings.Contains(stderr, "op times over 3 runs") {
		t.Errorf("no header for the 3 runs after the first:\n%s", stderr)
	}
	var total float64
	for _, name := range []string{"core.gather", "core.relu"} {
		re := regexp.MustCompile(`(?m)^` + regexp.QuoteMeta(name) + `\s+1\s+[0-9.]+\s+([0-9.]+)%$`)
		mm := re.FindStringSubmatch(stderr)
		if mm == nil {
			t.Fatalf("no row for %s:\n%s", name, stderr)
		}
		v, _ := strconv.ParseFloat(mm[1], 64)
		total += v
	}
	if total < 99.8 || total > 100.2 {
		t.Errorf("shares sum to %.1f%%:\n%s", total, stderr)
	}
	if !regexp.MustCompile(`core\.(gather|relu) at "[^"]*m\.mlir":\d+:\d+`).MatchString(stderr) {
		t.Errorf("no located op among the slowest:\n%s", stderr)
	}
}

// --warmup runs the function untimed first: --time and --op-times count
// only the --repeat runs, the outputs are the same, and a negative count
// is an error.
func TestRunWarmup(t *testing.T) {
	dir, m, x, i := writeFiles(t)
	out := filepath.Join(dir, "out")
	_, stderr, err := mlc(t, "run", m, "--input", "x="+x, "--input", "arg1="+i, "--output-dir", out,
		"-q", "--warmup", "2", "--repeat", "3", "--time", "--op-times")
	if err != nil {
		t.Fatalf("%v\n%s", err, stderr)
	}
	if !strings.Contains(stderr, "over 3 runs") || !strings.Contains(stderr, "op times over 3 runs") {
		t.Errorf("want 3 timed runs reported:\n%s", stderr)
	}
	got, err := tensor.ReadNpyFile(filepath.Join(out, "picked.npy"))
	if err != nil {
		t.Fatal(err)
	}
	if want := tensor.MustValues(tensor.F32, []int64{2, 2}, 3, 1, -6, -4); !tensor.Equal(got, want) {
		t.Errorf("picked = %v, want %v", got, want)
	}
	if _, _, err := mlc(t, "run", m, "--input", "x="+x, "--input", "arg1="+i, "--warmup", "-1"); err == nil || !strings.Contains(err.Error(), "--warmup") {
		t.Errorf("negative --warmup: err %v", err)
	}
}

func TestRunPositionalFunctionAndPB(t *testing.T) {
	dir, m, x, _ := writeFiles(t)
	out := filepath.Join(dir, "out")
	if _, stderr, err := mlc(t, "run", m, "--function", "neg", "--input", x, "--output-dir", out, "--output-format", "pb", "-q"); err != nil {
		t.Fatalf("%v\n%s", err, stderr)
	}
	got, err := tensor.ReadTensorProtoFile(filepath.Join(out, "result0.pb"))
	if err != nil {
		t.Fatal(err)
	}
	if want := tensor.MustValues(tensor.F32, []int64{2, 3}, -1, 2, -3, 4, -5, 6); !tensor.Equal(got, want) {
		t.Errorf("neg = %v, want %v", got, want)
	}
	stdout, _, err := mlc(t, "print-tensor", filepath.Join(out, "result0.pb"))
	if err != nil {
		t.Fatal(err)
	}
	if want := "dtype: f32\nshape: [2, 3]\n[[-1, 2, -3],\n [4, -5, 6]]\n"; stdout != want {
		t.Errorf("print-tensor:\n%s\nwant\n%s", stdout, want)
	}
}

func TestRunErrors(t *testing.T) {
	dir, m, x, i := writeFiles(t)
	out := filepath.Join(dir, "out")
	cases := []struct {
		name string
		args []string
		want string
	}{
		{"missing input", []string{"run", m, "--input", "x=" + x, "--output-dir", out}, "m.mlir:1:1: error: missing input for 'arg1' of @main"},
		{"unknown name", []string{"run", m, "--input", "y=" + x, "--input", "arg1=" + i, "--output-dir", out}, "error: @main has no argument named 'y'"},
		{"wrong shape", []string{"run", m, "--input", "x=" + i, "--input", "arg1=" + i, "--output-dir", out}, "m.mlir:1:17: error: input 'x' has element type i64, but tensor<2x3xf32> holds f32"},
		{"no such function", []string{"run", m, "--function", "f", "--input", x, "--output-dir", out}, "error: no function @f"},
		{"no such file", []string{"run", m, "--input", "x=" + filepath.Join(dir, "none.npy"), "--output-dir", out}, "none.npy"},
		{"bad format", []string{"run", m, "--input", x, "--output-dir", out, "--output-format", "csv"}, "--output-format must be npy or pb"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, stderr, err := mlc(t, c.args...)
			if err == nil {
				t.Fatal("expected an error")
			}
			if msg := stderr + err.Error(); !strings.Contains(msg, c.want) {
				t.Errorf("got %q, want it to contain %q", msg, c.want)
			}
		})
	}
	if _, err := os.Stat(out); err == nil {
		t.Errorf("a failed run created the output directory")
	}
}
