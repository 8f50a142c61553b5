// Command onnx-reencode prepares the ONNX Runtime check of the
// internal/onnxpb encoder (bench/ort-reencode.sh): for each case folder
// (model.onnx and test_data_set_0/input_*.pb, as ONNX's node tests and
// build/onnx-models lay them out) it decodes and re-encodes the model,
// checks that decoding the result gives the same bytes again, and writes
//
//	OUT/<case>/model.onnx       the re-encoded model
//	OUT/<case>/input_<i>.bin    the inputs as little-endian raw bytes
//	OUT/manifest.json           [{name, original, reencoded, inputs: [{type, dims, file}]}]
//
// for bench/ort-reencode.js, which runs both models on the same inputs.
//
//	go run ./bench/onnx-reencode -out DIR CASE_DIR...
//
// Cases whose inputs are strings (which the raw format cannot carry),
// sequences or optionals, or whose model keeps its weights in external
// data files, are listed on stderr and left out.
package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"

	"github.com/mlc-go/mlc/internal/onnxpb"
)

// ortTypes names each data type as onnxruntime-node's Tensor does.
var ortTypes = map[int32]string{
	onnxpb.DataFloat: "float32", onnxpb.DataDouble: "float64", onnxpb.DataFloat16: "float16",
	onnxpb.DataInt8: "int8", onnxpb.DataUint8: "uint8", onnxpb.DataInt16: "int16", onnxpb.DataUint16: "uint16",
	onnxpb.DataInt32: "int32", onnxpb.DataUint32: "uint32", onnxpb.DataInt64: "int64", onnxpb.DataUint64: "uint64",
	onnxpb.DataBool: "bool",
}

type input struct {
	Type string  `json:"type"`
	Dims []int64 `json:"dims"`
	File string  `json:"file"`
}

type entry struct {
	Name      string  `json:"name"`
	Original  string  `json:"original"`
	Reencoded string  `json:"reencoded"`
	Inputs    []input `json:"inputs"`
	identical bool    // the re-encoding is the original byte for byte
}

func main() {
	out := flag.String("out", "", "output folder")
	flag.Parse()
	if *out == "" || flag.NArg() == 0 {
		fmt.Fprintln(os.Stderr, "usage: onnx-reencode -out DIR CASE_DIR...")
		os.Exit(2)
	}
	if err := os.MkdirAll(*out, 0o755); err != nil {
		fmt.Fprintln(os.Stderr, "onnx-reencode:", err)
		os.Exit(1)
	}
	manifest := []entry{}
	identical := 0
	for _, dir := range flag.Args() {
		e, skip, err := prepare(dir, *out)
		if err != nil {
			fmt.Fprintf(os.Stderr, "onnx-reencode: %s: %v\n", dir, err)
			os.Exit(1)
		}
		if skip != "" {
			fmt.Fprintf(os.Stderr, "onnx-reencode: skipping %s: %s\n", dir, skip)
			continue
		}
		manifest = append(manifest, e)
		if e.identical {
			identical++
		}
	}
	fmt.Printf("onnx-reencode: %d models re-encoded, %d of them byte for byte the same as the original\n", len(manifest), identical)
	b, err := json.MarshalIndent(manifest, "", " ")
	if err == nil {
		err = os.WriteFile(filepath.Join(*out, "manifest.json"), b, 0o644)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "onnx-reencode:", err)
		os.Exit(1)
	}
}

// prepare re-encodes one case; skip says why a case is left out.
func prepare(dir, out string) (e entry, skip string, err error) {
	name := filepath.Base(dir)
	orig := filepath.Join(dir, "model.onnx")
	data, err := os.ReadFile(orig)
	if err != nil {
		return e, "", err
	}
	m, err := onnxpb.Decode(data)
	if err != nil {
		return e, "", err
	}
	if m.Graph != nil {
		for _, t := range m.Graph.Initializers {
			if t.IsExternal() {
				return e, "external data", nil
			}
		}
	}
	re, err := onnxpb.Encode(m)
	if err != nil {
		return e, "", err
	}
	// The encoding must be a fixed point: what it decodes to encodes to
	// the same bytes.
	m2, err := onnxpb.Decode(re)
	if err != nil {
		return e, "", fmt.Errorf("decoding the re-encoded model: %v", err)
	}
	if again, err := onnxpb.Encode(m2); err != nil || !bytes.Equal(again, re) {
		return e, "", fmt.Errorf("re-encoding is not stable (%v)", err)
	}
	caseOut := filepath.Join(out, name)
	if err := os.MkdirAll(caseOut, 0o755); err != nil {
		return e, "", err
	}
	abs, err := filepath.Abs(orig)
	if err != nil {
		return e, "", err
	}
	e = entry{Name: name, Original: abs, Reencoded: filepath.Join(caseOut, "model.onnx"), Inputs: []input{}, identical: bytes.Equal(re, data)}
	if err := os.WriteFile(e.Reencoded, re, 0o644); err != nil {
		return e, "", err
	}
	files, _ := filepath.Glob(filepath.Join(dir, "test_data_set_0", "input_*.pb"))
	sort.Slice(files, func(i, j int) bool { return inputIndex(files[i]) < inputIndex(files[j]) })
	for i, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			return e, "", err
		}
		// Sequence and optional inputs (SequenceProto, OptionalProto)
		// are not TensorProtos: they fail to decode or give no data.
		t, err := onnxpb.DecodeTensor(b)
		if err != nil {
			return e, fmt.Sprintf("input %d is not a tensor: %v", i, err), nil
		}
		typ, ok := ortTypes[t.DataType]
		if !ok {
			return e, fmt.Sprintf("input %d is %s", i, onnxpb.DataTypeName(t.DataType)), nil
		}
		raw, err := t.Bytes()
		if err != nil {
			return e, fmt.Sprintf("input %d is not a tensor: %v", i, err), nil
		}
		in := input{Type: typ, Dims: t.Dims, File: filepath.Join(caseOut, fmt.Sprintf("input_%d.bin", i))}
		if in.Dims == nil {
			in.Dims = []int64{}
		}
		if err := os.WriteFile(in.File, raw, 0o644); err != nil {
			return e, "", err
		}
		e.Inputs = append(e.Inputs, in)
	}
	return e, "", nil
}

// inputIndex orders input_10.pb after input_9.pb.
func inputIndex(path string) int {
	var i int
	fmt.Sscanf(filepath.Base(path), "input_%d.pb", &i)
	return i
}
