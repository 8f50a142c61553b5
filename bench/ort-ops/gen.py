#!/usr/bin/python3
"""Generate the single-op ONNX Runtime agreement cases of interp/ortcheck_test.go.

    /usr/bin/python3 bench/ort-ops/gen.py && node bench/ort-ops/run.js

For every case below this writes
  bench/ort-ops/cases/<case>/model.mlir   the op as core/quant IR (constants inline as dense<>)
  bench/ort-ops/cases/<case>/in<i>.npy    seeded random inputs (the function's arguments, in order)
and, into a scratch directory ($ORT_OPS_WORK, default $TMPDIR/mlc-ort-ops),
  <case>.onnx                             the same op as a one-node ONNX model (opset 13)
  manifest.json                           what bench/ort-ops/run.js runs
run.js then writes ONNX Runtime's outputs as cases/<case>/ort-out<i>.npy, which
are committed, so that the Go test needs neither Python nor Node.

Needs Debian's python3-onnx (and python3-numpy): run it with /usr/bin/python3.
Every tensor has at most 64 elements.
"""
import json
import os
import shutil
import tempfile

import numpy as np
import onnx
from onnx import helper, numpy_helper, shape_inference

HERE = os.path.dirname(os.path.abspath(__file__))
CASES_DIR = os.path.join(HERE, "cases")
WORK = os.environ.get("ORT_OPS_WORK") or os.path.join(tempfile.gettempdir(), "mlc-ort-ops")
OPSET = 13

ELEM = {np.float32: "f32", np.int64: "i64", np.int32: "i32", np.int8: "i8", np.uint8: "ui8"}
rng = np.random.default_rng(20240917)


def elem(dt):
    return ELEM[np.dtype(dt).type]


def ttype(shape, e):
    return "tensor<" + "".join(f"{d}x" for d in shape) + e + ">"


def f32s(a):
    """A float32 value as a decimal that reads back exactly."""
    return repr(float(np.float32(a)))


def lit(a):
    a = np.asarray(a)
    if a.ndim == 0:
        return f32s(a) if a.dtype == np.float32 else str(int(a))
    return "[" + ", ".join(lit(x) for x in a) + "]"


def dense(a):
    return f"dense<{lit(a)}> : {ttype(a.shape, elem(a.dtype))}"


def arr(ints):
    return "array<i64: " + ", ".join(str(int(i)) for i in ints) + ">"


def qtype(storage, scale, zp, axis=None):
    """The !quant.uniform element type for ONNX's scale and zero point."""
    st = {np.int8: "i8", np.uint8: "u8"}[np.dtype(storage).type]
    def one(s, z):
        return f32s(s) + (f":{int(z)}" if int(z) != 0 else "")
    if axis is None:
        return f"!quant.uniform<{st}:f32, {one(scale, zp)}>"
    return f"!quant.uniform<{st}:f32:{axis}, {{" + ", ".join(one(s, z) for s, z in zip(scale, zp)) + "}>"


def normal(*shape, s=1.0):
    return (rng.standard_normal(shape) * s).astype(np.float32)


def uniform(lo, hi, *shape):
    return rng.uniform(lo, hi, shape).astype(np.float32)


CASES = []


def case(name, op, inputs, body, attrs=None, inits=(), arg_types=None, out_type=None, domain="", out=None):
    """inputs: arrays fed as graph inputs (in0, in1, … and MLIR args %x0, %x1, …);
    inits: (array or None) per extra ONNX operand after the inputs — an array
    becomes an ONNX initializer (the MLIR body carries it inline), None an
    omitted optional operand; body(types, out) gives the MLIR lines ending in %y;
    arg_types / out_type override the MLIR types (quantized arguments and results);
    domain names a contrib op set (com.microsoft), whose ops ONNX's shape
    inference does not know: out = (shape, numpy dtype) gives the output."""
    CASES.append(dict(name=name, op=op, inputs=[np.asarray(x) for x in inputs], body=body,
                      attrs=attrs or {}, inits=list(inits), arg_types=arg_types, out_type=out_type,
                      domain=domain, out=out))


def binop(core):
    return lambda t, o: [f"%y = core.{core} %x0, %x1 : ({t[0]}, {t[1]}) -> {o}"]


def unop(core):
    return lambda t, o: [f"%y = core.{core} %x0 : {o}"]


# --- elementwise binary, NumPy broadcasting -------------------------------------
case("add_bcast", "Add", [normal(2, 3, 4), normal(3, 1)], binop("add"))
case("add_i32", "Add", [rng.integers(-1000, 1000, (2, 3)).astype(np.int32),
                        rng.integers(-1000, 1000, (3,)).astype(np.int32)], binop("add"))
case("sub_bcast", "Sub", [normal(4), normal(2, 3, 4)], binop("sub"))
case("mul_bcast", "Mul", [normal(2, 1, 4), normal(3, 1)], binop("mul"))
_den = (uniform(0.5, 2.0, 4) * np.array([1, -1, 1, -1], np.float32)).astype(np.float32)
case("div_const", "Div", [normal(2, 3, 4)],
     lambda t, o: [f"%d = core.constant {dense(_den)}",
                   f"%y = core.div %x0, %d : ({t[0]}, {ttype(_den.shape, 'f32')}) -> {o}"],
     inits=[_den])

# --- elementwise unary -----------------------------------------------------------
_ties = np.array([-3.5, -2.5, -1.5, -0.5, 0.5, 1.5, 2.5, 3.5, -2.0, 0.0, 2.0, 4.5], np.float32)
for name, op, core, x in [
    ("relu", "Relu", "relu", normal(3, 4)),
    ("sigmoid", "Sigmoid", "sigmoid", normal(3, 4, s=3)),
    ("tanh", "Tanh", "tanh", normal(3, 4, s=2)),
    ("exp", "Exp", "exp", normal(3, 4, s=2)),
    ("log", "Log", "log", uniform(0.01, 20, 3, 4)),
    ("sqrt", "Sqrt", "sqrt", uniform(0, 50, 3, 4)),
    ("erf", "Erf", "erf", normal(3, 4, s=1.5)),
    ("neg", "Neg", "neg", normal(3, 4)),
    ("abs", "Abs", "abs", normal(3, 4)),
    ("floor", "Floor", "floor", np.concatenate([_ties, normal(12, s=3)]).reshape(4, 6)),
    ("ceil", "Ceil", "ceil", np.concatenate([_ties, normal(12, s=3)]).reshape(4, 6)),
    ("round", "Round", "round", np.concatenate([_ties, normal(12, s=3)]).reshape(4, 6)),
]:
    case(name, op, [x], unop(core))

# --- matmul ----------------------------------------------------------------------
case("matmul_batched", "MatMul", [normal(2, 3, 4), normal(2, 4, 5)], binop("matmul"))
case("matmul_bcast", "MatMul", [normal(2, 3, 4), normal(4, 5)], binop("matmul"))


# --- conv ------------------------------------------------------------------------
def conv(name, x, w, b, pads=(0, 0, 0, 0), strides=(1, 1), dil=(1, 1), group=1):
    def body(t, o):
        lines = [f"%w = core.constant {dense(w)}"]
        ops, tys = "%x0, %w", f"{t[0]}, {ttype(w.shape, 'f32')}"
        if b is not None:
            lines.append(f"%b = core.constant {dense(b)}")
            ops += ", %b"
            tys += f", {ttype(b.shape, 'f32')}"
        lines.append(f"%y = core.conv2d {ops} {{padding = {arr(pads)}, strides = {arr(strides)}, "
                     f"dilations = {arr(dil)}, groups = {group} : i64}} : ({tys}) -> {o}")
        return lines
    case(name, "Conv", [x], body, attrs=dict(kernel_shape=list(w.shape[2:]), pads=list(pads),
                                             strides=list(strides), dilations=list(dil), group=group),
         inits=[w] + ([b] if b is not None else []))


conv("conv_pads_strides", normal(1, 2, 5, 5), normal(3, 2, 3, 3, s=0.3), normal(3), pads=(1, 0, 1, 2), strides=(2, 1))
conv("conv_dilation_group", normal(1, 4, 4, 4), normal(4, 2, 2, 2, s=0.5), normal(4), pads=(0, 1, 0, 1), dil=(2, 1), group=2)
conv("conv_depthwise", normal(1, 3, 4, 4), normal(3, 1, 3, 3, s=0.3), None, pads=(1, 1, 1, 1), strides=(2, 2), group=3)


# --- pooling ---------------------------------------------------------------------
def pool(name, op, x, k, pads=(0, 0, 0, 0), strides=(1, 1), dil=None, ceil=0, cip=None):
    attrs = dict(kernel_shape=list(k), pads=list(pads), strides=list(strides), ceil_mode=ceil)
    extra = ""
    if dil is not None:
        attrs["dilations"] = list(dil)
        extra += f", dilations = {arr(dil)}"
    if ceil:
        extra += ", ceil_mode = true"
    if cip is not None:
        attrs["count_include_pad"] = cip
        extra += f", count_include_pad = {'true' if cip else 'false'}"
    core = "max_pool2d" if op == "MaxPool" else "avg_pool2d"
    case(name, op, [x], lambda t, o: [
        f"%y = core.{core} %x0 {{kernel = {arr(k)}, padding = {arr(pads)}, strides = {arr(strides)}{extra}}} : ({t[0]}) -> {o}"],
        attrs=attrs)


pool("maxpool_pads_strides", "MaxPool", normal(1, 2, 5, 5), (3, 3), pads=(1, 1, 1, 1), strides=(2, 2))
pool("maxpool_dilation", "MaxPool", normal(1, 1, 6, 6), (2, 2), dil=(2, 2))
pool("maxpool_ceil", "MaxPool", normal(1, 1, 6, 6), (3, 3), strides=(2, 2), ceil=1)
pool("avgpool_exclude_pad", "AveragePool", normal(1, 2, 5, 5), (3, 3), pads=(1, 1, 1, 1), strides=(2, 2), cip=0)
pool("avgpool_include_pad", "AveragePool", normal(1, 2, 5, 5), (3, 3), pads=(1, 1, 1, 1), strides=(2, 2), cip=1)
pool("avgpool_asym_exclude", "AveragePool", normal(1, 1, 5, 6), (2, 3), pads=(0, 1, 1, 0), strides=(2, 2), cip=0)
pool("avgpool_asym_include", "AveragePool", normal(1, 1, 5, 6), (2, 3), pads=(0, 1, 1, 0), strides=(2, 2), cip=1)


# --- reductions (opset 13: ReduceSum takes axes as an input) ---------------------
def reduce(name, op, axes, keep):
    core = {"ReduceSum": "reduce_sum", "ReduceMean": "reduce_mean", "ReduceMax": "reduce_max"}[op]
    body = lambda t, o: [f"%y = core.{core} %x0 {{axes = {arr(axes)}, keepdims = {'true' if keep else 'false'}}} : ({t[0]}) -> {o}"]
    if op == "ReduceSum":
        case(name, op, [normal(2, 3, 4)], body, attrs=dict(keepdims=keep), inits=[np.array(axes, np.int64)])
    else:
        case(name, op, [normal(2, 3, 4)], body, attrs=dict(axes=list(axes), keepdims=keep))


reduce("reduce_sum_keep", "ReduceSum", [1], 1)
reduce("reduce_sum_nokeep", "ReduceSum", [0, 2], 0)
reduce("reduce_mean_keep", "ReduceMean", [2], 1)
reduce("reduce_mean_nokeep", "ReduceMean", [0, 1], 0)
reduce("reduce_max_keep", "ReduceMax", [1], 1)
reduce("reduce_max_nokeep", "ReduceMax", [0, 2], 0)

# --- data movement ---------------------------------------------------------------
case("transpose", "Transpose", [normal(2, 3, 4)],
     lambda t, o: [f"%y = core.transpose %x0 {{perm = array<i64: 2, 0, 1>}} : ({t[0]}) -> {o}"], attrs=dict(perm=[2, 0, 1]))
case("concat", "Concat", [normal(2, 1, 3), normal(2, 2, 3), normal(2, 3, 3)],
     lambda t, o: [f"%y = core.concat %x0, %x1, %x2 {{axis = 1 : i64}} : ({t[0]}, {t[1]}, {t[2]}) -> {o}"], attrs=dict(axis=1))
# starts/ends/axes/steps are ONNX inputs; core.slice has one entry per dimension.
case("slice_neg_step", "Slice", [normal(4, 6)],
     lambda t, o: [f"%y = core.slice %x0 {{starts = array<i64: 1, -1>, limits = array<i64: 4, -7>, strides = array<i64: 2, -2>}} : ({t[0]}) -> {o}"],
     inits=[np.array([1, -1], np.int64), np.array([4, -7], np.int64), np.array([0, 1], np.int64), np.array([2, -2], np.int64)])
case("slice_one_axis", "Slice", [normal(2, 3, 4)],
     lambda t, o: [f"%y = core.slice %x0 {{starts = array<i64: 0, 0, 1>, limits = array<i64: 2, 3, 100>}} : ({t[0]}) -> {o}"],
     inits=[np.array([1], np.int64), np.array([100], np.int64), np.array([2], np.int64)])
case("gather_axis1_neg", "Gather", [normal(3, 4), np.array([[0, -1], [2, 1]], np.int64)],
     lambda t, o: [f"%y = core.gather %x0, %x1 {{axis = 1 : i64}} : ({t[0]}, {t[1]}) -> {o}"], attrs=dict(axis=1))
case("gather_axis0_i32", "Gather", [normal(4, 3), np.array([3, 0, -2], np.int32)],
     lambda t, o: [f"%y = core.gather %x0, %x1 {{axis = 0 : i64}} : ({t[0]}, {t[1]}) -> {o}"], attrs=dict(axis=0))


# --- QuantizeLinear / DequantizeLinear -------------------------------------------
def qlinear(name, x, scale, zp, axis=None):
    scale = np.asarray(scale, np.float32)
    zp = np.asarray(zp, zp.dtype if isinstance(zp, np.ndarray) else np.int8)
    q = qtype(zp.dtype, scale, zp, axis) if axis is not None else qtype(zp.dtype, scale.item(), zp.item())
    out = ttype(x.shape, q)
    case(name, "QuantizeLinear", [x],
         lambda t, o: [f"%y = quant.qcast %x0 : {t[0]} to {out}"],
         attrs=dict(axis=axis) if axis is not None else {}, inits=[scale, zp], out_type=out)


def dqlinear(name, q, scale, zp, axis=None):
    scale = np.asarray(scale, np.float32)
    qt = qtype(q.dtype, scale, zp, axis) if axis is not None else qtype(q.dtype, scale.item(), zp.item())
    arg = ttype(q.shape, qt)
    case(name, "DequantizeLinear", [q],
         lambda t, o: [f"%y = quant.dcast %x0 : {arg} to {o}"],
         attrs=dict(axis=axis) if axis is not None else {}, inits=[scale, zp], arg_types=[arg])


# Multiples of 0.25 with scale 0.5 are ties (x/scale = k + 0.5): round half to even.
_qx = np.concatenate([np.arange(-12, 12, dtype=np.float32) * 0.25,
                      np.array([100, -100, 63.75, -64.25, 0.35, -0.35], np.float32), normal(18, s=8)])
qlinear("quantize_i8", _qx.reshape(6, 8), 0.5, np.array(-3, np.int8))
# 0.35f / 0.1f is exactly 3.5 in float32: ONNX divides in float32.
_qu = np.concatenate([np.array([0.35, 0.05, -0.05, 0.25, 0.15, -0.15, 30, -30], np.float32), normal(24, s=5)])
qlinear("quantize_u8", _qu.reshape(4, 8), 0.1, np.array(128, np.uint8))
qlinear("quantize_i8_axis1", (np.round(normal(2, 3, 4, s=4) * 4) / 4).astype(np.float32),
        [0.5, 0.25, 0.1], np.array([0, 1, -2], np.int8), axis=1)
qlinear("quantize_u8_axis0", normal(3, 5, s=6), [0.05, 0.5, 0.2], np.array([0, 128, 250], np.uint8), axis=0)
dqlinear("dequantize_i8", rng.integers(-128, 128, (4, 8)).astype(np.int8), 0.0235, np.array(-3, np.int8))
dqlinear("dequantize_u8", rng.integers(0, 256, (4, 8)).astype(np.uint8), 0.1, np.array(128, np.uint8))
dqlinear("dequantize_i8_axis0", rng.integers(-128, 128, (3, 4)).astype(np.int8), [0.1, 0.02, 1.5],
         np.array([0, -5, 7], np.int8), axis=0)
dqlinear("dequantize_u8_axis1", rng.integers(0, 256, (2, 3, 4)).astype(np.uint8), [0.3, 0.07, 0.011],
         np.array([10, 128, 255], np.uint8), axis=1)


# --- QLinearConv / QLinearMatMul / com.microsoft QLinearAdd ----------------------
# The MLIR is the fused form: core ops on quantized element types, weights and
# the i32 bias as stored integers through quant.scast. Weights stay within
# ±63 so that no u8×s8 kernel (AVX2's vpmaddubsw) saturates its int16 pairs.
def qints(dt, *shape, lo=None, hi=None):
    info = np.iinfo(dt)
    return rng.integers(info.min if lo is None else lo, (info.max if hi is None else hi) + 1, shape).astype(dt)


def qarg(x, scale, zp):
    return ttype(x.shape, qtype(x.dtype, scale, zp))


def wtype(w, scale, zp):
    scale, zp = np.asarray(scale, np.float32), np.asarray(zp, w.dtype)
    if scale.ndim == 0:
        return qtype(w.dtype, scale.item(), zp.item())
    return qtype(w.dtype, scale, zp, axis=0)


def stored(name, a, qt):
    return [f"%{name}s = core.constant {dense(a)}",
            f"%{name} = quant.scast %{name}s : {ttype(a.shape, elem(a.dtype))} to {ttype(a.shape, qt)}"]


def bias_type(xs, ws):
    ws = np.asarray(ws, np.float32)
    prod = [float(np.float32(xs)) * float(s) for s in np.atleast_1d(ws)]
    if ws.ndim == 0:
        return f"!quant.uniform<i32:f32, {prod[0]!r}>"
    return "!quant.uniform<i32:f32:0, {" + ", ".join(repr(p) for p in prod) + "}>"


def qconv(name, x, xs, xz, w, ws, wz, ys, yz, b=None, pads=(0, 0, 0, 0), strides=(1, 1), dil=(1, 1), group=1):
    xs, ys = np.float32(xs), np.float32(ys)
    xz, yz = np.asarray(xz, x.dtype), np.asarray(yz, x.dtype)
    ws, wz = np.asarray(ws, np.float32), np.asarray(wz, w.dtype)
    out_q = qtype(x.dtype, ys, yz)
    wt = wtype(w, ws, wz)
    inits = [np.asarray(xs), xz, w, ws, wz, np.asarray(ys), yz] + ([b] if b is not None else [])
    def body(t, o):
        lines = stored("w", w, wt)
        ops, tys = "%x0, %w", f"{t[0]}, {ttype(w.shape, wt)}"
        if b is not None:
            bt = bias_type(xs, ws)
            lines += stored("b", b, bt)
            ops += ", %b"
            tys += f", {ttype(b.shape, bt)}"
        lines.append(f"%y = core.conv2d {ops} {{padding = {arr(pads)}, strides = {arr(strides)}, "
                     f"dilations = {arr(dil)}, groups = {group} : i64}} : ({tys}) -> {o}")
        return lines
    oh = (x.shape[2] + pads[0] + pads[2] - dil[0] * (w.shape[2] - 1) - 1) // strides[0] + 1
    ow = (x.shape[3] + pads[1] + pads[3] - dil[1] * (w.shape[3] - 1) - 1) // strides[1] + 1
    case(name, "QLinearConv", [x], body, attrs=dict(kernel_shape=list(w.shape[2:]), pads=list(pads),
                                                    strides=list(strides), dilations=list(dil), group=group),
         inits=inits, arg_types=[qarg(x, xs, xz)], out_type=ttype([x.shape[0], w.shape[0], oh, ow], out_q))


_w = qints(np.int8, 3, 2, 3, 3, lo=-63, hi=63)
qconv("qlinearconv_u8_i8_bias", qints(np.uint8, 1, 2, 4, 4), 0.02, 120, _w, 0.01, 0, 0.05, 100,
      b=rng.integers(-2000, 2000, 3).astype(np.int32), pads=(1, 1, 1, 1))
qconv("qlinearconv_i8_perchannel_stride", qints(np.int8, 1, 2, 6, 5), 0.03, -3,
      qints(np.int8, 3, 2, 3, 3, lo=-63, hi=63), [0.01, 0.004, 0.02], [0, 0, 0], 0.04, 5,
      b=rng.integers(-3000, 3000, 3).astype(np.int32), pads=(1, 0, 1, 2), strides=(2, 1))
qconv("qlinearconv_u8_u8w", qints(np.uint8, 1, 2, 4, 4), 0.1, 128, qints(np.uint8, 2, 2, 2, 2, lo=100, hi=160),
      0.02, 130, 0.3, 90, dil=(2, 1), pads=(0, 1, 0, 1))
qconv("qlinearconv_depthwise_i8", qints(np.int8, 1, 3, 4, 4), 0.05, 2, qints(np.int8, 3, 1, 3, 3, lo=-63, hi=63),
      [0.02, 0.01, 0.03], [0, 0, 0], 0.08, -4, b=rng.integers(-500, 500, 3).astype(np.int32),
      pads=(1, 1, 1, 1), group=3)
qconv("qlinearconv_group2_u8", qints(np.uint8, 1, 4, 4, 4), 0.04, 128, qints(np.int8, 4, 2, 2, 2, lo=-63, hi=63),
      [0.01, 0.02, 0.015, 0.005], [0, 0, 0, 0], 0.06, 128, group=2, strides=(2, 2), pads=(1, 1, 0, 0))


def qmatmul(name, a, as_, az, b, bs, bz, ys, yz):
    as_, ys = np.float32(as_), np.float32(ys)
    az, yz = np.asarray(az, a.dtype), np.asarray(yz, a.dtype)
    bs, bz = np.asarray(bs, np.float32), np.asarray(bz, b.dtype)
    if bs.ndim == 0:
        bt = qtype(b.dtype, bs.item(), bz.item())
    else:
        bt = qtype(b.dtype, bs, bz, axis=b.ndim - 1)
    out_q = qtype(a.dtype, ys, yz)
    shape = list(np.broadcast_shapes(a.shape[:-2], b.shape[:-2])) + [a.shape[-2], b.shape[-1]]
    case(name, "QLinearMatMul", [a],
         lambda t, o: stored("w", b, bt) + [f"%y = core.matmul %x0, %w : ({t[0]}, {ttype(b.shape, bt)}) -> {o}"],
         inits=[np.asarray(as_), az, b, bs, bz, np.asarray(ys), yz], arg_types=[qarg(a, as_, az)],
         out_type=ttype(shape, out_q))


qmatmul("qlinearmatmul_u8_i8", qints(np.uint8, 2, 3, 4), 0.05, 110, qints(np.int8, 4, 5, lo=-63, hi=63), 0.02, 0, 0.1, 120)
qmatmul("qlinearmatmul_i8_percol", qints(np.int8, 3, 6), 0.03, -2, qints(np.int8, 6, 4, lo=-63, hi=63),
        [0.01, 0.02, 0.005, 0.04], [0, 0, 0, 0], 0.05, 3)


def qadd(name, a, as_, az, b, bs, bz, cs, cz):
    as_, bs, cs = np.float32(as_), np.float32(bs), np.float32(cs)
    az, bz, cz = (np.asarray(z, a.dtype) for z in (az, bz, cz))
    shape = list(np.broadcast_shapes(a.shape, b.shape))
    out_q = qtype(a.dtype, cs, cz)
    case(name, "QLinearAdd", [a, b],
         lambda t, o: [f"%y = core.add %x0, %x1 : ({t[0]}, {t[1]}) -> {o}"],
         inits=[], arg_types=[qarg(a, as_, az), qarg(b, bs, bz)], out_type=ttype(shape, out_q),
         domain="com.microsoft", out=(shape, a.dtype))
    # The scales and zero points are ONNX operands between and after the inputs.
    c = CASES[-1]
    c["order"] = ["in0", np.asarray(as_), az, "in1", np.asarray(bs), bz, np.asarray(cs), cz]


qadd("qlinearadd_u8", qints(np.uint8, 4, 8), 0.05, 128, qints(np.uint8, 4, 8), 0.03, 100, 0.07, 120)
qadd("qlinearadd_i8", qints(np.int8, 2, 3, 5), 0.02, 0, qints(np.int8, 2, 3, 5), 0.05, 0, 0.06, 0)
qadd("qlinearadd_u8_bcast_channel", qints(np.uint8, 1, 3, 2, 4), 0.05, 128, qints(np.uint8, 1, 3, 1, 1), 0.03, 100, 0.07, 120)
qadd("qlinearadd_i8_scalar", qints(np.int8, 3, 7), 0.02, -5, qints(np.int8, 1), 0.05, 3, 0.06, 1)
# Parameters whose constant k = zC − (ratioA·zA + ratioB·zB) differs by one float32 ulp
# between a fused and an unfused evaluation, with the one input pair (46, 92) that it decides.
_ka, _kb = qints(np.uint8, 4, 8), qints(np.uint8, 4, 8)
_ka[0, 0], _kb[0, 0] = 46, 92
qadd("qlinearadd_u8_kfold", _ka, 0.098170035, 124, _kb, 0.096357435, 75, 0.07385504, 138)
qadd("qlinearadd_u8_rows", qints(np.uint8, 3, 8), 0.011, 7, qints(np.uint8, 8), 0.013, 250, 0.019, 30)



# com.microsoft QGemm: a linear layer's int32 bias joins the sums before the
# one requantization (quant-fuse's core.matmul with a bias). B is [N, K]
# under transB; the MLIR weight is its [K, N] transpose, per column.
def qgemm(name, a, as_, az, b, bs, bz, c, ys, yz, trans_b):
    as_, ys = np.float32(as_), np.float32(ys)
    az, yz = np.asarray(az, a.dtype), np.asarray(yz, a.dtype)
    bs, bz = np.asarray(bs, np.float32), np.asarray(bz, b.dtype)
    w = b.T if trans_b else b
    if bs.ndim == 0:
        wt = qtype(b.dtype, bs.item(), bz.item())
    else:
        wt = qtype(b.dtype, bs, bz, axis=1)
    bt = bias_type(as_, bs)
    out_q = qtype(a.dtype, ys, yz)
    shape = [a.shape[0], w.shape[1]]
    case(name, "QGemm", [a],
         lambda t, o: stored("w", w, wt) + stored("b", c, bt) +
         [f"%y = core.matmul %x0, %w, %b : ({t[0]}, {ttype(w.shape, wt)}, {ttype(c.shape, bt)}) -> {o}"],
         attrs=dict(transB=int(trans_b)), arg_types=[qarg(a, as_, az)], out_type=ttype(shape, out_q),
         domain="com.microsoft", out=(shape, a.dtype))
    CASES[-1]["order"] = ["in0", np.asarray(as_), az, b, bs, bz, c, np.asarray(ys), yz]


qgemm("qgemm_u8_i8_percol_transb", qints(np.uint8, 2, 6), 0.04, 120, qints(np.int8, 4, 6, lo=-63, hi=63),
      [0.01, 0.02, 0.005, 0.03], [0, 0, 0, 0], rng.integers(-3000, 3000, 4).astype(np.int32), 0.05, 110, True)
qgemm("qgemm_i8_i8", qints(np.int8, 3, 5), 0.03, -4, qints(np.int8, 5, 4, lo=-63, hi=63), 0.02, 0,
      rng.integers(-2000, 2000, 4).astype(np.int32), 0.06, 2, False)


def main():
    if os.path.isdir(CASES_DIR):
        shutil.rmtree(CASES_DIR)
    os.makedirs(CASES_DIR)
    os.makedirs(WORK, exist_ok=True)
    manifest = []
    for c in CASES:
        name = c["name"]
        d = os.path.join(CASES_DIR, name)
        os.makedirs(d)
        in_names = [f"in{i}" for i in range(len(c["inputs"]))]
        node_inputs = list(in_names)
        inits = []
        for i, a in enumerate(c["inits"]):
            if a is None:
                node_inputs.append("")
            else:
                inits.append(numpy_helper.from_array(np.asarray(a), f"c{i}"))
                node_inputs.append(f"c{i}")
        if "order" in c:  # inputs interleaved with initializers
            node_inputs = []
            for i, a in enumerate(c["order"]):
                if isinstance(a, str):
                    node_inputs.append(a)
                else:
                    inits.append(numpy_helper.from_array(np.asarray(a), f"c{i}"))
                    node_inputs.append(f"c{i}")
        node = helper.make_node(c["op"], node_inputs, ["out0"], name=name, domain=c["domain"] or None, **c["attrs"])
        vin = [helper.make_tensor_value_info(n, onnx.mapping.NP_TYPE_TO_TENSOR_TYPE[x.dtype], x.shape)
               for n, x in zip(in_names, c["inputs"])]
        vout = [helper.make_tensor_value_info("out0", 0, None)]
        opsets = [helper.make_opsetid("", OPSET)]
        if c["domain"]:
            opsets.append(helper.make_opsetid(c["domain"], 1))
        model = helper.make_model(helper.make_graph([node], name, vin, vout, inits),
                                  opset_imports=opsets, producer_name="mlc-ort-ops")
        model.ir_version = 8
        if c["out"] is not None:
            shape, odt = list(c["out"][0]), np.dtype(c["out"][1]).type
            model.graph.output[0].CopyFrom(helper.make_tensor_value_info(
                "out0", onnx.mapping.NP_TYPE_TO_TENSOR_TYPE[np.dtype(odt)], shape))
        else:
            inferred = shape_inference.infer_shapes(model, strict_mode=True)
            onnx.checker.check_model(inferred)
            ot = inferred.graph.output[0].type.tensor_type
            shape = [dm.dim_value for dm in ot.shape.dim]
            odt = onnx.mapping.TENSOR_TYPE_TO_NP_TYPE[ot.elem_type]
            model.graph.output[0].CopyFrom(inferred.graph.output[0])
        onnx.save(model, os.path.join(WORK, name + ".onnx"))
        for n, x in zip(in_names, c["inputs"]):
            assert x.size <= 64, (name, n, x.shape)
            np.save(os.path.join(d, n + ".npy"), x)
        assert int(np.prod(shape)) <= 64, (name, shape)

        types = c["arg_types"] or [ttype(x.shape, elem(x.dtype)) for x in c["inputs"]]
        out = c["out_type"] or ttype(shape, elem(odt))
        args = ", ".join(f"%x{i}: {t}" for i, t in enumerate(types))
        attrs = ", ".join(f"{k} = {v}" for k, v in c["attrs"].items())
        lines = [
            f"// Generated by bench/ort-ops/gen.py; do not edit. ONNX {c['op']} (opset {OPSET}"
            + (f"; {attrs}" if attrs else "") + "),",
            "// checked against onnxruntime's outputs (ort-out0.npy) by interp/ortcheck_test.go.",
            f"func.func @main({args}) -> {out} {{",
        ]
        lines += ["  " + l for l in c["body"](types, out)]
        lines += [f"  return %y : {out}", "}", ""]
        with open(os.path.join(d, "model.mlir"), "w") as f:
            f.write("\n".join(lines))
        manifest.append(dict(name=name, model=os.path.join(WORK, name + ".onnx"), dir=d,
                             inputs=[dict(name=n, file=os.path.join(d, n + ".npy")) for n in in_names],
                             outputs=["out0"]))
    with open(os.path.join(WORK, "manifest.json"), "w") as f:
        json.dump(manifest, f, indent=1)
    print(f"{len(CASES)} cases in {CASES_DIR}; ONNX models and manifest.json in {WORK}")


if __name__ == "__main__":
    main()
