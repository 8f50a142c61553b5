package calibrate

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/mlc-go/mlc/internal/tensor"
	"github.com/mlc-go/mlc/interp"
	"github.com/mlc-go/mlc/ir"
)

// Sample is one calibration input set, in the entry function's argument
// order.
type Sample struct {
	Set    string // the set's folder, relative to the dataset's
	Files  []string
	Inputs []*tensor.Tensor
	// Outputs are the expected results (output_<i>.pb), in the function's
	// result order; read by LoadEvalDataset only.
	Outputs []*tensor.Tensor
}

// Dataset is a calibration data directory read for one function.
type Dataset struct {
	Dir     string
	Samples []Sample
}

var (
	setName   = regexp.MustCompile(`^test_data_set_([0-9]+)$`)
	inputPB   = regexp.MustCompile(`^input_([0-9]+)\.pb$`)
	outputPB  = regexp.MustCompile(`^output_([0-9]+)\.pb$`)
	maxInputs = 1 << 16
)

// LoadDataset reads a calibration directory for fn: folders
// test_data_set_<k> (in the order of k) in ONNX's test-data layout, each
// holding input_<i>.pb (a TensorProto for argument i) or <name>.npy (for
// the argument whose mlc.name is name, or arg<i> for argument i), the two
// kinds mixed as needed. output_<i>.pb and files of other extensions are
// ignored. Every set must give every argument exactly once, with the
// argument's element type and shape, and float inputs must be finite.
// Files are opened inside dir through os.Root: a symlink that leads out of
// it is refused, as are files that are not regular (FIFOs, devices).
func LoadDataset(dir string, fn *ir.Operation) (*Dataset, error) {
	return loadDataset(dir, fn, false)
}

// LoadEvalDataset is LoadDataset for an evaluation set: every set must
// also hold output_<i>.pb for each result i of fn, with the result's
// element type and shape (the reference outputs, Sample.Outputs).
func LoadEvalDataset(dir string, fn *ir.Operation) (*Dataset, error) {
	return loadDataset(dir, fn, true)
}

func loadDataset(dir string, fn *ir.Operation, outputs bool) (*Dataset, error) {
	if fn == nil || fn.Name() != "func.func" || fn.NumRegions() == 0 || len(fn.Region(0).Blocks()) == 0 {
		return nil, fmt.Errorf("calibration needs a func.func with a body")
	}
	body := fn.Region(0).Blocks()[0]
	names := interp.ArgNames(fn)
	root, err := os.OpenRoot(dir)
	if err != nil {
		return nil, fmt.Errorf("calibration data %s: %v", dir, unwrapPath(err))
	}
	defer root.Close()
	entries, err := fs.ReadDir(root.FS(), ".")
	if err != nil {
		return nil, fmt.Errorf("calibration data %s: %v", dir, unwrapPath(err))
	}
	type set struct {
		k    uint64
		name string
	}
	var sets []set
	for _, e := range entries {
		m := setName.FindStringSubmatch(e.Name())
		if m == nil {
			continue
		}
		k, err := strconv.ParseUint(m[1], 10, 64)
		if err != nil {
			return nil, fmt.Errorf("calibration data %s: set number %s is too large", filepath.Join(dir, e.Name()), m[1])
		}
		sets = append(sets, set{k, e.Name()})
	}
	if len(sets) == 0 {
		return nil, fmt.Errorf("calibration data %s holds no test_data_set_<k> folder", dir)
	}
	slices.SortFunc(sets, func(a, b set) int {
		if a.k != b.k {
			return cmpU(a.k, b.k)
		}
		return strings.Compare(a.name, b.name)
	})
	ds := &Dataset{Dir: dir}
	for _, s := range sets {
		smp, err := loadSet(root, dir, s.name, fn, body, names, outputs)
		if err != nil {
			return nil, err
		}
		ds.Samples = append(ds.Samples, *smp)
	}
	return ds, nil
}

func cmpU(a, b uint64) int {
	if a < b {
		return -1
	}
	return 1
}

func loadSet(root *os.Root, dir, name string, fn *ir.Operation, body *ir.Block, names []string, outputs bool) (*Sample, error) {
	where := filepath.Join(dir, name)
	sub, err := root.OpenRoot(name)
	if err != nil {
		return nil, fmt.Errorf("calibration data %s: %v", where, unwrapPath(err))
	}
	defer sub.Close()
	entries, err := fs.ReadDir(sub.FS(), ".")
	if err != nil {
		return nil, fmt.Errorf("calibration data %s: %v", where, unwrapPath(err))
	}
	byName := map[string]int{}
	for i, n := range names {
		byName[n] = i
		byName["arg"+strconv.Itoa(i)] = i
	}
	smp := &Sample{Set: name, Files: make([]string, len(names)), Inputs: make([]*tensor.Tensor, len(names))}
	var results []ir.Type
	if outputs {
		if ft, ok := fn.InherentAttr("function_type").(*ir.TypeAttr); ok {
			if f, ok := ft.Type.(*ir.FunctionType); ok {
				results = f.Results
			}
		}
		smp.Outputs = make([]*tensor.Tensor, len(results))
	}
	for _, e := range entries {
		file := e.Name()
		path := filepath.Join(where, file)
		arg := -1
		switch ext := strings.ToLower(filepath.Ext(file)); {
		case ext == ".pb" && outputPB.MatchString(file):
			if outputs {
				if err := loadOutput(sub, where, file, fn, results, smp); err != nil {
					return nil, err
				}
			}
			continue
		case ext == ".pb":
			m := inputPB.FindStringSubmatch(file)
			if m == nil {
				return nil, fmt.Errorf("%s: a .pb file of a test data set must be input_<i>.pb or output_<i>.pb", path)
			}
			i, err := strconv.Atoi(m[1])
			if err != nil || i >= len(names) || i > maxInputs {
				return nil, fmt.Errorf("%s: @%s has %d argument%s, there is no input %s", path, ir.SymbolName(fn), len(names), plural(len(names)), m[1])
			}
			arg = i
		case ext == ".npy":
			i, ok := byName[strings.TrimSuffix(file, filepath.Ext(file))]
			if !ok {
				return nil, fmt.Errorf("%s: @%s has no argument named '%s' (arguments: %s)", path, ir.SymbolName(fn),
					strings.TrimSuffix(file, filepath.Ext(file)), strings.Join(names, ", "))
			}
			arg = i
		default:
			continue
		}
		if smp.Files[arg] != "" {
			return nil, fmt.Errorf("%s: input '%s' is also given by %s", path, names[arg], filepath.Join(where, smp.Files[arg]))
		}
		t, err := readTensor(sub, where, file)
		if err != nil {
			return nil, err
		}
		if err := interp.CheckValue(body.Arg(arg).Type(), t); err != nil {
			return nil, fmt.Errorf("%s: input '%s' %v", path, names[arg], err)
		}
		if i, v, ok := nonFinite(t); !ok {
			return nil, fmt.Errorf("%s: input '%s' element %d is %v; calibration data must be finite", path, names[arg], i, v)
		}
		smp.Files[arg] = file
		smp.Inputs[arg] = t
	}
	var missing []string
	for i, f := range smp.Files {
		if f == "" {
			missing = append(missing, fmt.Sprintf("'%s' (input_%d.pb or %s.npy)", names[i], i, names[i]))
		}
	}
	if len(missing) > 0 {
		return nil, fmt.Errorf("calibration data %s: no file for %s", where, strings.Join(missing, ", "))
	}
	for i, t := range smp.Outputs {
		if t == nil {
			return nil, fmt.Errorf("evaluation data %s: no output_%d.pb (the reference for result %d)", where, i, i)
		}
	}
	return smp, nil
}

// loadOutput reads output_<i>.pb into smp.Outputs[i], checked against
// result i's type.
func loadOutput(sub *os.Root, where, file string, fn *ir.Operation, results []ir.Type, smp *Sample) error {
	path := filepath.Join(where, file)
	i, err := strconv.Atoi(outputPB.FindStringSubmatch(file)[1])
	if err != nil || i >= len(results) {
		return fmt.Errorf("%s: @%s has %d result%s, there is no output %s", path, ir.SymbolName(fn), len(results),
			plural(len(results)), outputPB.FindStringSubmatch(file)[1])
	}
	t, err := readTensor(sub, where, file)
	if err != nil {
		return err
	}
	if err := interp.CheckValue(results[i], t); err != nil {
		return fmt.Errorf("%s: result %d %v", path, i, err)
	}
	if j, v, ok := nonFinite(t); !ok {
		return fmt.Errorf("%s: element %d is %v; reference outputs must be finite", path, j, v)
	}
	smp.Outputs[i] = t
	return nil
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// readTensor reads file (a name, no separator) of the set's root: a
// regular file, under tensor.MaxBytes.
func readTensor(sub *os.Root, where, file string) (*tensor.Tensor, error) {
	path := filepath.Join(where, file)
	// Stat first: opening a FIFO would block until it has a writer.
	st, err := sub.Stat(file)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", path, unwrapPath(err))
	}
	if !st.Mode().IsRegular() {
		return nil, fmt.Errorf("%s is not a regular file", path)
	}
	f, err := sub.Open(file)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", path, unwrapPath(err))
	}
	defer f.Close()
	if st, err = f.Stat(); err != nil || !st.Mode().IsRegular() {
		return nil, fmt.Errorf("%s is not a regular file", path)
	}
	if st.Size() > tensor.MaxBytes() {
		return nil, fmt.Errorf("%s: %d bytes, above the limit of %d", path, st.Size(), tensor.MaxBytes())
	}
	b := make([]byte, st.Size())
	if _, err := io.ReadFull(f, b); err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	if strings.EqualFold(filepath.Ext(file), ".npy") {
		t, err := tensor.DecodeNpy(b)
		if err != nil {
			return nil, fmt.Errorf("%s: %v", path, err)
		}
		return t, nil
	}
	p, err := tensor.UnmarshalTensorProto(b)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	if p.IsExternal() {
		t, err := p.LoadExternal(where)
		if err != nil {
			return nil, fmt.Errorf("%s: %v", path, err)
		}
		return t, nil
	}
	return p.Tensor, nil
}

// nonFinite finds the first NaN or infinite element of a float tensor.
func nonFinite(t *tensor.Tensor) (int, float64, bool) {
	switch t.DType() {
	case tensor.F32:
		for i, x := range t.Float32s() {
			if v := float64(x); math.IsNaN(v) || math.IsInf(v, 0) {
				return i, v, false
			}
		}
	case tensor.F64, tensor.F16, tensor.BF16:
		for i, v := range t.Values() {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				return i, v, false
			}
		}
	}
	return 0, 0, true
}

// unwrapPath drops an *os.PathError's operation and path (relative to a
// root, so misleading): the messages here name the path themselves.
func unwrapPath(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}
