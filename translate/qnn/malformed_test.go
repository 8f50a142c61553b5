package qnnser_test

import (
	"archive/tar"
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/mlc-go/mlc/ir"
	"github.com/mlc-go/mlc/ir/asm"
	qnnser "github.com/mlc-go/mlc/translate/qnn"
)

// convBundle serializes testdata/ops.mlir's @conv.
func convBundle(t *testing.T) *qnnser.Bundle {
	t.Helper()
	src, err := os.ReadFile("testdata/ops.mlir")
	require.NoError(t, err)
	m := parse(t, newContext(), "testdata/ops.mlir", src)
	fn, err := qnnser.FindFunc(m, "conv")
	require.NoError(t, err)
	b, err := qnnser.Serialize(fn, qnnser.Options{})
	require.NoError(t, err)
	return b
}

// importFiles writes json and bin as conv_net.json / conv.bin and
// imports them.
func importFiles(t *testing.T, js, bin []byte) error {
	t.Helper()
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "conv_net.json"), js, 0o644))
	if bin != nil {
		require.NoError(t, os.WriteFile(filepath.Join(dir, "conv.bin"), bin, 0o644))
	}
	_, err := qnnser.ImportNetJSON(newContext(), filepath.Join(dir, "conv_net.json"))
	return err
}

// tarOf builds a tar with the given entries.
func tarOf(t *testing.T, entries map[string][]byte, order []string) []byte {
	t.Helper()
	var buf bytes.Buffer
	tw := tar.NewWriter(&buf)
	for _, name := range order {
		require.NoError(t, tw.WriteHeader(&tar.Header{Name: name, Mode: 0o644, Size: int64(len(entries[name])), Typeflag: tar.TypeReg}))
		_, err := tw.Write(entries[name])
		require.NoError(t, err)
	}
	require.NoError(t, tw.Close())
	return buf.Bytes()
}

func TestImportMalformed(t *testing.T) {
	b := convBundle(t)
	js := string(b.NetJSON)
	require.NoError(t, importFiles(t, b.NetJSON, b.Bin))
	cases := []struct {
		name      string
		json, bin []byte
		want      string
	}{
		{"truncated bin", b.NetJSON, b.Bin[:len(b.Bin)/2], "conv.bin"},
		{"missing bin", b.NetJSON, nil, "no .bin beside the JSON"},
		{"unknown data type", []byte(strings.Replace(js, `"data_type": 1032,`, `"data_type": 1033,`, 1)), b.Bin, "unknown data type 1033"},
		{"dims overflow", []byte(strings.Replace(js, `"dims": [
          1,
          4,
          8,
          8
        ]`, `"dims": [
          4294967295,
          4294967295,
          8,
          8
        ]`, 1)), b.Bin, "overflow"},
		{"zero dim", []byte(strings.Replace(js, `"dims": [
          1,`, `"dims": [
          0,`, 1)), b.Bin, "is not in [1, 2^32)"},
		{"path name", []byte(strings.ReplaceAll(js, `"Conv2d_3_filter"`, `"../Conv2d_3_filter"`)), b.Bin, "is not a C identifier"},
		{"undefined input", []byte(strings.Replace(js, `"Transpose_2_out",`, `"nowhere",`, 1)), b.Bin, `input "nowhere" is not defined before use`},
		{"bad json", []byte(js[:len(js)/3]), b.Bin, "invalid JSON"},
		{"unknown op", []byte(strings.Replace(js, `"type": "Relu"`, `"type": "Erf"`, 1)), b.Bin, `op type "Erf"`},
		{"unknown param", []byte(strings.Replace(js, `"group": {`, `"groups": {`, 1)), b.Bin, `no scalar parameter "groups"`},
		{"duplicate key", []byte(strings.Replace(js, `"id": 0,`, `"id": 0, "id": 0,`, 1)), b.Bin, `key "id" appears twice`},
		{"per-axis count", []byte(strings.Replace(js, `"num_scale_offsets": 8,`, `"num_scale_offsets": 9,`, 1)), b.Bin, "num_scale_offsets 9"},
		{"bad scale", []byte(strings.Replace(js, `"scale": 0.5,`, `"scale": -0.5,`, 1)), b.Bin, "not positive"},
		{"attribute text", []byte(strings.Replace(js, `"mlc_attributes": "{`, `"mlc_attributes": "{{`, 1)), b.Bin, "mlc_attributes"},
		{"attribute prefix", []byte(strings.Replace(js, `"attributes": "{mlc.budget`, `"attributes": "{budget`, 1)), b.Bin, "dialect prefix"},
		{"verifier", []byte(strings.Replace(js, `"data": [
                2,
                2
              ]`, `"data": [
                3,
                3
              ]`, 1)), b.Bin, "expected result shape"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if bytes.Equal(c.bin, b.Bin) {
				require.NotEqual(t, js, string(c.json), "the case must change the JSON") // guards against a stale pattern
			}
			err := importFiles(t, c.json, c.bin)
			require.Error(t, err)
			require.Contains(t, err.Error(), c.want)
		})
	}
	// The bin is untrusted: escaping names, links, extra, duplicate and
	// wrongly sized entries are errors.
	filter := make([]byte, 3*3*4*8)
	bias := make([]byte, 4*8)
	good := map[string][]byte{"Conv2d_3_filter.raw": filter, "Conv2d_3_bias.raw": bias,
		"DepthWiseConv2d_5_filter.raw": make([]byte, 2*2*1*8), "TransposeConv2d_8_filter.raw": make([]byte, 2*2*8*8)}
	order := []string{"Conv2d_3_filter.raw", "Conv2d_3_bias.raw", "DepthWiseConv2d_5_filter.raw", "TransposeConv2d_8_filter.raw"}
	require.NoError(t, importFiles(t, b.NetJSON, tarOf(t, good, order)))
	bad := []struct {
		name string
		edit func(map[string][]byte) []string
		want string
	}{
		{"escape", func(m map[string][]byte) []string { m["../x.raw"] = []byte{1}; return append(order, "../x.raw") }, "plain names only"},
		{"extra", func(m map[string][]byte) []string { m["other.raw"] = []byte{1}; return append(order, "other.raw") }, "not a static tensor"},
		{"duplicate", func(m map[string][]byte) []string { return append(order, "Conv2d_3_bias.raw") }, "appears twice"},
		{"size", func(m map[string][]byte) []string { m["Conv2d_3_bias.raw"] = make([]byte, 31); return order }, "needs 32"},
		{"absent", func(m map[string][]byte) []string { return order[1:] }, `no "Conv2d_3_filter.raw" entry`},
	}
	for _, c := range bad {
		t.Run("bin "+c.name, func(t *testing.T) {
			m := map[string][]byte{}
			for k, v := range good {
				m[k] = v
			}
			err := importFiles(t, b.NetJSON, tarOf(t, m, c.edit(m)))
			require.Error(t, err)
			require.Contains(t, err.Error(), c.want)
		})
	}
	t.Run("bin claims more than the file", func(t *testing.T) {
		var buf bytes.Buffer
		tw := tar.NewWriter(&buf)
		require.NoError(t, tw.WriteHeader(&tar.Header{Name: "Conv2d_3_filter.raw", Mode: 0o644, Size: int64(len(filter)), Typeflag: tar.TypeReg}))
		raw := buf.Bytes() // header only, no data
		err := importFiles(t, b.NetJSON, raw)
		require.Error(t, err)
	})
}

// TestImportErrorsArePositioned: JSON errors point at the offending
// entry's line.
func TestImportErrorsArePositioned(t *testing.T) {
	b := convBundle(t)
	js := strings.Replace(string(b.NetJSON), `"data_type": 1032,`, `"data_type": 7,`, 1)
	err := importFiles(t, []byte(js), b.Bin)
	var d *ir.Diagnostic
	require.ErrorAs(t, err, &d)
	loc, ok := ir.FileLineCol(d.Loc)
	require.True(t, ok)
	line := strings.Count(js[:strings.Index(js, `"Quantize_1_out": {`)], "\n") + 1
	require.Equal(t, line, loc.Line, err.Error())
}

// TestSerializeErrors: an op or type with no QNN form is one positioned
// error and nothing is written.
func TestSerializeErrors(t *testing.T) {
	cases := []struct{ name, src, want string }{
		{"core op", `func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = core.relu %x : tensor<4xf32>
  return %0 : tensor<4xf32>
}`, "'core.relu' op has no QNN node form"},
		{"block encoding", `func.func @f(%x: tensor<2x4xf32>) -> tensor<2x4xf32> {
  %q = qnn.Quantize %x : tensor<2x4xf32> -> !qnn.tensor<2x4xsfixed8, block_size = [1, 2], scale_offsets = [0.5:0, 0.25:0, 0.5:1, 0.25:-1]>
  %d = qnn.Dequantize %q : !qnn.tensor<2x4xsfixed8, block_size = [1, 2], scale_offsets = [0.5:0, 0.25:0, 0.5:1, 0.25:-1]> -> tensor<2x4xf32>
  return %d : tensor<2x4xf32>
}`, "block encoding has no serialized form"},
		{"returned input", `func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  return %x : tensor<4xf32>
}`, "must be produced by a node"},
		{"f64", `func.func @f(%x: tensor<4xf64>) -> tensor<4xf64> {
  %0 = "qnn.Relu"(%x) : (tensor<4xf64>) -> tensor<4xf64>
  return %0 : tensor<4xf64>
}`, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			ctx := newContext()
			m, err := asm.ParseFile(ctx, "in.mlir", []byte(c.src))
			if err != nil || ir.Verify(m) != nil {
				require.Empty(t, c.want, "the case must parse and verify")
				return
			}
			fn, err := qnnser.FindFunc(m, "")
			require.NoError(t, err)
			dir := t.TempDir()
			_, err = qnnser.WriteBundle(dir, fn, qnnser.Options{})
			require.Error(t, err)
			require.Contains(t, err.Error(), c.want)
			var d *ir.Diagnostic
			require.ErrorAs(t, err, &d)
			_, ok := ir.FileLineCol(d.Loc)
			require.True(t, ok, "error must carry a position: %v", err)
			entries, _ := os.ReadDir(dir)
			require.Empty(t, entries, "nothing may be written")
		})
	}
}

// TestWriteUnwritableDir: a directory that cannot be written gives an
// error and no files.
func TestWriteUnwritableDir(t *testing.T) {
	b := convBundle(t)
	_, err := b.Write(filepath.Join(t.TempDir(), "missing", "dir"))
	require.Error(t, err)
	dir := t.TempDir()
	require.NoError(t, os.Chmod(dir, 0o555))
	defer os.Chmod(dir, 0o755)
	if os.Geteuid() == 0 {
		t.Skip("root writes into read-only directories")
	}
	_, err = b.Write(dir)
	require.Error(t, err)
	entries, _ := os.ReadDir(dir)
	require.Empty(t, entries)
}

// TestImportConverterStyle: a _net.json as qnn-onnx-converter writes it
// (absolute model paths, extra fields, packageName among the scalar
// parameters, no mlc_function) imports; the .bin beside it is found by
// the JSON's own name.
func TestImportConverterStyle(t *testing.T) {
	js, err := os.ReadFile("testdata/converter_net.json")
	require.NoError(t, err)
	bin := tarOf(t, map[string][]byte{
		"conv0_weight.raw": {64, 16, 0x81, 127},
		"conv0_bias.raw":   {1, 0, 0, 0, 0xff, 0xff, 0xff, 0xff},
	}, []string{"conv0_weight.raw", "conv0_bias.raw"})
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "converter_net.json"), js, 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "converter.bin"), bin, 0o644))
	m, err := qnnser.ImportNetJSON(newContext(), filepath.Join(dir, "converter_net.json"))
	require.NoError(t, err)
	text := printed(t, m)
	for _, want := range []string{
		`func.func @converter(%arg0: !qnn.tensor<1x4x4x2xufixed8, scale = 0.007843138, offset = -128> {mlc.name = "input_1"}) -> (!qnn.tensor<1x4x4x2xufixed8, scale = 0.02, offset = -100> {mlc.name = "_23"})`,
		`qnn.StaticTensor dense<[[[[64, 16], [-127, 127]]]]> : tensor<1x1x2x2xi8> -> !qnn.tensor<1x1x2x2xsfixed8, axis = 3, scale_offsets = [0.01:0, 0.02:0]>`,
		`qnn.StaticTensor dense<[1, -1]> : tensor<2xi32>`,
		`qnn.Conv2d %arg0, %0, %1 {dilation = array<i64: 1, 1>, group = 1 : i64, pad_amount = dense<0> : tensor<2x2xi64>, stride = array<i64: 1, 1>}`,
	} {
		require.Contains(t, text, want)
	}
}

// TestModelNames: a model name is a plain file name; the QNN graph takes
// its C-identifier form.
func TestModelNames(t *testing.T) {
	src, err := os.ReadFile("testdata/ops.mlir")
	require.NoError(t, err)
	m := parse(t, newContext(), "testdata/ops.mlir", src)
	fn, err := qnnser.FindFunc(m, "conv")
	require.NoError(t, err)
	for _, bad := range []string{"../x", "a/b", "..", "."} {
		_, err := qnnser.Serialize(fn, qnnser.Options{ModelName: bad})
		require.Error(t, err, bad)
	}
	b, err := qnnser.Serialize(fn, qnnser.Options{ModelName: "resnet18-v1.5"})
	require.NoError(t, err)
	require.Equal(t, []string{"resnet18-v1.5.cpp", "resnet18-v1.5.bin", "resnet18-v1.5_net.json", "resnet18-v1.5.encodings"}, qnnser.Files(b.Model))
	require.Contains(t, string(b.CPP), `QnnModel model;`)
	require.Contains(t, string(b.CPP), `getQnnGraphConfigFromInfo("resnet18_v1_5"`)
}
