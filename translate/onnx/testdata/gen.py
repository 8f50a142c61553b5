#!/usr/bin/python3
"""Generates the ONNX importer's test models and their expected outputs.

Run with Debian's python (python3-onnx, python3-torch):

    /usr/bin/python3 translate/onnx/testdata/gen.py

Each case is a small model built with onnx.helper (or exported from torch)
plus inputs, saved as ops/<case>.onnx, and an entry in cases.json with the
inputs and the outputs that numpy or torch compute for them. The Go tests
import every model, run it with the reference interpreter and compare, so
each converter's semantics are checked against an independent
implementation rather than against itself.
"""

import json
import math
import os

import numpy as np
import onnx
import torch
import torch.nn.functional as F
from onnx import TensorProto, helper, numpy_helper

HERE = os.path.dirname(os.path.abspath(__file__))
OPS = os.path.join(HERE, "ops")
rng = np.random.default_rng(0)

DTYPES = {
    np.dtype("float32"): ("f32", TensorProto.FLOAT),
    np.dtype("int64"): ("i64", TensorProto.INT64),
    np.dtype("int32"): ("i32", TensorProto.INT32),
    np.dtype("bool"): ("bool", TensorProto.BOOL),
    np.dtype("uint8"): ("u8", TensorProto.UINT8),
    np.dtype("int8"): ("i8", TensorProto.INT8),
}

cases = {}


def r(*shape, lo=-2.0, hi=2.0):
    return rng.uniform(lo, hi, size=shape).astype(np.float32)


def enc(a):
    a = np.asarray(a)
    vals = a.reshape(-1).tolist()
    if a.dtype == np.float32:
        vals = [float("%.7g" % v) for v in vals]
    elif a.dtype == np.bool_:
        vals = [int(v) for v in vals]
    return {"dtype": DTYPES[a.dtype][0], "shape": list(a.shape), "data": vals}


def case(name, nodes, inputs, expected, inits=None, opset=13, atol=1e-5):
    """One model: nodes over graph inputs (name -> array) and initializers;
    expected maps each graph output name to its array."""
    inits = inits or {}
    g = helper.make_graph(
        nodes,
        name,
        [helper.make_tensor_value_info(k, DTYPES[v.dtype][1], v.shape) for k, v in inputs.items()],
        [helper.make_tensor_value_info(k, DTYPES[np.asarray(v).dtype][1], np.asarray(v).shape) for k, v in expected.items()],
        [numpy_helper.from_array(np.asarray(v), k) for k, v in inits.items()],
    )
    m = helper.make_model(g, opset_imports=[helper.make_opsetid("", opset)], producer_name="gen.py")
    m.ir_version = 8
    onnx.checker.check_model(m)
    onnx.save(m, os.path.join(OPS, name + ".onnx"))
    cases[name] = {
        "inputs": {k: enc(v) for k, v in inputs.items()},
        "outputs": {k: enc(np.asarray(v)) for k, v in expected.items()},
        "atol": atol,
    }


def node(op, ins, outs, **attrs):
    return helper.make_node(op, ins, outs, name=op.lower() + "_0", **attrs)


def f32(x):
    return np.asarray(x, dtype=np.float32)


def t(x):
    return torch.from_numpy(np.ascontiguousarray(x))


# ---- elementwise ----

x23, y3 = r(2, 3), r(3)
case("add_broadcast", [node("Add", ["x", "y"], ["z"])], {"x": x23, "y": y3}, {"z": x23 + y3})
case("sub", [node("Sub", ["x", "y"], ["z"])], {"x": x23, "y": y3}, {"z": x23 - y3})
case("mul_const", [node("Mul", ["x", "c"], ["z"])], {"x": x23}, {"z": x23 * f32(1.5)}, inits={"c": f32(1.5)})
case("div", [node("Div", ["x", "y"], ["z"])], {"x": x23, "y": y3 + 3}, {"z": x23 / (y3 + 3)})
xi = np.array([7, -7, 9, -9, 5, 0], np.int32)
yi = np.array([2, 2, -4, -4, 5, 3], np.int32)
case("div_int_trunc", [node("Div", ["x", "y"], ["z"])], {"x": xi, "y": yi}, {"z": (np.trunc(xi / yi)).astype(np.int32)})
case("pow_scalar", [node("Pow", ["x", "e"], ["z"])], {"x": x23}, {"z": x23 ** 2}, inits={"e": f32(2.0)})
xp = r(2, 3, lo=0.5, hi=2)
case("pow_tensor", [node("Pow", ["x", "y"], ["z"])], {"x": xp, "y": y3}, {"z": (xp ** y3).astype(np.float32)})

x24 = r(2, 4, lo=-4, hi=4)
unary = {
    "Relu": np.maximum(x24, 0),
    "Sigmoid": 1 / (1 + np.exp(-x24)),
    "Tanh": np.tanh(x24),
    "Exp": np.exp(x24),
    "Neg": -x24,
    "Abs": np.abs(x24),
    "Floor": np.floor(x24),
    "Ceil": np.ceil(x24),
    "Reciprocal": 1 / x24,
    "Erf": torch.erf(t(x24)).numpy(),
    "Softsign": x24 / (1 + np.abs(x24)),
}
for op, want in unary.items():
    case(op.lower(), [node(op, ["x"], ["y"])], {"x": x24}, {"y": want.astype(np.float32)})
xpos = r(2, 4, lo=0.1, hi=4)
case("log", [node("Log", ["x"], ["y"])], {"x": xpos}, {"y": np.log(xpos)})
case("sqrt", [node("Sqrt", ["x"], ["y"])], {"x": xpos}, {"y": np.sqrt(xpos)})
case("hardswish", [node("HardSwish", ["x"], ["y"])], {"x": x24}, {"y": x24 * np.clip(x24 + 3, 0, 6) / 6}, opset=14)
case("leakyrelu", [node("LeakyRelu", ["x"], ["y"], alpha=0.2)], {"x": x24}, {"y": np.where(x24 >= 0, x24, f32(0.2) * x24)})
xc = r(1, 3, 2, 2)
slope = f32([0.1, -0.5, 2.0]).reshape(3, 1, 1)
case("prelu", [node("PRelu", ["x", "s"], ["y"])], {"x": xc}, {"y": np.where(xc >= 0, xc, slope * xc)}, inits={"s": slope})
case("prelu_scalar", [node("PRelu", ["x", "s"], ["y"])], {"x": xc}, {"y": np.where(xc >= 0, xc, f32(0.25) * xc)}, inits={"s": f32([0.25])})
case("elu", [node("Elu", ["x"], ["y"], alpha=0.5)], {"x": x24}, {"y": np.where(x24 > 0, x24, 0.5 * (np.exp(x24) - 1)).astype(np.float32)})
sa, sg = 1.67326319217681884765625, 1.05070102214813232421875
case("selu", [node("Selu", ["x"], ["y"])], {"x": x24}, {"y": (sg * np.where(x24 > 0, x24, sa * (np.exp(x24) - 1))).astype(np.float32)})
case("celu", [node("Celu", ["x"], ["y"], alpha=2.0)], {"x": x24}, {"y": (np.maximum(0, x24) + np.minimum(0, 2 * (np.exp(x24 / 2) - 1))).astype(np.float32)})
xs = f32([-100, -3, -0.5, 0, 0.5, 3, 20, 100])
case("softplus", [node("Softplus", ["x"], ["y"])], {"x": xs}, {"y": np.logaddexp(0, xs.astype(np.float64)).astype(np.float32)})
case("hardsigmoid", [node("HardSigmoid", ["x"], ["y"])], {"x": x24}, {"y": np.clip(f32(0.2) * x24 + f32(0.5), 0, 1)})
case("hardsigmoid_torch", [node("HardSigmoid", ["x"], ["y"], alpha=1.0 / 6)], {"x": x24}, {"y": np.clip(x24 / 6 + 0.5, 0, 1).astype(np.float32)})
case("clip", [node("Clip", ["x", "lo", "hi"], ["y"])], {"x": x24}, {"y": np.clip(x24, -1, 0.5)}, inits={"lo": f32(-1), "hi": f32(0.5)})
case("clip_max_only", [node("Clip", ["x", "", "hi"], ["y"])], {"x": x24}, {"y": np.minimum(x24, 6)}, inits={"hi": f32(6)})
xi6 = np.array([-5, -1, 0, 3, 9, 12], np.int32)
case("clip_int", [node("Clip", ["x", "lo", "hi"], ["y"])], {"x": xi6}, {"y": np.clip(xi6, 0, 6)}, inits={"lo": np.int32(0), "hi": np.int32(6)})
a, b, c = r(2, 3), r(3), r(1, 3)
case("sum3", [node("Sum", ["a", "b", "c"], ["y"])], {"a": a, "b": b, "c": c}, {"y": a + b + c})
case("mean2", [node("Mean", ["a", "b"], ["y"])], {"a": a, "b": b}, {"y": (a + b) / 2})
case("max_const", [node("Max", ["a", "k"], ["y"])], {"a": a}, {"y": np.maximum(a, 0.25)}, inits={"k": f32([0.25])})
case("min_const", [node("Min", ["a", "k"], ["y"])], {"a": a}, {"y": np.minimum(a, -0.25)}, inits={"k": f32(-0.25)})
cond = np.array([[True, False, True], [False, False, True]])
case("where", [node("Where", ["c", "a", "b"], ["y"])], {"c": cond, "a": a, "b": b}, {"y": np.where(cond, a, b)})
xcast = f32([-2.7, -0.5, 0, 0.5, 2.7, 100.9])
case("cast_f32_i32", [node("Cast", ["x"], ["y"], to=TensorProto.INT32)], {"x": xcast}, {"y": np.trunc(xcast).astype(np.int32)})
case("cast_f32_bool", [node("Cast", ["x"], ["y"], to=TensorProto.BOOL)], {"x": xcast}, {"y": xcast != 0})
xl = np.array([-3, 0, 5, 1 << 20], np.int64)
case("cast_i64_f32", [node("Cast", ["x"], ["y"], to=TensorProto.FLOAT)], {"x": xl}, {"y": xl.astype(np.float32)})

# ---- shapes and data movement ----

x234 = r(2, 3, 4)
case("reshape_zero_minus1", [node("Reshape", ["x", "s"], ["y"])], {"x": x234}, {"y": x234.reshape(2, 12)}, inits={"s": np.array([0, -1], np.int64)})
# The usual exported shape computation: Reshape(x, Concat(Unsqueeze(Gather(Shape(x), 0)), [-1])).
case(
    "reshape_shape_chain",
    [
        node("Shape", ["x"], ["s"]),
        helper.make_node("Gather", ["s", "i0"], ["b"], name="gather_b", axis=0),
        helper.make_node("Unsqueeze", ["b", "ax0"], ["bu"], name="unsq_b"),
        helper.make_node("Concat", ["bu", "m1"], ["shape"], name="cat_shape", axis=0),
        node("Reshape", ["x", "shape"], ["y"]),
    ],
    {"x": x234},
    {"y": x234.reshape(2, -1)},
    inits={"i0": np.array(0, np.int64), "ax0": np.array([0], np.int64), "m1": np.array([-1], np.int64)},
)
x2345 = r(2, 3, 2, 2)
case("flatten_axis2", [node("Flatten", ["x"], ["y"], axis=2)], {"x": x2345}, {"y": x2345.reshape(6, 4)})
case("flatten_axis0", [node("Flatten", ["x"], ["y"], axis=0)], {"x": x234}, {"y": x234.reshape(1, 24)})
case("transpose", [node("Transpose", ["x"], ["y"], perm=[2, 0, 1])], {"x": x234}, {"y": x234.transpose(2, 0, 1)})
case("transpose_default", [node("Transpose", ["x"], ["y"])], {"x": x234}, {"y": x234.transpose()})
x1314 = r(1, 3, 1, 4)
case("squeeze_v11", [node("Squeeze", ["x"], ["y"], axes=[0, -2])], {"x": x1314}, {"y": x1314.reshape(3, 4)}, opset=11)
case("squeeze_v13", [node("Squeeze", ["x", "a"], ["y"])], {"x": x1314}, {"y": x1314.reshape(3, 1, 4)}, inits={"a": np.array([0], np.int64)})
case("squeeze_all", [node("Squeeze", ["x"], ["y"])], {"x": x1314}, {"y": x1314.reshape(3, 4)})
case("unsqueeze_v11", [node("Unsqueeze", ["x"], ["y"], axes=[0, 3])], {"x": x23}, {"y": x23.reshape(1, 2, 3, 1)}, opset=11)
case("unsqueeze_v13", [node("Unsqueeze", ["x", "a"], ["y"])], {"x": x23}, {"y": x23.reshape(2, 1, 3, 1)}, inits={"a": np.array([-1, 1], np.int64)})
case("concat", [node("Concat", ["a", "b"], ["y"], axis=1)], {"a": x23, "b": a}, {"y": np.concatenate([x23, a], 1)})
x26 = r(2, 6)
case("split_v13", [node("Split", ["x", "s"], ["p", "q"], axis=1)], {"x": x26}, {"p": x26[:, :2], "q": x26[:, 2:]}, inits={"s": np.array([2, 4], np.int64)})
case("split_v11", [node("Split", ["x"], ["p", "q"], axis=1, split=[5, 1])], {"x": x26}, {"p": x26[:, :5], "q": x26[:, 5:]}, opset=11)
case("split_even", [node("Split", ["x"], ["p", "q", "u"], axis=-1)], {"x": x26}, {"p": x26[:, :2], "q": x26[:, 2:4], "u": x26[:, 4:]})
x610 = r(6, 10)
case(
    "slice",
    [node("Slice", ["x", "st", "en", "ax", "sp"], ["y"])],
    {"x": x610},
    {"y": x610[1:-1, -8:1000:3]},
    inits={"st": np.array([1, -8], np.int64), "en": np.array([-1, 1000], np.int64), "ax": np.array([0, 1], np.int64), "sp": np.array([1, 3], np.int64)},
)
case(
    "slice_int64_max",
    [node("Slice", ["x", "st", "en", "ax"], ["y"])],
    {"x": x610},
    {"y": x610[:, 4:]},
    inits={"st": np.array([4], np.int64), "en": np.array([np.iinfo(np.int64).max], np.int64), "ax": np.array([-1], np.int64)},
)
case("gather_scalar", [node("Gather", ["x", "i"], ["y"], axis=1)], {"x": x234}, {"y": x234[:, 2]}, inits={"i": np.array(-1 + 3, np.int64)})
case("gather_run", [node("Gather", ["x", "i"], ["y"], axis=1)], {"x": x234}, {"y": x234[:, 1:3]}, inits={"i": np.array([1, 2], np.int64)})
gi = np.array([[0, -1], [2, 1]], np.int64)
case("gather_axis1", [node("Gather", ["x", "i"], ["y"], axis=1)], {"x": x234}, {"y": np.take(x234, gi, axis=1)}, inits={"i": gi})
emb = r(5, 3)
ids = np.array([[4, 0, -1], [2, 2, -5]], np.int64)
case("gather_runtime_idx", [node("Gather", ["w", "ids"], ["y"])], {"ids": ids}, {"y": np.take(emb, ids, axis=0)}, inits={"w": emb})
x31 = r(3, 1)
case("expand", [node("Expand", ["x", "s"], ["y"])], {"x": x31}, {"y": np.broadcast_to(x31, (2, 3, 4)).copy()}, inits={"s": np.array([2, 1, 4], np.int64)})
case("tile", [node("Tile", ["x", "r"], ["y"])], {"x": x23}, {"y": np.tile(x23, (2, 3))}, inits={"r": np.array([2, 3], np.int64)})
case(
    "pad",
    [node("Pad", ["x", "p", "v"], ["y"])],
    {"x": x23},
    {"y": np.pad(x23, ((1, 0), (0, 2)), constant_values=1.5)},
    inits={"p": np.array([1, 0, 0, 2], np.int64), "v": f32(1.5)},
)
case(
    "constantofshape",
    [node("ConstantOfShape", ["s"], ["k"], value=numpy_helper.from_array(f32([3.0]))), node("Add", ["x", "k"], ["y"])],
    {"x": x23},
    {"y": x23 + 3},
    inits={"s": np.array([2, 3], np.int64)},
)
case(
    "range",
    [node("Range", ["a", "b", "d"], ["k"]), node("Cast", ["k"], ["kf"], to=TensorProto.FLOAT), node("Add", ["x", "kf"], ["y"])],
    {"x": x23},
    {"y": x23 + f32([1, 3, 5])},
    inits={"a": np.array(1, np.int64), "b": np.array(6, np.int64), "d": np.array(2, np.int64)},
)
case(
    "constant_kinds",
    [
        helper.make_node("Constant", [], ["k1"], name="k1", value_float=2.0),
        helper.make_node("Constant", [], ["k2"], name="k2", value=numpy_helper.from_array(f32([1, 2, 3]))),
        node("Mul", ["x", "k1"], ["t"]),
        helper.make_node("Add", ["t", "k2"], ["y"], name="add_1"),
    ],
    {"x": x23},
    {"y": x23 * 2 + f32([1, 2, 3])},
)
case("identity_dropout", [node("Identity", ["x"], ["t"]), node("Dropout", ["t"], ["y"])], {"x": x23}, {"y": x23})

# ---- neural-network operators ----


def conv_ref(x, w, b, strides, pads, dil=(1, 1), group=1):
    xp = F.pad(t(x), (pads[1], pads[3], pads[0], pads[2]))
    return F.conv2d(xp, t(w), None if b is None else t(b), stride=strides, dilation=dil, groups=group).numpy()


xconv, wconv, bconv = r(1, 2, 5, 4), r(3, 2, 3, 3), r(3)
case("conv", [node("Conv", ["x", "w", "b"], ["y"], pads=[1, 1, 1, 1])], {"x": xconv}, {"y": conv_ref(xconv, wconv, bconv, (1, 1), [1, 1, 1, 1])}, inits={"w": wconv, "b": bconv}, atol=1e-4)
case(
    "conv_stride_asym",
    [node("Conv", ["x", "w"], ["y"], pads=[0, 1, 2, 0], strides=[2, 2])],
    {"x": xconv},
    {"y": conv_ref(xconv, wconv, None, (2, 2), [0, 1, 2, 0])},
    inits={"w": wconv},
    atol=1e-4,
)
wdw = r(2, 1, 3, 3)
case("conv_depthwise_dilated", [node("Conv", ["x", "w"], ["y"], group=2, dilations=[2, 1], pads=[2, 1, 2, 1])], {"x": xconv}, {"y": conv_ref(xconv, wdw, None, (1, 1), [2, 1, 2, 1], (2, 1), 2)}, inits={"w": wdw}, atol=1e-4)
# SAME_UPPER with stride 2 on 5x4: totals 2 and 1, the odd one at the end.
case("conv_same_upper", [node("Conv", ["x", "w"], ["y"], auto_pad="SAME_UPPER", strides=[2, 2])], {"x": xconv}, {"y": conv_ref(xconv, wconv, None, (2, 2), [1, 0, 1, 1])}, inits={"w": wconv}, atol=1e-4)
x1d, w1d = r(1, 2, 7), r(2, 2, 3)
case("conv1d", [node("Conv", ["x", "w"], ["y"], pads=[1, 1], strides=[2])], {"x": x1d}, {"y": F.conv1d(t(x1d), t(w1d), padding=1, stride=2).numpy()}, inits={"w": w1d}, atol=1e-4)
xpool = r(1, 2, 5, 5)
case("maxpool", [node("MaxPool", ["x"], ["y"], kernel_shape=[3, 3], strides=[2, 2], pads=[1, 1, 1, 1])], {"x": xpool}, {"y": F.max_pool2d(t(xpool), 3, 2, 1).numpy()})
# ceil_mode where ONNX and ATen agree: 5 -> ceil((5-2)/2)+1 = 3.
case("maxpool_ceil", [node("MaxPool", ["x"], ["y"], kernel_shape=[2, 2], strides=[2, 2], ceil_mode=1)], {"x": xpool}, {"y": F.max_pool2d(t(xpool), 2, 2, ceil_mode=True).numpy()})
case(
    "maxpool_asym",
    [node("MaxPool", ["x"], ["y"], kernel_shape=[2, 2], pads=[1, 0, 0, 1])],
    {"x": xpool},
    {"y": F.max_pool2d(F.pad(t(xpool), (0, 1, 1, 0), value=-math.inf), 2, 1).numpy()},
)
case("maxpool1d", [node("MaxPool", ["x"], ["y"], kernel_shape=[3], strides=[2])], {"x": x1d}, {"y": F.max_pool1d(t(x1d), 3, 2).numpy()})
case(
    "avgpool_exclude_pad",
    [node("AveragePool", ["x"], ["y"], kernel_shape=[3, 3], strides=[2, 2], pads=[1, 1, 1, 1])],
    {"x": xpool},
    {"y": F.avg_pool2d(t(xpool), 3, 2, 1, count_include_pad=False).numpy()},
)
case(
    "avgpool_include_pad_asym",
    [node("AveragePool", ["x"], ["y"], kernel_shape=[2, 2], pads=[1, 0, 0, 1], count_include_pad=1)],
    {"x": xpool},
    {"y": F.avg_pool2d(F.pad(t(xpool), (0, 1, 1, 0)), 2, 1).numpy()},
)
case("globalaveragepool", [node("GlobalAveragePool", ["x"], ["y"])], {"x": xpool}, {"y": xpool.mean((2, 3), keepdims=True)})
case("globalmaxpool", [node("GlobalMaxPool", ["x"], ["y"])], {"x": xpool}, {"y": xpool.max((2, 3), keepdims=True)})
sc, bi, mu, var = r(2), r(2), r(2), r(2, lo=0.5, hi=2)
case(
    "batchnorm",
    [node("BatchNormalization", ["x", "s", "b", "m", "v"], ["y"], epsilon=1e-3)],
    {"x": xpool},
    {"y": ((xpool - mu.reshape(1, 2, 1, 1)) / np.sqrt(var.reshape(1, 2, 1, 1) + f32(1e-3)) * sc.reshape(1, 2, 1, 1) + bi.reshape(1, 2, 1, 1)).astype(np.float32)},
    inits={"s": sc, "b": bi, "m": mu, "v": var},
)
case(
    "instancenorm",
    [node("InstanceNormalization", ["x", "s", "b"], ["y"], epsilon=1e-5)],
    {"x": xpool},
    {"y": F.instance_norm(t(xpool), weight=t(sc), bias=t(bi), eps=1e-5).numpy()},
    inits={"s": sc, "b": bi},
)
lw, lb = r(3, 4), r(3, 4)
case(
    "layernorm",
    [node("LayerNormalization", ["x", "w", "b"], ["y"], axis=-2)],
    {"x": x234},
    {"y": F.layer_norm(t(x234), (3, 4), t(lw), t(lb)).numpy()},
    inits={"w": lw, "b": lb},
    opset=17,
)
ga, gw, gb = r(2, 5), r(3, 5), r(3)
case("gemm_linear", [node("Gemm", ["a", "w", "b"], ["y"], transB=1)], {"a": ga}, {"y": ga @ gw.T + gb}, inits={"w": gw, "b": gb})
gA, gB, gC = r(5, 2), r(5, 3), r(2, 3)
case("gemm_general", [node("Gemm", ["a", "b", "c"], ["y"], transA=1, alpha=0.5, beta=2.0)], {"a": gA, "b": gB}, {"y": 0.5 * gA.T @ gB + 2 * gC}, inits={"c": gC})
case("gemm_no_c", [node("Gemm", ["a", "b"], ["y"], transA=1)], {"a": gA, "b": gB}, {"y": gA.T @ gB})
ma, mb = r(2, 1, 3, 4), r(3, 4, 2)
case("matmul_batched", [node("MatMul", ["a", "b"], ["y"])], {"a": ma, "b": mb}, {"y": np.matmul(ma, mb)})
x235 = r(2, 3, 5)


def softmax(x, axis):
    e = np.exp(x - x.max(axis=axis, keepdims=True))
    return e / e.sum(axis=axis, keepdims=True)


case("softmax_v13", [node("Softmax", ["x"], ["y"], axis=1)], {"x": x235}, {"y": softmax(x235, 1)})
# Before opset 13 Softmax flattens the input to 2-D at axis.
case("softmax_v11_coerced", [node("Softmax", ["x"], ["y"], axis=1)], {"x": x235}, {"y": softmax(x235.reshape(2, 15), 1).reshape(2, 3, 5)}, opset=11)
case("logsoftmax", [node("LogSoftmax", ["x"], ["y"])], {"x": x235}, {"y": np.log(softmax(x235, -1))})

# ---- resampling ----

xr = r(1, 2, 2, 3)
case(
    "resize_scales_asymmetric",
    [node("Resize", ["x", "", "sc"], ["y"], coordinate_transformation_mode="asymmetric", nearest_mode="floor")],
    {"x": xr},
    {"y": xr.repeat(2, axis=2).repeat(3, axis=3)},
    inits={"sc": f32([1, 1, 2, 3])},
)
case(
    "resize_sizes_half_pixel",
    [node("Resize", ["x", "", "", "sz"], ["y"])],
    {"x": xr},
    {"y": xr.repeat(3, axis=2).repeat(2, axis=3)},
    inits={"sz": np.array([1, 2, 6, 6], np.int64)},
)
# Every mode and coordinate transformation against ONNX's own reference
# implementation (the node tests' generator), with constant scales and
# sizes. Cases avoid align_corners with scale·size not whole, where that
# reference and ONNX Runtime disagree. A separate generator keeps the
# other cases' data unchanged.
from onnx.backend.test.case.node.resize import cubic_coeffs, interpolate_nd, linear_coeffs, nearest_coeffs

rr = np.random.default_rng(11)
xz = rr.uniform(-2, 2, size=(1, 2, 4, 5)).astype(np.float32)


def resize_ref(x, mode="nearest", scales=None, sizes=None, roi=None, nearest_mode="round_prefer_floor", a=-0.75, **kw):
    coeffs = {
        "nearest": lambda t: nearest_coeffs(t, mode=nearest_mode),
        "linear": linear_coeffs,
        "cubic": lambda t: cubic_coeffs(t, A=a),
    }[mode]
    return interpolate_nd(x, coeffs, output_size=sizes, scale_factors=None if scales is None else np.asarray(scales, np.float32),
                          roi=roi, **kw).astype(np.float32)


def resize_case(name, attrs, scales=None, sizes=None, roi=None, x=xz, opset=13, **ref):
    ins = ["x", "roi" if roi is not None else "", "sc" if scales is not None else ""] + (["sz"] if sizes is not None else [])
    inits = {}
    if roi is not None:
        inits["roi"] = f32(roi)
    if scales is not None:
        inits["sc"] = f32(scales)
    if sizes is not None:
        inits["sz"] = np.array(sizes, np.int64)
    want = resize_ref(x, scales=scales, sizes=sizes, roi=roi, **ref)
    case(name, [node("Resize", ins, ["y"], **attrs)], {"x": x}, {"y": want.astype(x.dtype)}, inits=inits, opset=opset)


resize_case("resize_linear_half_pixel", {"mode": "linear"}, scales=[1, 1, 1.5, 0.6], mode="linear")
resize_case("resize_linear_align_corners", {"mode": "linear", "coordinate_transformation_mode": "align_corners"}, sizes=[1, 2, 7, 3],
            mode="linear", coordinate_transformation_mode="align_corners")
resize_case("resize_linear_pytorch_half_pixel", {"mode": "linear", "coordinate_transformation_mode": "pytorch_half_pixel"}, sizes=[1, 2, 1, 8],
            mode="linear", coordinate_transformation_mode="pytorch_half_pixel")
resize_case("resize_linear_asymmetric_3d", {"mode": "linear", "coordinate_transformation_mode": "asymmetric"}, sizes=[1, 3, 6, 7],
            mode="linear", coordinate_transformation_mode="asymmetric")
resize_case("resize_cubic_half_pixel", {"mode": "cubic"}, scales=[1, 1, 1.75, 0.8], mode="cubic")
resize_case("resize_cubic_exclude_outside", {"mode": "cubic", "cubic_coeff_a": -0.5, "exclude_outside": 1, "coordinate_transformation_mode": "asymmetric"},
            sizes=[1, 2, 9, 3], mode="cubic", a=-0.5, exclude_outside=True, coordinate_transformation_mode="asymmetric")
resize_case("resize_cubic_align_corners", {"mode": "cubic", "coordinate_transformation_mode": "align_corners"}, sizes=[2, 2, 3, 8],
            mode="cubic", coordinate_transformation_mode="align_corners")
for nm in ("round_prefer_floor", "round_prefer_ceil", "floor", "ceil"):
    resize_case("resize_nearest_" + nm, {"mode": "nearest", "nearest_mode": nm}, scales=[1, 1, 1.5, 2.5], nearest_mode=nm)
resize_case("resize_nearest_down_asymmetric", {"coordinate_transformation_mode": "asymmetric", "nearest_mode": "ceil"}, scales=[1, 1, 0.75, 0.5],
            nearest_mode="ceil", coordinate_transformation_mode="asymmetric")
resize_case("resize_nearest_align_corners", {"coordinate_transformation_mode": "align_corners", "nearest_mode": "round_prefer_ceil"}, sizes=[1, 2, 6, 3],
            nearest_mode="round_prefer_ceil", coordinate_transformation_mode="align_corners")
roi = [0, 0, 0.2, -0.3, 1, 1, 0.9, 1.2]
resize_case("resize_tf_crop_and_resize", {"mode": "linear", "coordinate_transformation_mode": "tf_crop_and_resize", "extrapolation_value": 7.5},
            sizes=[1, 2, 3, 6], roi=roi, mode="linear", coordinate_transformation_mode="tf_crop_and_resize", extrapolation_value=7.5)
resize_case("resize_tf_crop_and_resize_nearest", {"coordinate_transformation_mode": "tf_crop_and_resize"}, sizes=[1, 2, 5, 4], roi=roi,
            coordinate_transformation_mode="tf_crop_and_resize")
xi = rr.integers(-9, 9, size=(2, 3, 4)).astype(np.int32)
resize_case("resize_nearest_int32", {}, sizes=[2, 5, 3], x=xi)
x5 = rr.uniform(-2, 2, size=(1, 2, 3, 4, 2)).astype(np.float32)
resize_case("resize_trilinear", {"mode": "linear"}, sizes=[1, 2, 5, 3, 4], x=x5, mode="linear")


# tf_half_pixel_for_nn (not in that reference): source (x + 0.5) / scale, rounded half down.
def tf_nn(x, scales):
    y = x
    for ax, s in enumerate(scales):
        n = int(np.floor(x.shape[ax] * np.float32(s)))
        src = (np.arange(n) + 0.5) / np.float64(np.float32(s))
        idx = np.clip(np.ceil(src - 0.5), 0, x.shape[ax] - 1).astype(np.int64)
        y = np.take(y, idx, axis=ax)
    return y


case("resize_tf_half_pixel_for_nn", [node("Resize", ["x", "", "sc"], ["y"], coordinate_transformation_mode="tf_half_pixel_for_nn")],
     {"x": xz}, {"y": tf_nn(xz, [1, 1, 1.5, 0.75])}, inits={"sc": f32([1, 1, 1.5, 0.75])})
# Opset 11 passes roi and an empty scales along with sizes.
case("resize_v11_empty_scales", [node("Resize", ["x", "roi", "sc", "sz"], ["y"], mode="linear")], {"x": xz},
     {"y": resize_ref(xz, mode="linear", sizes=[1, 2, 3, 7])},
     inits={"roi": f32([]), "sc": f32([]), "sz": np.array([1, 2, 3, 7], np.int64)}, opset=11)
# Before opset 11: asymmetric coordinates; nearest floors when upsampling and ceils when downsampling.
case("upsample_v9_linear", [node("Upsample", ["x", "sc"], ["y"], mode="linear")], {"x": xz},
     {"y": resize_ref(xz, mode="linear", scales=[1, 1, 2, 1.5], coordinate_transformation_mode="asymmetric")}, inits={"sc": f32([1, 1, 2, 1.5])}, opset=9)
case("upsample_v7_nearest", [node("Upsample", ["x"], ["y"], scales=[1.0, 1.0, 2.0, 3.0])], {"x": xz},
     {"y": xz.repeat(2, axis=2).repeat(3, axis=3)}, opset=7)
case("resize_v10_nearest_down", [node("Resize", ["x", "sc"], ["y"])], {"x": xz},
     {"y": xz[:, :, [0, 2], :][:, :, :, [0, 2, 4]]}, inits={"sc": f32([1, 1, 0.5, 0.6])}, opset=10)
xd = r(1, 8, 2, 3)
for m in ("DCR", "CRD"):
    b_, c_, h_, w_ = xd.shape
    if m == "DCR":
        want = xd.reshape(b_, 2, 2, c_ // 4, h_, w_).transpose(0, 3, 4, 1, 5, 2).reshape(b_, c_ // 4, h_ * 2, w_ * 2)
    else:
        want = xd.reshape(b_, c_ // 4, 2, 2, h_, w_).transpose(0, 1, 4, 2, 5, 3).reshape(b_, c_ // 4, h_ * 2, w_ * 2)
    case("depthtospace_" + m.lower(), [node("DepthToSpace", ["x"], ["y"], blocksize=2, mode=m)], {"x": xd}, {"y": want})
xsd = r(1, 2, 4, 6)
case(
    "spacetodepth",
    [node("SpaceToDepth", ["x"], ["y"], blocksize=2)],
    {"x": xsd},
    {"y": xsd.reshape(1, 2, 2, 2, 3, 2).transpose(0, 3, 5, 1, 2, 4).reshape(1, 8, 2, 3)},
)

# ---- reductions ----

case("reducemean", [node("ReduceMean", ["x"], ["y"], axes=[1], keepdims=0)], {"x": x234}, {"y": x234.mean(1)})
case("reducesum_v13", [node("ReduceSum", ["x", "a"], ["y"])], {"x": x234}, {"y": x234.sum((0, 2), keepdims=True)}, inits={"a": np.array([0, -1], np.int64)})
case("reducesum_v11", [node("ReduceSum", ["x"], ["y"], axes=[2], keepdims=0)], {"x": x234}, {"y": x234.sum(2)}, opset=11)
case("reducesum_noop", [node("ReduceSum", ["x"], ["y"], noop_with_empty_axes=1)], {"x": x234}, {"y": x234})
xi34 = np.arange(-5, 7, dtype=np.int32).reshape(3, 4)
case("reducesum_int", [node("ReduceSum", ["x", "a"], ["y"], keepdims=0)], {"x": xi34}, {"y": xi34.sum(1).astype(np.int32)}, inits={"a": np.array([1], np.int64)})
case("reducel2", [node("ReduceL2", ["x"], ["y"], axes=[-1])], {"x": x234}, {"y": np.sqrt((x234 ** 2).sum(-1, keepdims=True))})
case("reducel1", [node("ReduceL1", ["x"], ["y"], axes=[0, 1], keepdims=0)], {"x": x234}, {"y": np.abs(x234).sum((0, 1))})
case("reducesumsquare", [node("ReduceSumSquare", ["x"], ["y"])], {"x": x234}, {"y": (x234 ** 2).sum(keepdims=True)})
case("reducelogsum", [node("ReduceLogSum", ["x"], ["y"], axes=[1])], {"x": xpos}, {"y": np.log(xpos.sum(1, keepdims=True))})
case("argmax", [node("ArgMax", ["x"], ["y"], axis=1, keepdims=0)], {"x": x234}, {"y": x234.argmax(1)})
case("argmin", [node("ArgMin", ["x"], ["y"], axis=-1)], {"x": x234}, {"y": x234.argmin(-1)[..., None]})

# ---- models exported from torch ----


def export(name, model, x, opset, atol=1e-5):
    torch.manual_seed(0)
    model.eval()
    path = os.path.join(OPS, name + ".onnx")
    torch.onnx.export(model, t(x), path, opset_version=opset, input_names=["input"], output_names=["output"])
    with torch.no_grad():
        y = model(t(x)).numpy()
    cases[name] = {"inputs": {"input": enc(x)}, "outputs": {"output": enc(y)}, "atol": atol}


class TinyCNN(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = torch.nn.Conv2d(3, 4, 3, stride=2, padding=1)
        self.bn = torch.nn.BatchNorm2d(4)
        self.fc = torch.nn.Linear(4, 3)

    def forward(self, x):
        y = F.hardswish(self.bn(self.conv(x)))
        y = F.max_pool2d(y, 2, ceil_mode=True)
        y = F.adaptive_avg_pool2d(y, 1).flatten(1)
        return F.log_softmax(self.fc(y), -1)


class Upsampler(torch.nn.Module):
    def forward(self, x):
        return torch.nn.functional.interpolate(x, scale_factor=2, mode="nearest") * 2


torch.manual_seed(0)
export("torch_upsample_nearest", Upsampler(), r(1, 2, 2, 3), 13)
torch.manual_seed(0)
cnn = TinyCNN()
with torch.no_grad():
    cnn.bn.running_mean.uniform_(-0.5, 0.5)
    cnn.bn.running_var.uniform_(0.5, 2)
export("torch_tiny_cnn", cnn, r(1, 3, 9, 9), 14)
for opset in (13, 17):
    torch.manual_seed(0)
    layer = torch.nn.TransformerEncoderLayer(d_model=4, nhead=2, dim_feedforward=8, batch_first=True, activation="gelu")
    enc_model = torch.nn.TransformerEncoder(layer, num_layers=1)
    export("torch_encoder_v%d" % opset, enc_model, r(1, 3, 4), opset, atol=1e-4)

# ---- comparisons, logic, math, selection and scans (torch ops added for the importer) ----

ai23 = rng.integers(-3, 4, size=(2, 3)).astype(np.int32)
ai3 = rng.integers(-3, 4, size=(3,)).astype(np.int32)
case("equal_bcast", [node("Equal", ["a", "b"], ["y"])], {"a": ai23, "b": ai3}, {"y": ai23 == ai3})
fa, fb = r(2, 3), r(3)
case("greater_bcast", [node("Greater", ["a", "b"], ["y"])], {"a": fa, "b": fb}, {"y": fa > fb})
case("less_equal", [node("LessOrEqual", ["a", "b"], ["y"])], {"a": fa, "b": fb}, {"y": fa <= fb})
ba, bb = rng.integers(0, 2, size=(2, 3)).astype(bool), rng.integers(0, 2, size=(3,)).astype(bool)
case("and_or_xor_not", [node("And", ["a", "b"], ["p"]), node("Or", ["a", "b"], ["q"]), node("Xor", ["a", "b"], ["s"]), node("Not", ["a"], ["n"])],
     {"a": ba, "b": bb}, {"p": ba & bb, "q": ba | bb, "s": ba ^ bb, "n": ~ba})
m1, m2, m3 = r(2, 3), r(3), r(1, 3)
case("max_three", [node("Max", ["a", "b", "c"], ["y"])], {"a": m1, "b": m2, "c": m3}, {"y": np.maximum(np.maximum(m1, m2), m3)})
case("min_int", [node("Min", ["a", "b"], ["y"])], {"a": ai23, "b": ai3}, {"y": np.minimum(ai23, ai3)})
mx = np.array([[7, -7, 7, -7], [5, -5, 0, 3]], np.int32)
my = np.array([3, 3, -3, -3], np.int32)
case("mod_int", [node("Mod", ["a", "b"], ["y"])], {"a": mx, "b": my}, {"y": np.mod(mx, my)})
case("mod_fmod", [node("Mod", ["a", "b"], ["y"], fmod=1)], {"a": f32([[5.5, -5.5], [4.25, -0.5]]), "b": f32([2, -1.5])}, {"y": np.fmod(f32([[5.5, -5.5], [4.25, -0.5]]), f32([2, -1.5]))})
xr = f32([-2.5, -1.5, -0.5, 0.5, 1.5, 2.5, 0.4, -3.7])
case("round_sign", [node("Round", ["x"], ["r"]), node("Sign", ["x"], ["s"])], {"x": xr}, {"r": np.round(xr), "s": np.sign(xr)})
xt = r(2, 3, lo=-1.2, hi=1.2)
case("trig", [node("Sin", ["x"], ["s"]), node("Cos", ["x"], ["c"]), node("Tan", ["x"], ["t"]), node("Sinh", ["x"], ["sh"]), node("Cosh", ["x"], ["ch"]), node("Asinh", ["x"], ["ash"])],
     {"x": xt}, {"s": np.sin(xt), "c": np.cos(xt), "t": np.tan(xt), "sh": np.sinh(xt), "ch": np.cosh(xt), "ash": np.arcsinh(xt)})
xh = r(2, 3, lo=-0.9, hi=0.9)
xc = r(2, 3, lo=1.0, hi=4.0)
case("inverse_hyperbolic", [node("Atanh", ["x"], ["a"]), node("Acosh", ["z"], ["b"])], {"x": xh, "z": xc}, {"a": np.arctanh(xh), "b": np.arccosh(xc)})
xa = r(3, 4, lo=-3, hi=3)
case("elu_wide", [node("Elu", ["x"], ["y"], alpha=0.5)], {"x": xa}, {"y": np.where(xa > 0, xa, 0.5 * np.expm1(xa))})
sa, sg = np.float32(1.67326319217681884765625), np.float32(1.05070102214813232421875)
case("selu_wide", [node("Selu", ["x"], ["y"])], {"x": xa}, {"y": np.where(xa > 0, sg * xa, sg * sa * np.expm1(xa))})
case("celu_wide", [node("Celu", ["x"], ["y"], alpha=2.0)], {"x": xa}, {"y": np.maximum(0, xa) + np.minimum(0, 2 * np.expm1(xa / 2))})
case("softplus_wide", [node("Softplus", ["x"], ["y"])], {"x": xa}, {"y": np.log1p(np.exp(xa))})
case("thresholdedrelu", [node("ThresholdedRelu", ["x"], ["y"], alpha=0.5)], {"x": xa}, {"y": np.where(xa > 0.5, xa, 0)})
def shrink(x, bias, lambd):
    return np.where(x < -lambd, x + bias, np.where(x > lambd, x - bias, 0)).astype(np.float32)
case("shrink", [node("Shrink", ["x"], ["h"], lambd=1.0), node("Shrink", ["x"], ["s"], lambd=1.0, bias=1.0), node("Shrink", ["x"], ["g"], lambd=1.0, bias=0.25)],
     {"x": xa}, {"h": shrink(xa, 0, 1), "s": shrink(xa, 1, 1), "g": shrink(xa, 0.25, 1)})
xred = r(2, 3, 4)
case("reducemax", [node("ReduceMax", ["x"], ["y"], axes=[1], keepdims=0)], {"x": xred}, {"y": xred.max(1)})
case("reducemin_all", [node("ReduceMin", ["x"], ["y"])], {"x": xred}, {"y": xred.min(keepdims=True)})
case("reduceprod", [node("ReduceProd", ["x"], ["y"], axes=[0, 2], keepdims=0)], {"x": xred}, {"y": xred.prod((0, 2))})
case("reduceprod_int", [node("ReduceProd", ["x"], ["y"], axes=[1])], {"x": ai23}, {"y": ai23.prod(1, keepdims=True).astype(np.int32)})
case("reducelogsumexp", [node("ReduceLogSumExp", ["x"], ["y"], axes=[-1])], {"x": xred}, {"y": np.log(np.exp(xred).sum(-1, keepdims=True))})
xtie = f32([[1, 3, 3, 0], [2, 2, -1, 2]])
case("argmax_last", [node("ArgMax", ["x"], ["y"], axis=1, select_last_index=1)], {"x": xtie}, {"y": (3 - xtie[:, ::-1].argmax(1))[:, None]})
case("argmin_int_last", [node("ArgMin", ["x"], ["y"], axis=0, keepdims=0, select_last_index=1)], {"x": ai23}, {"y": 1 - ai23[::-1].argmin(0)})
xk = f32([[3, 1, 4, 1, 5], [9, 2, 6, 5, 3]])
case("topk_const", [node("TopK", ["x", "k"], ["v", "i"], axis=1, largest=0)], {"x": xk},
     {"v": np.sort(xk, 1)[:, :2], "i": np.argsort(xk, 1, kind="stable")[:, :2].astype(np.int64)}, inits={"k": np.array([2], np.int64)})
# A run-time K: its size comes from the declared output shape.
case("topk_runtime_k", [node("TopK", ["x", "k"], ["v", "i"])], {"x": xk, "k": np.array([3], np.int64)},
     {"v": -np.sort(-xk, 1)[:, :3], "i": np.argsort(-xk, 1, kind="stable")[:, :3].astype(np.int64)})
gdata = r(3, 4)
gidx = np.array([[0, -1, 2, 1], [-3, 1, 0, 2]], np.int64)
case("gatherelements_negative", [node("GatherElements", ["x", "i"], ["y"], axis=0)], {"x": gdata, "i": gidx}, {"y": np.take_along_axis(gdata, gidx % 3, 0)})
gidx32 = np.array([[3, 0], [1, 1], [2, 3]], np.int32)
case("gatherelements_i32", [node("GatherElements", ["x", "i"], ["y"], axis=1)], {"x": gdata}, {"y": np.take_along_axis(gdata, gidx32.astype(np.int64), 1)}, inits={"i": gidx32})
xtri = r(2, 3, 4)
case("trilu_lower_const", [node("Trilu", ["x", "k"], ["y"], upper=0)], {"x": xtri}, {"y": np.tril(xtri, -1)}, inits={"k": np.array(-1, np.int64)}, opset=14)
case("trilu_upper_runtime_k", [node("Trilu", ["x", "k"], ["y"])], {"x": xtri, "k": np.array(1, np.int64)}, {"y": np.triu(xtri, 1)}, opset=14)
xcs = r(2, 5)
excl_rev = np.flip(np.cumsum(np.flip(xcs, 1), 1), 1) - xcs
case("cumsum_exclusive_reverse", [node("CumSum", ["x", "a"], ["y"], exclusive=1, reverse=1)], {"x": xcs}, {"y": excl_rev}, inits={"a": np.array(1, np.int64)}, atol=1e-5)
case("cumsum_runtime_axis", [node("CumSum", ["x", "a"], ["y"])], {"x": xcs, "a": np.array(0, np.int64)}, {"y": np.cumsum(xcs, 0)})
case("cumsum_int", [node("CumSum", ["x", "a"], ["y"])], {"x": ai23}, {"y": np.cumsum(ai23, 1).astype(np.int32)}, inits={"a": np.array([-1], np.int32)})
xtile = r(2, 3)
case("tile_runtime", [node("Tile", ["x", "r"], ["y"])], {"x": xtile, "r": np.array([2, 3], np.int64)}, {"y": np.tile(xtile, (2, 3))})
xhm = f32([[1, 3, 3, 0], [2, 2, -1, 5]]).reshape(2, 2, 2)
def hardmax(x, axis):
    return (np.arange(x.shape[axis]).reshape([-1 if i == axis else 1 for i in range(x.ndim)]) == np.expand_dims(x.argmax(axis), axis)).astype(np.float32)
case("hardmax_v13", [node("Hardmax", ["x"], ["y"], axis=1)], {"x": xhm}, {"y": hardmax(xhm, 1)})
case("hardmax_v11_coerced", [node("Hardmax", ["x"], ["y"])], {"x": xhm}, {"y": hardmax(xhm.reshape(2, 4), 1).reshape(2, 2, 2)}, opset=11)
xmvn = r(2, 3, 2, 2)
mvn_m = xmvn.mean((0, 2, 3), keepdims=True)
mvn_v = (xmvn ** 2).mean((0, 2, 3), keepdims=True) - mvn_m ** 2
case("mvn", [node("MeanVarianceNormalization", ["x"], ["y"])], {"x": xmvn}, {"y": (xmvn - mvn_m) / (np.sqrt(mvn_v) + np.float32(1e-9))}, atol=1e-4)
xin = r(2, 3, 2, 3)
iscale, ibias = r(3), r(3)
inm = xin.mean((2, 3), keepdims=True)
ivar = xin.var((2, 3), keepdims=True)
case("instancenorm_eps", [node("InstanceNormalization", ["x", "s", "b"], ["y"], epsilon=1e-3)], {"x": xin},
     {"y": (xin - inm) / np.sqrt(ivar + 1e-3) * iscale[:, None, None] + ibias[:, None, None]}, inits={"s": iscale, "b": ibias}, atol=1e-4)

xsl = r(3, 5)
case("slice_negative_steps", [node("Slice", ["x", "s", "e", "a", "st"], ["y"])], {"x": xsl}, {"y": xsl[-1:-100:-1, 4:0:-2]},
     inits={"s": np.array([-1, 4], np.int64), "e": np.array([-100, 0], np.int64), "a": np.array([0, 1], np.int64), "st": np.array([-1, -2], np.int64)})

# ---- Einsum ----

ea, eb, ec = r(2, 3, 4), r(2, 4, 5), r(5, 3)
case("einsum_batch_matmul", [node("Einsum", ["a", "b"], ["y"], equation="bij, bjk -> bik")], {"a": ea, "b": eb}, {"y": np.einsum("bij,bjk->bik", ea, eb)}, opset=12)
case("einsum_three_implicit", [node("Einsum", ["a", "b", "c"], ["y"], equation="bij,bjk,kl")], {"a": ea, "b": eb, "c": ec},
     {"y": np.einsum("bij,bjk,kl", ea, eb, ec)}, opset=12, atol=1e-4)
ed, ee = r(2, 1, 3, 4), r(5, 4)
case("einsum_ellipsis_broadcast", [node("Einsum", ["a", "b"], ["y"], equation="...ij,kj->...ik")], {"a": ed, "b": ee}, {"y": np.einsum("...ij,kj->...ik", ed, ee)}, opset=12)
ef = r(3, 3, 2)
case("einsum_diagonal_sum", [node("Einsum", ["a"], ["y"], equation="iij->j"), node("Einsum", ["a"], ["t"], equation="iij")], {"a": ef},
     {"y": np.einsum("iij->j", ef), "t": np.einsum("iij", ef)}, opset=12)
eg = rng.integers(-3, 4, size=(2, 3)).astype(np.int64)
case("einsum_int_outer", [node("Einsum", ["a", "b"], ["y"], equation="ij,k->kji")], {"a": eg, "b": eg[0]}, {"y": np.einsum("ij,k->kji", eg, eg[0])}, opset=12)

# ---- ScatterND with indices known at import time ----

sd, su = r(4, 3, 2), r(3, 2)
sidx = np.array([[2, 1], [0, -1], [2, 1]], np.int64)
sref = sd.copy()
for k, ix in enumerate(sidx):
    sref[tuple(ix)] = su[k]
case("scatternd_const_indices", [node("ScatterND", ["d", "i", "u"], ["y"])], {"d": sd, "u": su}, {"y": sref}, inits={"i": sidx}, opset=13)
sadd, smul = sd.copy(), sd.copy()
for k, ix in enumerate(sidx):
    sadd[tuple(ix)] += su[k]
    smul[tuple(ix)] *= su[k]
case("scatternd_add_mul", [node("ScatterND", ["d", "i", "u"], ["a"], reduction="add"), node("ScatterND", ["d", "i", "u"], ["m"], reduction="mul")],
     {"d": sd, "u": su}, {"a": sadd, "m": smul}, inits={"i": sidx}, opset=16)
# Known data folds; the result feeds a run-time Add.
sfd = np.zeros((2, 3), np.float32)
sfref = sfd.copy()
sfref[1] = [1, 2, 3]
sx = r(2, 3)
case("scatternd_folded", [node("ScatterND", ["d", "i", "u"], ["s"]), helper.make_node("Add", ["x", "s"], ["y"], name="add")], {"x": sx}, {"y": sx + sfref},
     inits={"d": sfd, "i": np.array([[1]], np.int64), "u": np.array([[1, 2, 3]], np.float32)}, opset=13)

# Mod of shape arithmetic folds (Swin's padding: (w - size % w) % w).
mx = r(1, 10)
case("mod_folded_pad", [node("Mod", ["a", "w"], ["m"]), helper.make_node("Sub", ["w", "m"], ["s"], name="sub"), helper.make_node("Mod", ["s", "w"], ["p"], name="mod2"),
                        helper.make_node("Concat", ["z", "z", "z", "p"], ["pads"], name="cat", axis=0), helper.make_node("Pad", ["x", "pads"], ["y"], name="pad")],
     {"x": mx}, {"y": np.pad(mx, ((0, 0), (0, 4)))}, inits={"a": np.array([10], np.int64), "w": np.array([7], np.int64), "z": np.array([0], np.int64)}, opset=13)
# Training-mode dropout with ratio 0 is the identity.
case("dropout_training_ratio0", [node("Dropout", ["x", "r", "t"], ["y"])], {"x": mx}, {"y": mx}, inits={"r": np.array(0, np.float32), "t": np.array(True)}, opset=13)

# ---- RNN, GRU, LSTM (numpy references of the ONNX equations) ----


def sigmoid(x):
    return 1 / (1 + np.exp(-x))


def recurrent(kind, x, w, rr, b, h0, c0=None, p=None, lens=None, reverse=False, lbr=0, clip=None):
    """One direction: x [seq, batch, in]; returns Y [seq, batch, hid], Y_h, Y_c."""
    seq, batch = x.shape[:2]
    hid = rr.shape[-1]
    h = h0.astype(np.float64)
    cs = c0.astype(np.float64) if c0 is not None else None
    lens = np.full(batch, seq) if lens is None else lens
    y = np.zeros((seq, batch, hid))
    act = (lambda v: np.clip(v, -clip, clip)) if clip else (lambda v: v)
    wb, rb = np.split(b, 2)
    order = range(seq - 1, -1, -1) if reverse else range(seq)
    for t in order:
        xt = x[t]
        live = (t < lens)[:, None]
        if kind == "rnn":
            hn = np.tanh(act(xt @ w.T + h @ rr.T + wb + rb))
            cn = None
        elif kind == "gru":
            gx = xt @ w.T + wb
            z = sigmoid(act(gx[:, :hid] + h @ rr[:hid].T + rb[:hid]))
            rt = sigmoid(act(gx[:, hid:2 * hid] + h @ rr[hid:2 * hid].T + rb[hid:2 * hid]))
            if lbr:
                hh = np.tanh(act(gx[:, 2 * hid:] + rt * (h @ rr[2 * hid:].T + rb[2 * hid:])))
            else:
                hh = np.tanh(act(gx[:, 2 * hid:] + (rt * h) @ rr[2 * hid:].T + rb[2 * hid:]))
            hn, cn = (1 - z) * hh + z * h, None
        else:
            g = xt @ w.T + h @ rr.T + wb + rb
            gi, go, gf, gc = np.split(g, 4, axis=1)
            pi, po, pf = np.split(p, 3) if p is not None else (0, 0, 0)
            i = sigmoid(act(gi + pi * cs))
            f = sigmoid(act(gf + pf * cs))
            cn = f * cs + i * np.tanh(act(gc))
            o = sigmoid(act(go + po * cn))
            hn = o * np.tanh(act(cn))
        y[t] = np.where(live, hn, 0)
        h = np.where(live, hn, h)
        if cn is not None:
            cs = np.where(live, cn, cs)
    return y, h, cs


def rnn_case(name, kind, nd, seq=4, batch=3, inp=5, hid=4, layout=0, lens=None, lbr=0, clip=None, peep=False, opset=14):
    g = {"rnn": 1, "gru": 3, "lstm": 4}[kind]
    x = r(seq, batch, inp, lo=-1, hi=1)
    w, rr, b = r(nd, g * hid, inp, lo=-0.5, hi=0.5), r(nd, g * hid, hid, lo=-0.5, hi=0.5), r(nd, 2 * g * hid, lo=-0.5, hi=0.5)
    h0, c0 = r(nd, batch, hid, lo=-1, hi=1), r(nd, batch, hid, lo=-1, hi=1)
    p = r(nd, 3 * hid, lo=-0.5, hi=0.5)
    ys, hs, cs = [], [], []
    for d in range(nd):
        y, h, c = recurrent(kind, x, w[d], rr[d], b[d], h0[d], c0[d] if kind == "lstm" else None, p[d] if peep else None, lens, reverse=d == 1, lbr=lbr, clip=clip)
        ys.append(y), hs.append(h), cs.append(c)
    y, yh = np.stack(ys, 1).astype(np.float32), np.stack(hs, 0).astype(np.float32)
    ins = ["x", "w", "r", "b", "lens" if lens is not None else "", "h0"]
    inputs = {"x": x, "h0": h0}
    outs, expected = ["y", "yh"], {"y": y, "yh": yh}
    if kind == "lstm":
        ins += ["c0", "p" if peep else ""]
        inputs["c0"] = c0
        outs.append("yc")
        expected["yc"] = np.stack(cs, 0).astype(np.float32)
    if layout:
        inputs = {k: np.swapaxes(v, 0, 1).copy() for k, v in inputs.items()}
        expected = {"y": np.transpose(y, (2, 0, 1, 3)).copy(), **{k: np.swapaxes(v, 0, 1).copy() for k, v in expected.items() if k != "y"}}
    inits = {"w": w, "r": rr, "b": b}
    if peep:
        inits["p"] = p
    if lens is not None:
        inputs["lens"] = lens.astype(np.int32)
    attrs = {"hidden_size": hid, "direction": ["forward", "bidirectional"][nd - 1]}
    if layout:
        attrs["layout"] = layout
    if kind == "gru":
        attrs["linear_before_reset"] = lbr
    if clip:
        attrs["clip"] = clip
    case(name, [node(kind.upper() if kind != "rnn" else "RNN", ins, outs, **attrs)], inputs, expected, inits=inits, opset=opset, atol=1e-5)


rnn_case("rnn_bidirectional_lens", "rnn", 2, lens=np.array([4, 2, 1]))
rnn_case("gru_bidirectional_lbr_layout", "gru", 2, layout=1, lbr=1)
rnn_case("gru_lens_clip", "gru", 1, lens=np.array([3, 4, 1]), clip=0.6)
rnn_case("lstm_bidirectional_peephole_lens", "lstm", 2, lens=np.array([1, 4, 3]), peep=True)
rnn_case("lstm_layout_clip", "lstm", 1, layout=1, clip=0.8)

# ---- 3-D convolution and pooling (own generator, so other sections' data stay put) ----

g3 = np.random.default_rng(3)


def r3(*shape):
    return g3.uniform(-2.0, 2.0, size=shape).astype(np.float32)


def same_upper(ins, ks, strides):
    """ONNX SAME_UPPER pads, begins then ends."""
    b, e = [], []
    for n, k, st in zip(ins, ks, strides):
        total = max(0, (-(-n // st) - 1) * st + k - n)
        b.append(total // 2)
        e.append(total - total // 2)
    return b + e


def torch_pad(pads):
    """ONNX begins-then-ends pads as F.pad's last-dim-first pairs."""
    n = len(pads) // 2
    return tuple(v for i in reversed(range(n)) for v in (pads[i], pads[n + i]))


xc3, wc3, bc3 = r3(1, 2, 4, 5, 5), r3(3, 2, 3, 3, 3), r3(3)
case("conv3d", [node("Conv", ["x", "w", "b"], ["y"], pads=[1] * 6, strides=[1, 2, 1])], {"x": xc3},
     {"y": F.conv3d(t(xc3), t(wc3), t(bc3), stride=(1, 2, 1), padding=1).numpy()}, inits={"w": wc3, "b": bc3}, atol=1e-4)
xg3, wg3 = r3(1, 4, 5, 6, 5), r3(4, 2, 2, 3, 3)
pg3 = [0, 1, 2, 1, 0, 1]
case("conv3d_group_dilated_asym", [node("Conv", ["x", "w"], ["y"], group=2, dilations=[1, 2, 1], pads=pg3)], {"x": xg3},
     {"y": F.conv3d(F.pad(t(xg3), torch_pad(pg3)), t(wg3), dilation=(1, 2, 1), groups=2).numpy()}, inits={"w": wg3}, atol=1e-4)
xs3, ws3 = r3(1, 2, 5, 6, 7), r3(2, 2, 3, 3, 3)
ps3 = same_upper([5, 6, 7], [3, 3, 3], [2, 2, 2])
case("conv3d_same_upper", [node("Conv", ["x", "w"], ["y"], auto_pad="SAME_UPPER", strides=[2, 2, 2])], {"x": xs3},
     {"y": F.conv3d(F.pad(t(xs3), torch_pad(ps3)), t(ws3), stride=2).numpy()}, inits={"w": ws3}, atol=1e-4)
xp3 = r3(1, 2, 5, 6, 6)
case("maxpool3d_ceil", [node("MaxPool", ["x"], ["y"], kernel_shape=[3, 3, 3], strides=[2, 2, 2], pads=[1] * 6, ceil_mode=1)], {"x": xp3},
     {"y": F.max_pool3d(t(xp3), 3, 2, 1, ceil_mode=True).numpy()})
case("maxpool3d_dilated", [node("MaxPool", ["x"], ["y"], kernel_shape=[2, 2, 2], dilations=[1, 2, 2])], {"x": xp3},
     {"y": F.max_pool3d(t(xp3), 2, 1, dilation=(1, 2, 2)).numpy()})
case("avgpool3d_exclude_pad", [node("AveragePool", ["x"], ["y"], kernel_shape=[3, 3, 3], strides=[2, 2, 2], pads=[1] * 6)], {"x": xp3},
     {"y": F.avg_pool3d(t(xp3), 3, 2, 1, count_include_pad=False).numpy()})
pa3 = [0, 1, 0, 1, 0, 1]
case("avgpool3d_include_pad_asym", [node("AveragePool", ["x"], ["y"], kernel_shape=[2, 2, 2], pads=pa3, count_include_pad=1)], {"x": xp3},
     {"y": F.avg_pool3d(F.pad(t(xp3), torch_pad(pa3)), 2, 1).numpy()})
case("avgpool3d_ceil", [node("AveragePool", ["x"], ["y"], kernel_shape=[2, 2, 2], strides=[2, 2, 2], ceil_mode=1)], {"x": xp3},
     {"y": F.avg_pool3d(t(xp3), 2, 2, ceil_mode=True, count_include_pad=False).numpy()})
xq3 = r3(1, 2, 3, 4, 5)
case("globalaveragepool3d", [node("GlobalAveragePool", ["x"], ["y"])], {"x": xq3}, {"y": xq3.mean((2, 3, 4), keepdims=True)})
case("globalmaxpool3d", [node("GlobalMaxPool", ["x"], ["y"])], {"x": xq3}, {"y": xq3.max((2, 3, 4), keepdims=True)})

# ---- quantization (ONNX's formulas in numpy: round half to even, saturate) ----


def quantize(x, scale, zp, dtype, axis=None):
    x = f32(x)
    if axis is not None:
        shape = [1] * x.ndim
        shape[axis] = -1
        scale, zp = f32(scale).reshape(shape), np.asarray(zp).reshape(shape)
    info = np.iinfo(dtype)
    q = np.rint(x / f32(scale)).astype(np.float64) + np.asarray(zp, np.float64)
    return np.clip(q, info.min, info.max).astype(dtype)


def dequantize(q, scale, zp, axis=None):
    q = np.asarray(q)
    if axis is not None:
        shape = [1] * q.ndim
        shape[axis] = -1
        scale, zp = f32(scale).reshape(shape), np.asarray(zp).reshape(shape)
    return ((q.astype(np.int32) - np.asarray(zp, np.int32)).astype(np.float32) * f32(scale)).astype(np.float32)


# Ties (±0.25 / 0.5 = ±0.5, 1.25 / 0.5 = 2.5) round to even; ±100 saturate.
xq = f32([[-100, -0.25, 0.25, 1.25, 0.75], [3.0, -3.1, 0.0, 100, 63.4]])
case("quantize_u8", [node("QuantizeLinear", ["x", "s", "zp"], ["y"])], {"x": xq},
     {"y": quantize(xq, 0.5, 128, np.uint8)}, inits={"s": f32(0.5), "zp": np.uint8(128)})
case("quantize_default_zp", [node("QuantizeLinear", ["x", "s"], ["y"])], {"x": xq},
     {"y": quantize(xq, 0.25, 0, np.uint8)}, inits={"s": f32(0.25)}, opset=10)
xa = r(2, 3, 4, lo=-20, hi=20)
sa3, za3 = f32([0.1, 0.2, 0.5]), np.array([0, -3, 5], np.int8)
case("quantize_axis_i8", [node("QuantizeLinear", ["x", "s", "zp"], ["y"], axis=1)], {"x": xa},
     {"y": quantize(xa, sa3, za3, np.int8, axis=1)}, inits={"s": sa3, "zp": za3})
qa = rng.integers(-128, 128, size=(3, 4)).astype(np.int8)
sd, zd = f32([0.5, 0.125, 2.0]), np.array([1, -2, 0], np.int8)
case("dequantize_axis0", [node("DequantizeLinear", ["x", "s", "zp"], ["y"], axis=0)], {"x": qa},
     {"y": dequantize(qa, sd, zd, axis=0)}, inits={"s": sd, "zp": zd})
qi = np.array([-7, 0, 1000, -2**31], np.int32)
case("dequantize_i32", [node("DequantizeLinear", ["x", "s"], ["y"])], {"x": qi},
     {"y": dequantize(qi, 0.001, 0)}, inits={"s": f32(0.001)}, opset=10)
# Q -> DQ -> Relu, with the quantized value also a graph output.
xr = r(2, 6, lo=-3, hi=3)
qr = quantize(xr, 0.05, 10, np.uint8)
case("qdq_relu", [node("QuantizeLinear", ["x", "s", "zp"], ["q"]), node("DequantizeLinear", ["q", "s", "zp"], ["d"]), node("Relu", ["d"], ["y"])],
     {"x": xr}, {"q": qr, "y": np.maximum(dequantize(qr, 0.05, 10), 0)}, inits={"s": f32(0.05), "zp": np.uint8(10)})


def conv_int(x, w, pads, group=1):
    """Integer 2-D convolution (int64 accumulation, stride 1)."""
    xp = np.pad(x.astype(np.int64), ((0, 0), (0, 0), (pads[0], pads[2]), (pads[1], pads[3])))
    n, c, h, wd = xp.shape
    m, cg, kh, kw = w.shape
    out = np.zeros((n, m, h - kh + 1, wd - kw + 1), np.int64)
    for o in range(m):
        g = o // (m // group)
        for i in range(out.shape[2]):
            for j in range(out.shape[3]):
                out[:, o, i, j] = (xp[:, g * cg:(g + 1) * cg, i:i + kh, j:j + kw] * w[o].astype(np.int64)).sum(axis=(1, 2, 3))
    return out


# QLinearConv with per-channel weights and an i32 bias; power-of-two
# scales make the float path exact, so it must match integer arithmetic.
qx = rng.integers(0, 256, size=(1, 2, 5, 5)).astype(np.uint8)
qw = rng.integers(-127, 128, size=(3, 2, 3, 3)).astype(np.int8)
qb = np.array([100, -2000, 7], np.int32)
xs_, xz_, ws_, wz_, ys_, yz_ = 0.5, 120, f32([0.25, 0.125, 0.5]), np.zeros(3, np.int8), 64.0, 100
acc = conv_int(qx.astype(np.int64) - xz_, qw, [1, 1, 1, 1]) + qb.reshape(1, 3, 1, 1)
want = np.clip(np.rint(acc * (xs_ * ws_.astype(np.float64)).reshape(1, 3, 1, 1) / ys_) + yz_, 0, 255).astype(np.uint8)
case("qlinearconv_per_channel", [node("QLinearConv", ["x", "xs", "xz", "w", "ws", "wz", "ys", "yz", "b"], ["y"], pads=[1, 1, 1, 1])],
     {"x": qx}, {"y": want},
     inits={"xs": f32(xs_), "xz": np.uint8(xz_), "w": qw, "ws": ws_, "wz": wz_, "ys": f32(ys_), "yz": np.uint8(yz_), "b": qb}, opset=10)
qa2 = rng.integers(0, 256, size=(2, 3, 4)).astype(np.uint8)
qb2 = rng.integers(-128, 128, size=(4, 5)).astype(np.int8)
bs_, bz_ = f32([0.5, 0.25, 1.0, 0.125, 2.0]), np.array([0, 1, -1, 3, 0], np.int8)
accm = (qa2.astype(np.int64) - 3) @ (qb2.astype(np.int64) - bz_.astype(np.int64))
want = np.clip(np.rint(accm * (0.25 * bs_.astype(np.float64)) / 8.0) + 5, -128, 127).astype(np.int8)
case("qlinearmatmul_per_column", [node("QLinearMatMul", ["a", "as", "az", "b", "bs", "bz", "ys", "yz"], ["y"])],
     {"a": qa2}, {"y": want},
     inits={"as": f32(0.25), "az": np.uint8(3), "b": qb2, "bs": bs_, "bz": bz_, "ys": f32(8.0), "yz": np.int8(5)}, opset=10)
# ConvInteger and MatMulInteger: exact int32 results.
cx = rng.integers(0, 256, size=(1, 2, 4, 4)).astype(np.uint8)
cw = rng.integers(0, 256, size=(2, 2, 2, 2)).astype(np.uint8)
cwz = np.array([128, 3], np.uint8)
acc = conv_int(cx.astype(np.int64) - 7, cw.astype(np.int64) - cwz.astype(np.int64).reshape(2, 1, 1, 1), [0, 0, 1, 1])
case("convinteger_per_channel", [node("ConvInteger", ["x", "w", "xz", "wz"], ["y"], pads=[0, 0, 1, 1])],
     {"x": cx}, {"y": acc.astype(np.int32)}, inits={"w": cw, "xz": np.uint8(7), "wz": cwz}, opset=10)
ma = rng.integers(0, 256, size=(3, 4)).astype(np.uint8)
mb = rng.integers(-128, 128, size=(4, 2)).astype(np.int8)
maz, mbz = np.array([1, 200, 255], np.uint8), np.array([-3, 4], np.int8)
mres = (ma.astype(np.int64) - maz.astype(np.int64).reshape(3, 1)) @ (mb.astype(np.int64) - mbz.astype(np.int64))
case("matmulinteger_zero_points", [node("MatMulInteger", ["a", "b", "az", "bz"], ["y"])],
     {"a": ma, "b": mb}, {"y": mres.astype(np.int32)}, inits={"az": maz, "bz": mbz}, opset=10)
case("matmulinteger_no_zero_points", [node("MatMulInteger", ["a", "b"], ["y"])],
     {"a": ma, "b": ma.T.copy()}, {"y": (ma.astype(np.int64) @ ma.T.astype(np.int64)).astype(np.int32)}, opset=10)
dx = f32([[-1.5, 0.3, 2.2, 0.0], [4.1, -0.7, 1.0, 3.3]])
dlo, dhi = min(0.0, dx.min()), max(0.0, dx.max())
dscale = f32((f32(dhi) - f32(dlo)) / f32(255))
dzp = np.clip(np.rint(f32(0) - f32(dlo) / dscale), 0, 255)
case("dynamicquantizelinear", [node("DynamicQuantizeLinear", ["x"], ["y", "ys", "yz"])], {"x": dx},
     {"y": np.clip(np.rint(dx / dscale) + dzp, 0, 255).astype(np.uint8), "ys": dscale, "yz": np.uint8(dzp)}, opset=11)

# ---- inputs of lit-tests/translate/onnx ----

LIT = os.path.join(HERE, "..", "..", "..", "lit-tests", "translate", "onnx", "Inputs")
os.makedirs(LIT, exist_ok=True)


def save_lit(name, nodes, inputs, outputs, inits=None, opset=13, check=True):
    g = helper.make_graph(nodes, name, inputs, outputs, [numpy_helper.from_array(np.asarray(v), k) for k, v in (inits or {}).items()])
    m = helper.make_model(g, opset_imports=[helper.make_opsetid("", opset)], producer_name="gen.py")
    m.ir_version = 8
    if check:
        onnx.checker.check_model(m)
    onnx.save(m, os.path.join(LIT, name + ".onnx"))
    return m


vi = helper.make_tensor_value_info
mlp_w1, mlp_b1, mlp_w2 = f32(np.arange(12).reshape(3, 4) / 10 - 0.5), f32([0.1, -0.2, 0.3]), f32([[1, -1, 0.5], [0.25, 2, -1]])
save_lit(
    "mlp",
    [
        helper.make_node("Gemm", ["input", "fc1.weight", "fc1.bias"], ["h"], name="fc1", transB=1),
        helper.make_node("Relu", ["h"], ["r"], name="relu"),
        helper.make_node("MatMul", ["r", "w2t"], ["logits"], name="fc2"),
        helper.make_node("Softmax", ["logits"], ["probs"], name="softmax", axis=-1),
    ],
    [vi("input", TensorProto.FLOAT, ["batch", 4])],
    [vi("probs", TensorProto.FLOAT, ["batch", 2])],
    {"fc1.weight": mlp_w1, "fc1.bias": mlp_b1, "w2t": mlp_w2.T.copy()},
)
np.save(os.path.join(LIT, "mlp-input.npy"), f32([[1, 2, 3, 4], [-1, 0.5, 0, 2]]))
mlp_x = f32([[1, 2, 3, 4], [-1, 0.5, 0, 2]])
mlp_y = softmax(np.maximum(mlp_x @ mlp_w1.T + mlp_b1, 0) @ mlp_w2.T, -1)
print("mlp probs:", [["%.6g" % v for v in row] for row in mlp_y])
save_lit(
    "shape_chain",
    [
        helper.make_node("Shape", ["x"], ["s"], name="shape"),
        helper.make_node("Gather", ["s", "i0"], ["b"], name="gather", axis=0),
        helper.make_node("Unsqueeze", ["b", "ax0"], ["bu"], name="unsqueeze"),
        helper.make_node("Concat", ["bu", "rest"], ["shape2"], name="concat", axis=0),
        helper.make_node("Reshape", ["x", "shape2"], ["y"], name="reshape"),
    ],
    [vi("x", TensorProto.FLOAT, ["N", 3, 4])],
    [vi("y", TensorProto.FLOAT, ["N", 12])],
    {"i0": np.array(0, np.int64), "ax0": np.array([0], np.int64), "rest": np.array([-1], np.int64)},
)
save_lit(
    "unsupported",
    [
        helper.make_node("TopK", ["x", "k"], ["v", "i"], name="topk"),
        helper.make_node("NonZero", ["x"], ["nz"], name="nonzero_a"),
        helper.make_node("Relu", ["x"], ["y"], name="relu"),
        helper.make_node("NonZero", ["x"], ["nz2"], name="nonzero_b"),
        helper.make_node("GridSample", ["x", "x"], ["g"], name="grid"),
    ],
    [vi("x", TensorProto.FLOAT, [4])],
    [vi("y", TensorProto.FLOAT, [4])],
    {"k": np.array([1], np.int64)},
    opset=16,
)
save_lit(
    "cycle",
    [
        helper.make_node("Add", ["x", "c"], ["a"], name="add"),
        helper.make_node("Relu", ["a"], ["b"], name="relu"),
        helper.make_node("Neg", ["b"], ["c"], name="neg"),
        helper.make_node("Identity", ["b"], ["y"], name="out"),
    ],
    [vi("x", TensorProto.FLOAT, [4])],
    [vi("y", TensorProto.FLOAT, [4])],
    check=False,
)
save_lit(
    "missing_input",
    [helper.make_node("Add", ["x", "bias"], ["y"], name="add_bias")],
    [vi("x", TensorProto.FLOAT, [4])],
    [vi("y", TensorProto.FLOAT, [4])],
    check=False,
)
# Attributes a converter does not read are errors, not silently dropped:
# Relu has none, so both of these are unread (the first, sorted, is named).
save_lit(
    "unread_attr",
    [
        helper.make_node("LeakyRelu", ["x"], ["a"], name="leaky", alpha=0.2),
        helper.make_node("Relu", ["a"], ["y"], name="relu", zeta=1, mode="fast"),
    ],
    [vi("x", TensorProto.FLOAT, [4])],
    [vi("y", TensorProto.FLOAT, [4])],
    check=False,
)
# A QDQ convolution as ONNX Runtime's quantizer writes it: u8 activations,
# per-channel i8 weights, i32 bias with scale x_scale * w_scale.
qdq_ws = f32([0.03, 0.07])
save_lit(
    "qdq_conv",
    [
        helper.make_node("QuantizeLinear", ["input", "x_s", "x_zp"], ["xq"], name="x_q"),
        helper.make_node("DequantizeLinear", ["xq", "x_s", "x_zp"], ["xd"], name="x_dq"),
        helper.make_node("DequantizeLinear", ["w_q", "w_s", "w_zp"], ["wd"], name="w_dq", axis=0),
        helper.make_node("DequantizeLinear", ["b_q", "b_s", "b_zp"], ["bd"], name="b_dq", axis=0),
        helper.make_node("Conv", ["xd", "wd", "bd"], ["conv"], name="conv", pads=[1, 1, 1, 1]),
        helper.make_node("QuantizeLinear", ["conv", "y_s", "x_zp"], ["yq"], name="y_q"),
        helper.make_node("DequantizeLinear", ["yq", "y_s", "x_zp"], ["output"], name="y_dq"),
    ],
    [vi("input", TensorProto.FLOAT, [1, 2, 4, 4])],
    [vi("output", TensorProto.FLOAT, [1, 2, 4, 4])],
    {"x_s": f32(0.05), "x_zp": np.uint8(128),
     "w_q": np.array([[[[1, -2, 3]] * 3] * 2, [[[-4, 5, -6]] * 3] * 2], np.int8), "w_s": qdq_ws, "w_zp": np.zeros(2, np.int8),
     "b_q": np.array([20, -40], np.int32), "b_s": f32(0.05) * qdq_ws, "b_zp": np.zeros(2, np.int32),
     "y_s": f32(0.125)},
)
np.save(os.path.join(LIT, "qdq_conv-input.npy"), f32(np.linspace(-3, 3, 32).reshape(1, 2, 4, 4)))
save_lit(
    "qlinear_matmul",
    [helper.make_node("QLinearMatMul", ["a", "a_s", "a_zp", "b", "b_s", "b_zp", "y_s", "y_zp"], ["y"], name="qmm")],
    [vi("a", TensorProto.UINT8, [2, 3])],
    [vi("y", TensorProto.UINT8, [2, 2])],
    {"a_s": f32(0.5), "a_zp": np.uint8(2), "b": np.array([[1, 2], [3, 4], [5, 6]], np.int8), "b_s": f32([0.25, 0.125]),
     "b_zp": np.array([0, 1], np.int8), "y_s": f32(2.0), "y_zp": np.uint8(7)},
    opset=10,
)
save_lit(
    "quant_runtime_scale",
    [helper.make_node("QuantizeLinear", ["x", "scale"], ["y"], name="q")],
    [vi("x", TensorProto.FLOAT, [4]), vi("scale", TensorProto.FLOAT, [])],
    [vi("y", TensorProto.UINT8, [4])],
)
with open(os.path.join(LIT, "mlp.onnx"), "rb") as f:
    mlp_bytes = f.read()
with open(os.path.join(LIT, "truncated.onnx"), "wb") as f:
    f.write(mlp_bytes[: len(mlp_bytes) - 20])
# External data through onnx's own writer, and a model whose location
# leaves its folder.
ext = save_lit(
    "external",
    [helper.make_node("Add", ["x", "w"], ["y"], name="add_w")],
    [vi("x", TensorProto.FLOAT, [32])],
    [vi("y", TensorProto.FLOAT, [32])],
    {"w": f32(np.arange(32))},
)
if os.path.exists(os.path.join(LIT, "external.bin")):
    os.remove(os.path.join(LIT, "external.bin"))  # onnx.save appends to it
onnx.save(ext, os.path.join(LIT, "external.onnx"), save_as_external_data=True, all_tensors_to_one_file=True, location="external.bin", size_threshold=0)
esc = onnx.load(os.path.join(LIT, "external.onnx"), load_external_data=False)
for e in esc.graph.initializer[0].external_data:
    if e.key == "location":
        e.value = "../external.bin"
onnx.save(esc, os.path.join(LIT, "external_escape.onnx"))

with open(os.path.join(HERE, "cases.json"), "w") as f:
    # One case per line keeps diffs readable.
    lines = ["%s:%s" % (json.dumps(k), json.dumps(cases[k], separators=(",", ":"), sort_keys=True)) for k in sorted(cases)]
    f.write("{\n" + ",\n".join(lines) + "\n}\n")
print("%d cases" % len(cases))
