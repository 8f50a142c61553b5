package onnx

import (
	"encoding/binary"
	"fmt"
	"math"

	"google.golang.org/protobuf/encoding/protowire"
)

// pb builds protobuf messages for tests, field by field.
type pb []byte

func (m pb) str(num int, s string) pb {
	return protowire.AppendString(protowire.AppendTag(m, protowire.Number(num), protowire.BytesType), s)
}

func (m pb) raw(num int, b []byte) pb {
	return protowire.AppendBytes(protowire.AppendTag(m, protowire.Number(num), protowire.BytesType), b)
}

func (m pb) msg(num int, sub pb) pb { return m.raw(num, sub) }

func (m pb) int(num int, v int64) pb {
	return protowire.AppendVarint(protowire.AppendTag(m, protowire.Number(num), protowire.VarintType), uint64(v))
}

func (m pb) f32(num int, v float32) pb {
	return protowire.AppendFixed32(protowire.AppendTag(m, protowire.Number(num), protowire.Fixed32Type), math.Float32bits(v))
}

func (m pb) packed(num int, vs ...int64) pb {
	var b []byte
	for _, v := range vs {
		b = protowire.AppendVarint(b, uint64(v))
	}
	return m.raw(num, b)
}

// ONNX messages.

const (
	tFloat = 1
	tInt64 = 7
	tBool  = 9
	tInt32 = 6
)

func f32raw(vs ...float32) []byte {
	b := make([]byte, 4*len(vs))
	for i, v := range vs {
		binary.LittleEndian.PutUint32(b[4*i:], math.Float32bits(v))
	}
	return b
}

// tensorPB is a TensorProto with raw_data.
func tensorPB(name string, dt int32, dims []int64, raw []byte) pb {
	m := pb{}
	if len(dims) > 0 {
		m = m.packed(1, dims...)
	}
	return m.int(2, int64(dt)).str(8, name).raw(9, raw)
}

// int64sPB is an INT64 TensorProto using the typed int64_data field.
func int64sPB(name string, dims []int64, vals ...int64) pb {
	m := pb{}
	if len(dims) > 0 {
		m = m.packed(1, dims...)
	}
	return m.int(2, tInt64).str(8, name).packed(7, vals...)
}

// valueInfoPB: dims are int or int64 (static) or string (symbolic); nil dims
// leave the shape out.
func valueInfoPB(name string, elem int32, dims ...any) pb {
	shape := pb{}
	for _, d := range dims {
		switch d := d.(type) {
		case int:
			shape = shape.msg(1, pb{}.int(1, int64(d)))
		case int64:
			shape = shape.msg(1, pb{}.int(1, d))
		case string:
			shape = shape.msg(1, pb{}.str(2, d))
		default:
			panic(fmt.Sprintf("valueInfoPB: dim %v of type %T", d, d))
		}
	}
	tt := pb{}.int(1, int64(elem))
	if dims != nil {
		tt = tt.msg(2, shape)
	}
	return pb{}.str(1, name).msg(2, pb{}.msg(1, tt))
}

func attrInt(name string, v int64) pb { return pb{}.str(1, name).int(20, 2).int(3, v) }
func attrInts(name string, vs ...int64) pb {
	return pb{}.str(1, name).int(20, 7).packed(8, vs...)
}
func attrFloat(name string, v float32) pb { return pb{}.str(1, name).int(20, 1).f32(2, v) }
func attrString(name, v string) pb        { return pb{}.str(1, name).int(20, 3).str(4, v) }
func attrTensor(name string, t pb) pb     { return pb{}.str(1, name).int(20, 4).msg(5, t) }
func attrGraph(name string, g pb) pb      { return pb{}.str(1, name).int(20, 5).msg(6, g) }

func nodePB(op, name string, ins, outs []string, attrs ...pb) pb {
	m := pb{}
	for _, in := range ins {
		m = m.str(1, in)
	}
	for _, out := range outs {
		m = m.str(2, out)
	}
	m = m.str(3, name).str(4, op)
	for _, a := range attrs {
		m = m.msg(5, a)
	}
	return m
}

type graphSpec struct {
	nodes, inits, inputs, outputs []pb
}

func (g graphSpec) pb() pb {
	m := pb{}
	for _, n := range g.nodes {
		m = m.msg(1, n)
	}
	m = m.str(2, "test")
	for _, t := range g.inits {
		m = m.msg(5, t)
	}
	for _, in := range g.inputs {
		m = m.msg(11, in)
	}
	for _, out := range g.outputs {
		m = m.msg(12, out)
	}
	return m
}

func modelPB(opset int64, g graphSpec) []byte {
	return pb{}.int(1, 8).str(2, "pb_test").msg(8, pb{}.str(1, "").int(2, opset)).msg(7, g.pb())
}
