package onnx

import (
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/mlc-go/mlc/ir"
	"github.com/mlc-go/mlc/ir/asm"
)

// FuzzImport: any bytes import or fail with a positioned diagnostic; an
// "internal error" (a recovered panic) fails the fuzzer, as does an
// imported module that does not print.
func FuzzImport(f *testing.F) {
	files, _ := filepath.Glob("testdata/ops/*.onnx")
	if len(files) == 0 {
		f.Fatal("no seed models in testdata/ops")
	}
	for _, p := range files {
		if data, err := os.ReadFile(p); err == nil {
			f.Add(data)
		}
	}
	f.Add(convReluModel())
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := Import(newCtx(), data, "fuzz.onnx", Options{})
		if err != nil {
			d, ok := err.(*ir.Diagnostic)
			if !ok {
				t.Fatalf("error is %T: %v", err, err)
			}
			if _, ok := ir.FileLineCol(d.Loc); !ok {
				t.Fatalf("unpositioned diagnostic: %v", d.Message)
			}
			if strings.Contains(d.Message, "internal error") {
				t.Fatal(d.Message)
			}
			return
		}
		if err := asm.Print(io.Discard, m, asm.PrintOptions{}); err != nil {
			t.Fatal(err)
		}
	})
}

// FuzzNode builds one-node models from the table's op types with fuzzed
// input shapes, constant inputs and attributes, to reach the converters
// and folders with values a byte-level fuzzer rarely produces.
func FuzzNode(f *testing.F) {
	f.Add(uint8(0), uint8(17), []byte{2, 1, 3, 4, 2, 4, 1}, []byte{0, 1, 2, 3, 4})
	f.Add(uint8(5), uint8(13), []byte{4, 1, 2, 5, 5, 4, 3, 2, 3, 3}, []byte{6, 2, 2, 1, 7, 1, 1})
	f.Add(uint8(9), uint8(11), []byte{3, 2, 3, 4, 1, 2, 0xff}, []byte{1, 0xfe})
	f.Fuzz(func(t *testing.T, opSel, opset uint8, shapes, attrs []byte) { fuzzNode(t, opSel, opset, shapes, attrs) })
}

var fuzzAttrNames = []string{"axis", "axes", "perm", "pads", "strides", "kernel_shape", "dilations", "group", "keepdims",
	"to", "alpha", "beta", "transA", "transB", "ceil_mode", "count_include_pad", "auto_pad", "split", "allowzero",
	"epsilon", "noop_with_empty_axes", "value", "start", "end", "select_last_index", "mode", "value_ints", "value_float",
	"largest", "sorted", "upper", "exclusive", "reverse", "fmod", "lambd", "bias", "gamma", "detect_negative", "detect_positive", "blocksize",
	"equation", "reduction", "hidden_size", "direction", "layout", "linear_before_reset", "clip", "training_mode"}

func fuzzNode(t *testing.T, opSel, opset uint8, shapes, attrs []byte) {
	var ops []string
	for _, s := range SupportedOps() {
		if len(ops) == 0 || ops[len(ops)-1] != s.Op {
			ops = append(ops, s.Op)
		}
	}
	attrNames := fuzzAttrNames
	{
		op := ops[int(opSel)%len(ops)]
		version := int64(MinOpset) + int64(opset)%(MaxOpset-MinOpset+1)
		next := func(b *[]byte) int {
			if len(*b) == 0 {
				return 0
			}
			v := int((*b)[0])
			*b = (*b)[1:]
			return v
		}
		g := graphSpec{outputs: []pb{valueInfoPB("y", 0)}}
		var ins []string
		nIn := next(&shapes) % 6
		for i := 0; i < nIn; i++ {
			name := "in" + strconv.Itoa(i)
			ins = append(ins, name)
			kind := next(&shapes) % 4
			rank := next(&shapes) % 5
			var dims []int64
			for k := 0; k < rank; k++ {
				dims = append(dims, int64(next(&shapes)%6))
			}
			switch kind {
			case 0: // run-time float input
				ds := make([]any, len(dims))
				for k, d := range dims {
					ds[k] = int(d)
				}
				if ds == nil {
					ds = []any{}
				}
				g.inputs = append(g.inputs, valueInfoPB(name, tFloat, ds...))
			case 1: // int64 constant (shapes, axes, indices)
				n := int64(1)
				for _, d := range dims {
					n *= d
				}
				vals := make([]int64, n)
				for k := range vals {
					vals[k] = int64(int8(next(&shapes)))
				}
				g.inits = append(g.inits, int64sPB(name, dims, vals...))
			case 2: // float constant
				n := int64(1)
				for _, d := range dims {
					n *= d
				}
				vals := make([]float32, n)
				for k := range vals {
					vals[k] = float32(int8(next(&shapes))) / 4
				}
				g.inits = append(g.inits, tensorPB(name, tFloat, dims, f32raw(vals...)))
			default: // bool constant
				n := int64(1)
				for _, d := range dims {
					n *= d
				}
				raw := make([]byte, n)
				for k := range raw {
					raw[k] = byte(next(&shapes) & 1)
				}
				g.inits = append(g.inits, tensorPB(name, tBool, dims, raw))
			}
		}
		var as []pb
		for len(attrs) > 0 {
			name := attrNames[next(&attrs)%len(attrNames)]
			switch next(&attrs) % 4 {
			case 0:
				as = append(as, attrInt(name, int64(int8(next(&attrs)))))
			case 1:
				n := next(&attrs) % 6
				vs := make([]int64, n)
				for k := range vs {
					vs[k] = int64(int8(next(&attrs)))
				}
				as = append(as, attrInts(name, vs...))
			case 2:
				as = append(as, attrFloat(name, float32(int8(next(&attrs)))/8))
			default:
				as = append(as, attrString(name, []string{"NOTSET", "SAME_UPPER", "SAME_LOWER", "VALID", "constant", "reflect"}[next(&attrs)%6]))
			}
		}
		outs := []string{"y"}
		if op == "Split" {
			outs = []string{"y", "z"}
		}
		g.nodes = []pb{nodePB(op, "n", ins, outs, as...)}
		m, err := Import(newCtx(), modelPB(version, g), "fuzz.onnx", Options{})
		if err != nil {
			d := err.(*ir.Diagnostic)
			if strings.Contains(d.Message, "internal error") {
				t.Fatalf("%s at opset %d: %s", op, version, d.Message)
			}
			return
		}
		if err := asm.Print(io.Discard, m, asm.PrintOptions{}); err != nil {
			t.Fatal(err)
		}
	}
}
