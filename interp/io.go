package interp

import (
	"bytes"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	function "github.com/mlc-go/mlc/dialects/func"
	"github.com/mlc-go/mlc/internal/tensor"
	"github.com/mlc-go/mlc/ir"
	"github.com/mlc-go/mlc/ir/asm"
)

// NameAttr is the argument and result attribute that names a function's
// inputs and outputs (the ONNX graph's input and output names).
const NameAttr = function.NameAttr

// ArgNames returns one name per argument of fn: its mlc.name attribute,
// else "arg<i>".
func ArgNames(fn *ir.Operation) []string { return function.ArgNames(fn) }

// ResultNames returns one name per result of fn: its mlc.name attribute,
// else "result<i>".
func ResultNames(fn *ir.Operation) []string { return function.ResultNames(fn) }

// BindInputs orders named inputs as fn's arguments. A name matches an
// argument's mlc.name, or "arg<i>" for argument i; every argument needs
// exactly one input. Tensors are checked against the argument types;
// errors are diagnostics at the argument.
func BindInputs(fn *ir.Operation, named map[string]*tensor.Tensor) ([]*tensor.Tensor, error) {
	body, err := funcBody(fn)
	if err != nil {
		return nil, err
	}
	names := ArgNames(fn)
	out := make([]*tensor.Tensor, len(names))
	used := map[string]bool{}
	var missing []string
	for i, name := range names {
		t, byName := named[name]
		pos := "arg" + strconv.Itoa(i)
		tp, byPos := named[pos]
		switch {
		case byName && byPos && name != pos:
			return nil, ir.Errorf(body.Arg(i).Loc(), "argument %d is given twice, as '%s' and as '%s'", i, name, pos)
		case byPos:
			t = tp
			used[pos] = true
		case byName:
			used[name] = true
		default:
			missing = append(missing, "'"+name+"'")
			continue
		}
		if err := CheckValue(body.Arg(i).Type(), t); err != nil {
			return nil, ir.Errorf(body.Arg(i).Loc(), "input '%s' %s", name, err.Error())
		}
		out[i] = t
	}
	for name := range named {
		if !used[name] {
			return nil, ir.Errorf(fn.Loc, "@%s has no argument named '%s' (arguments: %s)", ir.SymbolName(fn), name, strings.Join(names, ", "))
		}
	}
	if len(missing) > 0 {
		return nil, ir.Errorf(fn.Loc, "missing input for %s of @%s", strings.Join(missing, ", "), ir.SymbolName(fn))
	}
	return out, nil
}

// ReadTensorFile reads a .npy file or an ONNX TensorProto (.pb); other
// extensions are recognised by the .npy magic.
func ReadTensorFile(path string) (*tensor.Tensor, error) {
	switch strings.ToLower(filepath.Ext(path)) {
	case ".npy":
		return tensor.ReadNpyFile(path)
	case ".pb":
		return tensor.ReadTensorProtoFile(path)
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	magic := make([]byte, 6)
	_, err = io.ReadFull(f, magic)
	f.Close()
	if err == nil && bytes.Equal(magic, []byte("\x93NUMPY")) {
		return tensor.ReadNpyFile(path)
	}
	return tensor.ReadTensorProtoFile(path)
}

// EncodeTensor encodes t as "npy" or "pb" (a TensorProto called name).
func EncodeTensor(t *tensor.Tensor, format, name string) ([]byte, error) {
	switch format {
	case "npy":
		return tensor.EncodeNpy(t)
	case "pb":
		return tensor.MarshalTensorProto(t, name)
	}
	return nil, fmt.Errorf("unknown tensor format %q (want npy or pb)", format)
}

// WriteFileAtomic writes data to path through a temporary file in the same
// directory and a rename, so a reader never sees a partial file (see
// asm.WriteFileFunc).
func WriteFileAtomic(path string, data []byte) error {
	return asm.WriteFileFunc(path, func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	})
}

// OutputFileNames turns result names into distinct, safe file base names:
// characters other than letters, digits, '.', '_' and '-' become '_', and a
// repeated name gets a "_<n>" suffix.
func OutputFileNames(names []string) []string {
	out := make([]string, len(names))
	seen := map[string]bool{}
	for i, n := range names {
		b := []byte(n)
		for j, c := range b {
			if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '.' || c == '_' || c == '-') {
				b[j] = '_'
			}
		}
		s := string(b)
		if s == "" || strings.Trim(s, ".") == "" {
			s = "result" + strconv.Itoa(i)
		}
		base := s
		for k := 1; seen[s]; k++ {
			s = base + "_" + strconv.Itoa(k)
		}
		seen[s] = true
		out[i] = s
	}
	return out
}

// FormatOptions control FormatTensor.
type FormatOptions struct {
	// Precision is the number of significant digits of floats; 0 prints
	// the shortest text that reads back to the same value of the dtype.
	Precision int
	// MaxElements stops after that many elements ("..."); 0: all.
	MaxElements int
	// Threshold, when > 0, summarises a tensor of more elements as numpy
	// does: each dim longer than 2*EdgeItems shows its first and last
	// EdgeItems entries around "...".
	Threshold int
	// EdgeItems is the entries kept at each end of a summarised dim; 0
	// means numpy's 3.
	EdgeItems int
}

// FormatTensor writes t as text: its dtype, its shape, then its values in
// nested brackets with one innermost row per line, e.g.
//
//	dtype: f32
//	shape: [2, 2]
//	[[1, 2.5],
//	 [-3, nan]]
func FormatTensor(w io.Writer, t *tensor.Tensor, o FormatOptions) error {
	shape := t.Shape()
	dims := make([]string, len(shape))
	for i, d := range shape {
		dims[i] = strconv.FormatInt(d, 10)
	}
	if _, err := fmt.Fprintf(w, "dtype: %s\nshape: [%s]\n", t.DType(), strings.Join(dims, ", ")); err != nil {
		return err
	}
	return FormatValues(w, t, o)
}

// FormatValues writes t's values as FormatTensor does, without the dtype
// and shape lines.
func FormatValues(w io.Writer, t *tensor.Tensor, o FormatOptions) error {
	shape := t.Shape()
	var b strings.Builder
	n := t.Len()
	limit := n
	if o.MaxElements > 0 && o.MaxElements < n {
		limit = o.MaxElements
	}
	elem := elementFormatter(t, o.Precision)
	if o.Threshold > 0 && n > o.Threshold && len(shape) > 0 {
		edge := o.EdgeItems
		if edge <= 0 {
			edge = 3
		}
		writeSummary(&b, shape, 0, 0, edge, elem)
		b.WriteByte('\n')
		_, err := io.WriteString(w, b.String())
		return err
	}
	if len(shape) == 0 {
		b.WriteString(elem(0))
		b.WriteByte('\n')
		_, err := io.WriteString(w, b.String())
		return err
	}
	r := len(shape)
	// strides[k] = product of shape[k+1:]
	strides := make([]int, r)
	s := 1
	for k := r - 1; k >= 0; k-- {
		strides[k] = s
		s *= int(shape[k])
	}
	if n == 0 {
		b.WriteString(strings.Repeat("[", r) + strings.Repeat("]", r) + "\n")
		_, err := io.WriteString(w, b.String())
		return err
	}
	for i := 0; i < limit; i++ {
		// Open a bracket for every dim whose index just became 0.
		opens := 0
		for k := r - 1; k >= 0 && i%(strides[k]*int(shape[k])) == 0; k-- {
			opens++
		}
		if i > 0 {
			if opens > 0 {
				b.WriteString(",\n" + strings.Repeat(" ", r-opens))
			} else {
				b.WriteString(", ")
			}
		}
		b.WriteString(strings.Repeat("[", opens))
		b.WriteString(elem(i))
		closes := 0
		for k := r - 1; k >= 0 && (i+1)%(strides[k]*int(shape[k])) == 0; k-- {
			closes++
		}
		b.WriteString(strings.Repeat("]", closes))
	}
	if limit < n {
		b.WriteString(", ...")
	}
	b.WriteByte('\n')
	_, err := io.WriteString(w, b.String())
	return err
}

// writeSummary writes the sub-tensor of dims shape[k:] starting at flat
// index off, eliding the middle of each dim longer than 2*edge; rows are
// indented to their bracket depth and blocks of rank > 1 are separated
// by blank lines, as numpy prints.
func writeSummary(b *strings.Builder, shape []int64, k, off, edge int, elem func(int) string) {
	n := int(shape[k])
	stride := 1
	for _, d := range shape[k+1:] {
		stride *= int(d)
	}
	idx := make([]int, 0, n)
	elided := n > 2*edge
	for i := 0; i < n; i++ {
		if elided && i == edge {
			idx = append(idx, -1)
			i = n - edge - 1
			continue
		}
		idx = append(idx, i)
	}
	b.WriteByte('[')
	last := k == len(shape)-1
	sep := ", "
	if !last {
		sep = ",\n" + strings.Repeat("\n", len(shape)-k-2) + strings.Repeat(" ", k+1)
	}
	for j, i := range idx {
		if j > 0 {
			b.WriteString(sep)
		}
		switch {
		case i < 0:
			b.WriteString("...")
		case last:
			b.WriteString(elem(off + i))
		default:
			writeSummary(b, shape, k+1, off+i*stride, edge, elem)
		}
	}
	b.WriteByte(']')
}

func elementFormatter(t *tensor.Tensor, prec int) func(i int) string {
	dt := t.DType()
	switch {
	case dt == tensor.Bool:
		v := t.Bools()
		return func(i int) string { return strconv.FormatBool(v[i]) }
	case dt.IsInt():
		v := t.IntValues()
		return func(i int) string { return strconv.FormatInt(v[i], 10) }
	}
	v := t.Values()
	bits := 32
	if dt == tensor.F64 {
		bits = 64
	}
	return func(i int) string {
		x := v[i]
		switch {
		case math.IsNaN(x):
			return "nan"
		case math.IsInf(x, 1):
			return "inf"
		case math.IsInf(x, -1):
			return "-inf"
		}
		if prec > 0 {
			return strconv.FormatFloat(x, 'g', prec, 64)
		}
		return strconv.FormatFloat(x, 'g', -1, bits)
	}
}
