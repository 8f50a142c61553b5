package qnnser

import (
	"bytes"
	"fmt"
	"math"
	"sort"
	"strconv"

	qd "github.com/mlc-go/mlc/dialects/qnn"
)

// kv and obj are a JSON object that keeps its keys in insertion order, so
// files list tensors and nodes in program order.
type kv struct {
	K string
	V any
}

type obj []kv

// f32 prints the shortest decimal that reads back to the same float32.
type f32 float32

// f64 prints the shortest decimal that reads back to the same float64.
type f64 float64

// marshalIndent writes v as JSON indented by two spaces, with a trailing
// newline, in the layout json.MarshalIndent gives (without its HTML
// escaping). It walks the values directly: encoding/json re-validates
// every nested MarshalJSON result, which made it most of the time spent
// on large models.
func marshalIndent(v any) ([]byte, error) {
	var b bytes.Buffer
	if err := writeJSON(&b, v, 0); err != nil {
		return nil, err
	}
	b.WriteByte('\n')
	return b.Bytes(), nil
}

func newline(b *bytes.Buffer, depth int) {
	b.WriteByte('\n')
	for i := 0; i < depth; i++ {
		b.WriteString("  ")
	}
}

func writeJSON(b *bytes.Buffer, v any, depth int) error {
	switch x := v.(type) {
	case obj:
		if len(x) == 0 {
			b.WriteString("{}")
			return nil
		}
		b.WriteByte('{')
		for i, e := range x {
			if i > 0 {
				b.WriteByte(',')
			}
			newline(b, depth+1)
			writeString(b, e.K)
			b.WriteString(": ")
			if err := writeJSON(b, e.V, depth+1); err != nil {
				return err
			}
		}
		newline(b, depth)
		b.WriteByte('}')
		return nil
	case []obj:
		return writeList(b, len(x), depth, func(i int) any { return x[i] })
	case []string:
		return writeList(b, len(x), depth, func(i int) any { return x[i] })
	case []int64:
		return writeList(b, len(x), depth, func(i int) any { return x[i] })
	case [][]int64:
		return writeList(b, len(x), depth, func(i int) any { return x[i] })
	case string:
		writeString(b, x)
	case bool:
		b.WriteString(strconv.FormatBool(x))
	case int:
		b.WriteString(strconv.Itoa(x))
	case int32:
		b.WriteString(strconv.FormatInt(int64(x), 10))
	case int64:
		b.WriteString(strconv.FormatInt(x, 10))
	case uint32:
		b.WriteString(strconv.FormatUint(uint64(x), 10))
	case f32:
		f := float64(x)
		if math.IsNaN(f) || math.IsInf(f, 0) {
			return fmt.Errorf("json: unsupported value %v", f)
		}
		b.WriteString(strconv.FormatFloat(f, 'g', -1, 32))
	case f64:
		f := float64(x)
		if math.IsNaN(f) || math.IsInf(f, 0) {
			return fmt.Errorf("json: unsupported value %v", f)
		}
		b.WriteString(strconv.FormatFloat(f, 'g', -1, 64))
	default:
		return fmt.Errorf("json: unsupported type %T", v)
	}
	return nil
}

func writeList(b *bytes.Buffer, n, depth int, at func(int) any) error {
	if n == 0 {
		b.WriteString("[]")
		return nil
	}
	b.WriteByte('[')
	for i := 0; i < n; i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		newline(b, depth+1)
		if err := writeJSON(b, at(i), depth+1); err != nil {
			return err
		}
	}
	newline(b, depth)
	b.WriteByte(']')
	return nil
}

// writeString writes s as a JSON string: quotes, backslashes and
// control characters escaped, everything else as is (valid UTF-8 is
// kept; invalid bytes become U+FFFD as encoding/json does).
func writeString(b *bytes.Buffer, s string) {
	const hex = "0123456789abcdef"
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\r':
			b.WriteString(`\r`)
		case r == '\t':
			b.WriteString(`\t`)
		case r < 0x20:
			b.WriteString(`\u00`)
			b.WriteByte(hex[r>>4])
			b.WriteByte(hex[r&15])
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
}

// quantRange is the real range an encoding covers: [(lo + offset) ×
// scale, (hi + offset) × scale] over the data type's storage range.
func quantRange(dt qd.DataType, so qd.ScaleOffset) (float64, float64) {
	lo, hi := dt.StorageRange()
	s := float64(so.Scale)
	return float64(lo+int64(so.Offset)) * s, float64(hi+int64(so.Offset)) * s
}

// isSymmetric: a signed type with offset 0, or an unsigned one whose
// offset centres the range (−2^(bits−1)).
func isSymmetric(dt qd.DataType, so qd.ScaleOffset) bool {
	if dt.IsSigned() {
		return so.Offset == 0
	}
	return int64(so.Offset) == -(int64(1) << (dt.Bits() - 1))
}

// quantParams is a tensor's quant_params object.
func quantParams(t *tensor) obj {
	if t.q == nil {
		return obj{{"definition", definitionUndefined}, {"encoding", encodingUndefined},
			{"scale_offset", obj{{"scale", f32(0)}, {"offset", 0}}}}
	}
	if so, ok := t.q.ScaleOffset(); ok {
		lo, hi := quantRange(t.dtype, so)
		return obj{{"definition", definitionDefined}, {"encoding", encodingScaleOffset},
			{"scale_offset", obj{
				{"bitwidth", t.dtype.Bits()}, {"minimum", f64(lo)}, {"maximum", f64(hi)},
				{"scale", f32(so.Scale)}, {"offset", so.Offset},
				{"is_symmetric", isSymmetric(t.dtype, so)}, {"is_fixed_point", true},
			}}}
	}
	list := make([]obj, len(t.q.ScaleOffsets))
	for i, so := range t.q.ScaleOffsets {
		list[i] = obj{{"scale", f32(so.Scale)}, {"offset", so.Offset}}
	}
	return obj{{"definition", definitionDefined}, {"encoding", encodingAxisScaleOffset},
		{"axis_scale_offset", obj{
			{"axis", t.q.Axis}, {"num_scale_offsets", len(list)}, {"scale_offsets", list},
		}}}
}

// tensorEntry is a tensor's object in graph.tensors.
func tensorEntry(t *tensor) obj {
	e := obj{
		{"id", t.id}, {"type", tensorTypeCode(t.kind)}, {"dataFormat", 0},
		{"data_type", int(t.dtype)}, {"axis_format", t.axisFormat},
		{"quant_params", quantParams(t)}, {"dims", dimsOf(t.shape)},
	}
	if t.irType != "" {
		e = append(e, kv{"mlc_type", t.irType})
	}
	if t.valueType != "" {
		e = append(e, kv{"mlc_value_type", t.valueType})
	}
	if t.resource != "" {
		e = append(e, kv{"mlc_resource", t.resource}, kv{"mlc_resource_alignment", t.resAlign})
	}
	return e
}

func dimsOf(shape []int64) []int64 {
	if shape == nil {
		return []int64{}
	}
	return shape
}

// paramData nests a tensor parameter's values by its dims.
func paramData(p paramValue) any {
	if len(p.dims) == 1 {
		return p.ints
	}
	rows := make([][]int64, p.dims[0])
	for i := range rows {
		rows[i] = p.ints[int64(i)*p.dims[1] : int64(i+1)*p.dims[1]]
	}
	return rows
}

// scalarJSON is a scalar parameter's value as the converter writes it:
// bools as 0/1.
func scalarJSON(p paramValue) any {
	switch p.dtype {
	case qd.Bool8:
		if p.b {
			return 1
		}
		return 0
	case qd.Float32:
		return f32(p.f)
	}
	return p.ints[0]
}

// netJSON renders <m>_net.json.
func (g *graph) netJSON(model string) ([]byte, error) {
	tensors := obj{}
	for _, t := range g.tensors {
		tensors = append(tensors, kv{t.name, tensorEntry(t)})
	}
	nodes := obj{}
	types := map[string]bool{}
	for _, n := range g.nodes {
		types[n.row.Type] = true
		tp, sp := obj{}, obj{}
		for _, p := range n.params {
			if !p.Kind.isTensor() {
				sp = append(sp, kv{p.Name, obj{{strconv.Itoa(int(p.dtype)), scalarJSON(p)}}})
				continue
			}
			e := obj{
				{"id", p.id}, {"type", tensorTypeStatic}, {"dataFormat", 0}, {"data_type", int(p.dtype)},
				{"axis_format", "ANY"},
				{"quant_params", quantParams(&tensor{})}, {"dims", p.dims}, {"data", paramData(p)},
			}
			tp = append(tp, kv{p.Name, obj{{p.name, e}}})
		}
		in := make([]string, len(n.inputs))
		for i, t := range n.inputs {
			in[i] = t.name
		}
		out := make([]string, len(n.outputs))
		for i, t := range n.outputs {
			out[i] = t.name
		}
		entry := obj{
			{"package", Package}, {"type", n.row.Type},
			{"tensor_params", tp}, {"scalar_params", sp},
			{"input_names", in}, {"output_names", out},
		}
		if n.attrs != "" {
			entry = append(entry, kv{"mlc_attributes", n.attrs})
		}
		nodes = append(nodes, kv{n.name, entry})
	}
	opTypes := make([]string, 0, len(types))
	for t := range types {
		opTypes = append(opTypes, t)
	}
	sort.Strings(opTypes)
	names := func(ts []*tensor) []string {
		out := make([]string, len(ts))
		for i, t := range ts {
			out[i] = t.name
		}
		return out
	}
	fn := obj{{"name", g.fnName}}
	if g.private {
		fn = append(fn, kv{"visibility", "private"})
	}
	for _, a := range []kv{{"attributes", g.fnAttrs}, {"arg_attrs", g.argAttrs}, {"res_attrs", g.resAttrs}} {
		if a.V != "" {
			fn = append(fn, a)
		}
	}
	fn = append(fn, kv{"inputs", names(g.inputs)}, kv{"outputs", names(g.outputs)})
	return marshalIndent(obj{
		{"model.cpp", model + ".cpp"},
		{"model.bin", model + ".bin"},
		{"converter_command", "mlc-translate --mlir-to-qnn"},
		{"copyright_str", ""},
		{"op_types", opTypes},
		{"mlc_function", fn},
		{"graph", obj{{"tensors", tensors}, {"nodes", nodes}}},
	})
}

// aimetEncoding is one entry of an AIMET encodings list. AIMET describes
// every encoding in unsigned storage: offset = QNN offset + the signed
// type's lowest stored value, min = offset × scale.
func aimetEncoding(dt qd.DataType, so qd.ScaleOffset) obj {
	lo, hi := quantRange(dt, so)
	slo, _ := dt.StorageRange()
	sym := "False"
	if isSymmetric(dt, so) {
		sym = "True"
	}
	return obj{
		{"bitwidth", dt.Bits()}, {"dtype", "int"}, {"is_symmetric", sym},
		{"max", f64(hi)}, {"min", f64(lo)}, {"offset", int64(so.Offset) + slo}, {"scale", f32(so.Scale)},
	}
}

// encodings renders <m>.encodings: activation_encodings for fixed-point
// graph inputs, outputs and node outputs, param_encodings for fixed-point
// static tensors (one entry per channel for axis-scale-offset).
func (g *graph) encodings() ([]byte, error) {
	act, par := obj{}, obj{}
	for _, t := range g.tensors {
		if t.q == nil {
			continue
		}
		list := make([]obj, len(t.q.ScaleOffsets))
		for i, so := range t.q.ScaleOffsets {
			list[i] = aimetEncoding(t.dtype, so)
		}
		if t.kind == qd.KindStatic {
			par = append(par, kv{t.name, list})
		} else {
			act = append(act, kv{t.name, list})
		}
	}
	return marshalIndent(obj{{"activation_encodings", act}, {"param_encodings", par}})
}
