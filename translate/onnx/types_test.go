package onnx

import (
	"testing"

	"github.com/mlc-go/mlc/internal/onnxpb"
	"github.com/mlc-go/mlc/ir"
)

// elemType supports exactly these data types, with these element types;
// every other code of the table (and beyond it) is an error naming it.
func TestElemTypeTable(t *testing.T) {
	want := map[int32]string{
		onnxpb.DataFloat: "f32", onnxpb.DataDouble: "f64", onnxpb.DataFloat16: "f16", onnxpb.DataBFloat16: "bf16",
		onnxpb.DataBool: "i1", onnxpb.DataInt8: "i8", onnxpb.DataInt16: "i16", onnxpb.DataInt32: "i32", onnxpb.DataInt64: "i64",
		onnxpb.DataUint8: "ui8", onnxpb.DataUint16: "ui16", onnxpb.DataUint32: "ui32", onnxpb.DataUint64: "ui64",
	}
	ctx := ir.NewContext()
	for code := int32(-1); code <= 30; code++ {
		typ, err := elemType(ctx, code)
		if w, ok := want[code]; ok {
			if err != nil || typ.String() != w {
				t.Errorf("%s: got %v, %v; want %s", onnxpb.DataTypeName(code), typ, err, w)
			}
			continue
		}
		if err == nil || err.Error() != "element type "+onnxpb.DataTypeName(code)+" is not supported" {
			t.Errorf("%s: got %v, %v; want an error", onnxpb.DataTypeName(code), typ, err)
		}
	}
}
