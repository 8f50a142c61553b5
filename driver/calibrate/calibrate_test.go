package calibrate

import (
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mlc-go/mlc/dialects/all"
	"github.com/mlc-go/mlc/internal/tensor"
	"github.com/mlc-go/mlc/interp"
	"github.com/mlc-go/mlc/ir"
	"github.com/mlc-go/mlc/ir/asm"
	"github.com/mlc-go/mlc/lowering/quantize/observe"
)

const twoArgs = `
func.func @main(%a: tensor<2xf32> {mlc.name = "a"}, %b: tensor<3xf32>) -> tensor<2xf32> {
  %e = core.exp %a : tensor<2xf32>
  return %e : tensor<2xf32>
}`

func parse(t testing.TB, src string) *ir.Operation {
	t.Helper()
	m, err := asm.Parse(all.NewContext(), "test.mlir", []byte(src), 1)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func mainOf(t testing.TB, m *ir.Operation) *ir.Operation {
	t.Helper()
	fn, err := interp.LookupFunc(m, "main")
	if err != nil {
		t.Fatal(err)
	}
	return fn
}

func f32(vals ...float32) *tensor.Tensor {
	return tensor.MustFromSlice(tensor.F32, []int64{int64(len(vals))}, vals)
}

// write creates dir/rel with the tensor as .npy or .pb (by extension).
func write(t *testing.T, dir, rel string, x *tensor.Tensor) {
	t.Helper()
	p := filepath.Join(dir, rel)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	var err error
	if strings.HasSuffix(p, ".pb") {
		err = tensor.WriteTensorProtoFile(p, x, "t")
	} else {
		err = tensor.WriteNpyFile(p, x)
	}
	if err != nil {
		t.Fatal(err)
	}
}

// good is a valid set for twoArgs: a by name, b by position.
func good(t *testing.T, dir, set string, a0 float32) {
	write(t, dir, set+"/a.npy", f32(a0, 1))
	write(t, dir, set+"/input_1.pb", f32(1, 2, 3))
}

func TestLoadDataset(t *testing.T) {
	fn := mainOf(t, parse(t, twoArgs))
	dir := t.TempDir()
	good(t, dir, "test_data_set_10", 10)
	good(t, dir, "test_data_set_2", 2)
	// Positional .pb for a, arg1.npy for b; outputs and other files are
	// ignored, as are folders not named test_data_set_<k>.
	write(t, dir, "test_data_set_0/input_0.pb", f32(0, 1))
	write(t, dir, "test_data_set_0/arg1.npy", f32(4, 5, 6))
	write(t, dir, "test_data_set_0/output_0.pb", f32(7))
	if err := os.WriteFile(filepath.Join(dir, "test_data_set_0", "README"), []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	write(t, dir, "other/input_0.pb", f32(9))
	ds, err := LoadDataset(dir, fn)
	if err != nil {
		t.Fatal(err)
	}
	var sets []string
	for _, s := range ds.Samples {
		sets = append(sets, s.Set)
	}
	if got := strings.Join(sets, " "); got != "test_data_set_0 test_data_set_2 test_data_set_10" {
		t.Errorf("sets in order %q", got)
	}
	s := ds.Samples[0]
	if s.Inputs[0].At(0) != 0 || s.Inputs[1].At(2) != 6 || s.Files[0] != "input_0.pb" || s.Files[1] != "arg1.npy" {
		t.Errorf("set 0: files %v, a[0]=%g b[2]=%g", s.Files, s.Inputs[0].At(0), s.Inputs[1].At(2))
	}
	if ds.Samples[2].Inputs[0].At(0) != 10 {
		t.Errorf("set 10 has a[0]=%g", ds.Samples[2].Inputs[0].At(0))
	}
}

func TestLoadDatasetErrors(t *testing.T) {
	fn := mainOf(t, parse(t, twoArgs))
	outside := t.TempDir()
	write(t, outside, "a.npy", f32(1, 2))
	write(t, outside, "test_data_set_0/a.npy", f32(1, 2))
	write(t, outside, "test_data_set_0/input_1.pb", f32(1, 2, 3))
	for _, c := range []struct {
		name  string
		setup func(dir string)
		want  string
	}{
		{"empty", func(string) {}, "holds no test_data_set_<k> folder"},
		{"no sets", func(d string) { write(t, d, "data/a.npy", f32(1, 2)) }, "holds no test_data_set_<k> folder"},
		{"missing input", func(d string) { write(t, d, "test_data_set_0/a.npy", f32(1, 2)) },
			"test_data_set_0: no file for 'arg1' (input_1.pb or arg1.npy)"},
		{"missing in a later set", func(d string) {
			good(t, d, "test_data_set_0", 1)
			write(t, d, "test_data_set_1/input_1.pb", f32(1, 2, 3))
		}, "test_data_set_1: no file for 'a' (input_0.pb or a.npy)"},
		{"wrong shape", func(d string) {
			good(t, d, "test_data_set_0", 1)
			write(t, d, "test_data_set_0/a.npy", f32(1, 2, 3))
		}, "test_data_set_0/a.npy: input 'a' has shape [3], but its type is tensor<2xf32>"},
		{"wrong dtype", func(d string) {
			good(t, d, "test_data_set_0", 1)
			write(t, d, "test_data_set_0/input_1.pb", tensor.MustValues(tensor.F64, []int64{3}, 1, 2, 3))
		}, "test_data_set_0/input_1.pb: input 'arg1' has element type f64, but tensor<3xf32> holds f32"},
		{"NaN", func(d string) {
			good(t, d, "test_data_set_0", 1)
			write(t, d, "test_data_set_0/input_1.pb", f32(1, 2, float32(math.NaN())))
		}, "test_data_set_0/input_1.pb: input 'arg1' element 2 is NaN"},
		{"Inf", func(d string) {
			good(t, d, "test_data_set_0", 1)
			write(t, d, "test_data_set_0/a.npy", f32(float32(math.Inf(-1)), 0))
		}, "test_data_set_0/a.npy: input 'a' element 0 is -Inf"},
		{"given twice", func(d string) {
			good(t, d, "test_data_set_0", 1)
			write(t, d, "test_data_set_0/input_0.pb", f32(1, 2))
		}, "is also given by"},
		{"unknown name", func(d string) {
			good(t, d, "test_data_set_0", 1)
			write(t, d, "test_data_set_0/c.npy", f32(1, 2))
		}, "test_data_set_0/c.npy: @main has no argument named 'c' (arguments: a, arg1)"},
		{"input index", func(d string) {
			good(t, d, "test_data_set_0", 1)
			write(t, d, "test_data_set_0/input_2.pb", f32(1, 2))
		}, "test_data_set_0/input_2.pb: @main has 2 arguments, there is no input 2"},
		{"stray pb", func(d string) {
			good(t, d, "test_data_set_0", 1)
			write(t, d, "test_data_set_0/weights.pb", f32(1, 2))
		}, "weights.pb: a .pb file of a test data set must be input_<i>.pb or output_<i>.pb"},
		{"corrupt npy", func(d string) {
			good(t, d, "test_data_set_0", 1)
			if err := os.WriteFile(filepath.Join(d, "test_data_set_0", "a.npy"), []byte("\x93NUMPY\x01\x00"), 0o644); err != nil {
				t.Fatal(err)
			}
		}, "test_data_set_0/a.npy: npy"},
		{"file symlink out", func(d string) {
			good(t, d, "test_data_set_0", 1)
			os.Remove(filepath.Join(d, "test_data_set_0", "a.npy"))
			if err := os.Symlink(filepath.Join(outside, "a.npy"), filepath.Join(d, "test_data_set_0", "a.npy")); err != nil {
				t.Skip(err)
			}
		}, "test_data_set_0/a.npy: path escapes from parent"},
		{"set symlink out", func(d string) {
			if err := os.Symlink(filepath.Join(outside, "test_data_set_0"), filepath.Join(d, "test_data_set_0")); err != nil {
				t.Skip(err)
			}
		}, "test_data_set_0: path escapes from parent"},
		{"a directory named a.npy", func(d string) {
			write(t, d, "test_data_set_0/input_1.pb", f32(1, 2, 3))
			if err := os.MkdirAll(filepath.Join(d, "test_data_set_0", "a.npy"), 0o755); err != nil {
				t.Fatal(err)
			}
		}, "test_data_set_0/a.npy is not a regular file"},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			c.setup(dir)
			_, err := LoadDataset(dir, fn)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("got %v, want %q", err, c.want)
			}
		})
	}
	if _, err := LoadDataset(filepath.Join(outside, "none"), fn); err == nil || !strings.Contains(err.Error(), "none: no such file") {
		t.Errorf("missing directory: %v", err)
	}
}

func TestCalibrate(t *testing.T) {
	m := parse(t, twoArgs)
	dir := t.TempDir()
	good(t, dir, "test_data_set_0", -1)
	good(t, dir, "test_data_set_1", 2)
	good(t, dir, "test_data_set_2", 0.5)
	ds, err := LoadDataset(dir, mainOf(t, m))
	if err != nil {
		t.Fatal(err)
	}
	var progress []int
	rep, err := Calibrate(m, ds, Options{
		Observer: observe.Config{Method: observe.MinMax, Storage: observe.Storage{Bits: 8}},
		Progress: func(done, total int) {
			if total != 3 {
				t.Errorf("total %d", total)
			}
			progress = append(progress, done)
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(progress) != 3 || progress[0] != 1 || progress[2] != 3 {
		t.Errorf("progress %v", progress)
	}
	// a spans [-1, 2]; b [1, 3] widened to hold 0; exp(a) [e^-1, e^2]
	// widened to [0, e^2].
	if len(rep.Values) != 3 || rep.Samples != 3 {
		t.Fatalf("report %+v", rep)
	}
	a, b, e := rep.Values[0], rep.Values[1], rep.Values[2]
	if a.Name != "a" || a.Arg != 0 || a.Range != (observe.Range{Lo: -1, Hi: 2}) || a.Elements != 6 {
		t.Errorf("a: %+v", a)
	}
	if b.Name != "arg1" || b.Range != (observe.Range{Lo: 0, Hi: 3}) {
		t.Errorf("b: %+v", b)
	}
	if e.OpName != "core.exp" || e.Result != 0 || e.Arg != -1 || e.Range.Lo != 0 || math.Abs(e.Range.Hi-math.Exp(2)) > 1e-5 {
		t.Errorf("exp: %+v", e)
	}
	text := asm.String(m, asm.PrintOptions{})
	for _, want := range []string{
		`%arg0: tensor<2xf32> {mlc.calib = array<f64: -1.000000e+00, 2.000000e+00>, mlc.name = "a"}`,
		`%arg1: tensor<3xf32> {mlc.calib = array<f64: 0.000000e+00, 3.000000e+00>}`,
		`core.exp %arg0 {mlc.calib = [array<f64: 0.000000e+00, 7.389056`,
	} {
		if !strings.Contains(text, want) {
			t.Errorf("missing %q in\n%s", want, text)
		}
	}
}

// TestCalibrateFailsCleanly: an op whose result overflows to Inf stops
// the calibration with an error at the op, and the module is unchanged.
func TestCalibrateFailsCleanly(t *testing.T) {
	m := parse(t, twoArgs)
	dir := t.TempDir()
	good(t, dir, "test_data_set_0", 1)
	good(t, dir, "test_data_set_1", 100) // exp(100) overflows f32
	ds, err := LoadDataset(dir, mainOf(t, m))
	if err != nil {
		t.Fatal(err)
	}
	before := asm.String(m, asm.PrintOptions{})
	_, err = Calibrate(m, ds, Options{})
	if err == nil || !strings.Contains(err.Error(), "'core.exp' op result #0: element 0 is +Inf") {
		t.Errorf("got %v", err)
	}
	if after := asm.String(m, asm.PrintOptions{}); after != before {
		t.Errorf("the module changed:\n%s", after)
	}
	if _, err := Calibrate(m, ds, Options{Function: "nope"}); err == nil || !strings.Contains(err.Error(), "no function @nope") {
		t.Errorf("unknown function: %v", err)
	}
	if _, err := Calibrate(m, ds, Options{Observer: observe.Config{Method: "max"}}); err == nil {
		t.Error("an unknown method was accepted")
	}
}

func TestLoadEvalDataset(t *testing.T) {
	fn := mainOf(t, parse(t, twoArgs))
	dir := t.TempDir()
	good(t, dir, "test_data_set_0", 0)
	write(t, dir, "test_data_set_0/output_0.pb", f32(7, 8))
	ds, err := LoadEvalDataset(dir, fn)
	if err != nil {
		t.Fatal(err)
	}
	if got := ds.Samples[0].Outputs; len(got) != 1 || got[0].At(1) != 8 {
		t.Errorf("outputs %v", got)
	}
	// LoadDataset ignores them.
	if ds, err := LoadDataset(dir, fn); err != nil || ds.Samples[0].Outputs != nil {
		t.Errorf("LoadDataset: %v, outputs %v", err, ds.Samples[0].Outputs)
	}
	for _, c := range []struct {
		out  *tensor.Tensor
		name string
		want string
	}{
		{nil, "", "no output_0.pb (the reference for result 0)"},
		{f32(7), "output_0.pb", "output_0.pb: result 0 "},
		{f32(7, 8), "output_1.pb", "output_1.pb: @main has 1 result, there is no output 1"},
		{f32(7, float32(math.NaN())), "output_0.pb", "output_0.pb: element 1 is NaN; reference outputs must be finite"},
	} {
		d := t.TempDir()
		good(t, d, "test_data_set_0", 0)
		if c.out != nil {
			write(t, d, "test_data_set_0/"+c.name, c.out)
		}
		_, err := LoadEvalDataset(d, fn)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %v, want %q", c.name, err, c.want)
		}
	}
}
