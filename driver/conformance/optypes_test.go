package conformance

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestReadOpTypesOfNodeTests(t *testing.T) {
	ops, err := ReadOpTypes("testdata/node/test_add/model.onnx")
	require.NoError(t, err)
	assert.Equal(t, []string{"Add"}, ops)
	ops, err = ReadOpTypes("testdata/node/test_softmax_axis_0_expanded/model.onnx")
	require.NoError(t, err)
	assert.Equal(t, []string{"Constant", "ReduceMax", "Sub", "Exp", "ReduceSum", "Div"}, ops)
}

// ONNX field numbers and protobuf wire types of the hand-made models.
const (
	modelGraphField = 7 // ModelProto.graph
	graphNodeField  = 1 // GraphProto.node
	wireVarint      = 0
	wireFixed64     = 1
	wireBytes       = 2
	wireFixed32     = 5
)

// Minimal protobuf encoding for hand-made models.
func pbVarint(b []byte, v uint64) []byte {
	for v >= 0x80 {
		b = append(b, byte(v)|0x80)
		v >>= 7
	}
	return append(b, byte(v))
}

func pbBytes(num int, payload []byte) []byte {
	b := pbVarint(nil, uint64(num)<<3|wireBytes)
	b = pbVarint(b, uint64(len(payload)))
	return append(b, payload...)
}

func pbInt(num int, v uint64) []byte {
	return pbVarint(pbVarint(nil, uint64(num)<<3|wireVarint), v)
}

func node(opType, domain string) []byte {
	var n []byte
	n = append(n, pbBytes(1, []byte("x"))...) // input
	n = append(n, pbBytes(4, []byte(opType))...)
	if domain != "" {
		n = append(n, pbBytes(7, []byte(domain))...)
	}
	return pbBytes(graphNodeField, n)
}

func model(graph ...[]byte) []byte {
	var g []byte
	for _, part := range graph {
		g = append(g, part...)
	}
	var m []byte
	m = append(m, pbInt(1, 8)...)                // ir_version
	m = append(m, pbBytes(8, pbInt(2, 13))...)   // opset_import {version: 13}
	m = append(m, pbBytes(2, []byte("test"))...) // producer_name
	return append(m, pbBytes(modelGraphField, g)...)
}

func writeModel(t *testing.T, data []byte) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "model.onnx")
	require.NoError(t, os.WriteFile(p, data, 0o644))
	return p
}

func TestReadOpTypesDomainsAndSkipping(t *testing.T) {
	weights := pbBytes(5, append(pbInt(2, 1), pbBytes(9, make([]byte, 1<<16))...)) // initializer with raw_data
	p := writeModel(t, model(
		pbBytes(2, []byte("graph-name")),
		node("Conv", ""),
		weights,
		node("Adagrad", "ai.onnx.preview.training"),
		node("Relu", "ai.onnx"),
		pbVarint(nil, 99<<3|wireFixed64), []byte{1, 2, 3, 4, 5, 6, 7, 8}, // unknown fixed64 field
		pbVarint(nil, 98<<3|wireFixed32), []byte{1, 2, 3, 4},
	))
	ops, err := ReadOpTypes(p)
	require.NoError(t, err)
	assert.Equal(t, []string{"Conv", "ai.onnx.preview.training.Adagrad", "Relu"}, ops)

	p = writeModel(t, model())
	ops, err = ReadOpTypes(p)
	require.NoError(t, err)
	assert.Empty(t, ops)
}

func TestReadOpTypesBadInput(t *testing.T) {
	good := model(node("Relu", ""))
	bigLen := append(pbVarint(nil, modelGraphField<<3|wireBytes), pbVarint(nil, 1<<40)...)
	for _, tc := range []struct {
		name string
		data []byte
		want string
	}{
		{"truncated", good[:len(good)-3], "model.onnx:1:14: error: ModelProto: field 7 (length-delimited): unexpected end of data"},
		{"truncated varint", []byte{0x08, 0x80}, "model.onnx:1:2: error: ModelProto: field 1 (varint): unexpected end of data"},
		{"overlong varint", append([]byte{0x08}, []byte{0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f}...), "model.onnx:1:2: error: ModelProto: field 1 (varint): varint overflows 64 bits"},
		{"length beyond the file", bigLen, "model.onnx:1:2: error: ModelProto: field 7 (length-delimited): unexpected end of data"},
		{"unterminated group", []byte{0x0b}, "model.onnx:1:2: error: ModelProto: field 1 (group): unexpected end of data"},
		{"field 0", []byte{0x00, 0x01}, "model.onnx:1:1: error: ModelProto: malformed field tag: invalid field number"},
		{"node without op_type", model(pbBytes(graphNodeField, pbBytes(1, []byte("x")))), "node without op_type"},
		{"long op_type", model(node(strings.Repeat("A", maxNameLen+1), "")), "name of 4097 bytes"},
		{"fixed64 past the end", []byte{0x09, 1, 2, 3}, "model.onnx:1:2: error: ModelProto: field 1 (fixed64): unexpected end of data"},
	} {
		_, err := ReadOpTypes(writeModel(t, tc.data))
		if assert.Error(t, err, tc.name) {
			assert.Contains(t, err.Error(), tc.want, tc.name)
		}
	}
	_, err := ReadOpTypes(t.TempDir())
	assert.ErrorContains(t, err, "is a directory")
	if _, serr := os.Stat("/dev/null"); serr == nil {
		_, err = ReadOpTypes("/dev/null")
		assert.ErrorContains(t, err, "/dev/null: is not a regular file")
	}
	_, err = ReadOpTypes(filepath.Join(t.TempDir(), "missing.onnx"))
	assert.Error(t, err)
}

func FuzzReadOpTypes(f *testing.F) {
	f.Add(model(node("Relu", ""), node("Add", "com.example")))
	f.Add([]byte{0x3a, 0x05, 0x0a, 0x03, 0x22, 0x01, 0x41})
	f.Fuzz(func(t *testing.T, data []byte) {
		p := filepath.Join(t.TempDir(), "model.onnx")
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		ops, err := ReadOpTypes(p)
		if err == nil {
			for _, op := range ops {
				if op == "" {
					t.Fatal("empty op type without an error")
				}
			}
		}
	})
}
