#!/usr/bin/python3
"""Write int8 QDQ versions of fp32 ONNX models, as ONNX Runtime's static
quantizer lays them out, for bench/interp-vs-ort.sh's QDQ rows.

Usage: /usr/bin/python3 scripts/make-qdq-models.py MODEL.onnx... [--samples 4]
           [--seed 0] [--activations u8|i8] [-o OUT.onnx]

Each MODEL.onnx gets MODEL-qdq.onnx beside it (model.onnx -> model-qdq.onnx;
-o names the output when there is one model). Run with Debian's python
(python3-onnx, python3-numpy, python3-torch).

Calibration: the fp32 model runs on --samples seeded standard-normal inputs
(the same every run) in a small evaluator over numpy and torch (onnx 1.12 has
no reference evaluator); the range of every float tensor is its min and max
over the samples, widened to include 0.

Quantization, as ONNX Runtime's QDQ format with its defaults:
- Conv, Gemm and MatMul with constant weights, and Add of two activations,
  run between DequantizeLinear of their inputs and QuantizeLinear of their
  output; every other op runs in float on dequantized values.
- Activations: per tensor, asymmetric u8 (or i8 with --activations i8),
  scale = (max - min) / 255, zero point = round(qmin - min / scale).
- Weights: per output channel, symmetric int8 in [-127, 127], zero point 0
  (Conv axis 0; Gemm axis 0 with transB = 1, else 1; MatMul axis 1).
- Bias: int32, scale x_scale * w_scale per channel, zero point 0.
- A Relu or Clip(0, ...) whose input is a quantized op's output used by it
  alone is removed, and that output is quantized with the activation's
  range (saturation does the clipping), as ONNX Runtime's quantizer does.
Models need opset 13 or later (per-axis DequantizeLinear).
"""

import argparse
import os
import sys

import numpy as np
import onnx
import torch
import torch.nn.functional as F
from onnx import TensorProto, helper, numpy_helper, shape_inference

QUANT_OPS = {"Conv", "Gemm", "MatMul", "Add"}


class Unsupported(Exception):
    pass


def attrs_of(node):
    return {a.name: helper.get_attribute_value(a) for a in node.attribute}


def t(x):
    return torch.from_numpy(np.array(x, dtype=x.dtype, order="C", copy=True))


def conv(ins, a):
    x, w = ins[0], ins[1]
    b = ins[2] if len(ins) > 2 and ins[2] is not None else None
    if a.get("auto_pad", b"NOTSET") not in (b"NOTSET", "NOTSET"):
        raise Unsupported("Conv auto_pad")
    if x.ndim != 4:
        raise Unsupported("Conv of rank %d" % x.ndim)
    p = a.get("pads", [0, 0, 0, 0])
    xt = F.pad(t(x), (p[1], p[3], p[0], p[2]))
    y = F.conv2d(xt, t(w), None if b is None else t(b), stride=a.get("strides", [1, 1]),
                 dilation=a.get("dilations", [1, 1]), groups=a.get("group", 1))
    return y.numpy()


def pool(ins, a, is_max):
    x = ins[0]
    if a.get("auto_pad", b"NOTSET") not in (b"NOTSET", "NOTSET"):
        raise Unsupported("pooling with auto_pad")
    k, p = a["kernel_shape"], a.get("pads", [0, 0, 0, 0])
    s = a.get("strides", [1, 1])
    ceil = bool(a.get("ceil_mode", 0))
    if ceil and p != [0, 0, 0, 0]:
        raise Unsupported("pooling with ceil_mode and pads")
    if is_max:
        xt = F.pad(t(x), (p[1], p[3], p[0], p[2]), value=-np.inf)
        return F.max_pool2d(xt, k, s, ceil_mode=ceil).numpy()
    if ceil or (p != [0, 0, 0, 0] and not a.get("count_include_pad", 0)):
        raise Unsupported("AveragePool with ceil_mode, or pads and count_include_pad = 0")
    return F.avg_pool2d(F.pad(t(x), (p[1], p[3], p[0], p[2])), k, s).numpy()


def pad(ins, a):
    x, pads = ins[0], [int(v) for v in ins[1]]
    value = ins[2] if len(ins) > 2 and ins[2] is not None else 0
    mode = a.get("mode", b"constant")
    mode = mode.decode() if isinstance(mode, bytes) else mode
    if min(pads) < 0 or mode not in ("constant", "reflect", "edge") or len(pads) != 2 * x.ndim:
        raise Unsupported("Pad of mode %s with pads %s" % (mode, pads))
    width = [(pads[i], pads[i + x.ndim]) for i in range(x.ndim)]
    if mode == "constant":
        return np.pad(x, width, constant_values=np.asarray(value).item())
    return np.pad(x, width, mode=mode)


def gemm(ins, a):
    x, w = ins[0], ins[1]
    if a.get("transA", 0):
        x = x.T
    if a.get("transB", 0):
        w = w.T
    y = a.get("alpha", 1.0) * (x @ w)
    if len(ins) > 2 and ins[2] is not None:
        y = y + a.get("beta", 1.0) * ins[2]
    return y.astype(np.float32)


def clip(ins, a):
    lo = ins[1] if len(ins) > 1 and ins[1] is not None else a.get("min", -np.inf)
    hi = ins[2] if len(ins) > 2 and ins[2] is not None else a.get("max", np.inf)
    return np.clip(ins[0], lo, hi)


def softmax(ins, a):
    x = ins[0]
    e = np.exp(x - x.max(axis=a.get("axis", -1), keepdims=True))
    return e / e.sum(axis=a.get("axis", -1), keepdims=True)


def batchnorm(ins, a):
    x, s, b, m, v = ins
    sh = (1, -1) + (1,) * (x.ndim - 2)
    return ((x - m.reshape(sh)) / np.sqrt(v.reshape(sh) + a.get("epsilon", 1e-5)) * s.reshape(sh) + b.reshape(sh)).astype(np.float32)


def slice_(ins, a):
    x, starts, ends = ins[0], ins[1], ins[2]
    axes = ins[3] if len(ins) > 3 and ins[3] is not None else range(len(starts))
    steps = ins[4] if len(ins) > 4 and ins[4] is not None else [1] * len(starts)
    idx = [slice(None)] * x.ndim
    for st, en, ax, sp in zip(starts, ends, axes, steps):
        idx[int(ax)] = slice(int(st), int(en), int(sp))
    return x[tuple(idx)]


def axes_of(ins, a):
    """A reduction's or Unsqueeze's axes: the attribute (before opset 13/18)
    or the second input."""
    if "axes" in a:
        return tuple(a["axes"])
    if len(ins) > 1 and ins[1] is not None:
        return tuple(int(v) for v in ins[1])
    return None


def unsqueeze(ins, a):
    x = ins[0]
    for ax in sorted(d % (x.ndim + len(axes_of(ins, a))) for d in axes_of(ins, a)):
        x = np.expand_dims(x, ax)
    return x


def resize(ins, a):
    """Resize of NCHW images, linear or nearest as torch interpolates them."""
    x = ins[0]
    sizes = ins[3] if len(ins) > 3 and ins[3] is not None and ins[3].size else None
    if sizes is None:
        sizes = [int(np.floor(d * s)) for d, s in zip(x.shape, ins[2])]
    mode = a.get("mode", b"nearest")
    mode = mode.decode() if isinstance(mode, bytes) else mode
    ctm = a.get("coordinate_transformation_mode", b"half_pixel")
    ctm = ctm.decode() if isinstance(ctm, bytes) else ctm
    if x.ndim != 4 or list(sizes[:2]) != list(x.shape[:2]):
        raise Unsupported("Resize of shape %s to %s" % (x.shape, list(sizes)))
    if mode == "linear" and ctm in ("half_pixel", "pytorch_half_pixel", "align_corners"):
        y = F.interpolate(t(x), size=[int(sizes[2]), int(sizes[3])], mode="bilinear", align_corners=ctm == "align_corners")
    elif mode == "nearest" and ctm == "asymmetric" and a.get("nearest_mode", b"floor") in (b"floor", "floor"):
        y = F.interpolate(t(x), size=[int(sizes[2]), int(sizes[3])], mode="nearest")
    else:
        raise Unsupported("Resize mode %s with %s coordinates" % (mode, ctm))
    return y.numpy()


def const_of_shape(ins, a):
    v = numpy_helper.to_array(a["value"]) if "value" in a else np.zeros(1, np.float32)
    return np.full([int(d) for d in ins[0]], v.reshape(-1)[0], dtype=v.dtype)


def reduce_mean(ins, a):
    axes = axes_of(ins, a)
    return ins[0].mean(axis=axes, keepdims=bool(a.get("keepdims", 1))).astype(ins[0].dtype)


def trilu(ins, a):
    k = int(ins[1]) if len(ins) > 1 and ins[1] is not None else 0
    return np.triu(ins[0], k) if a.get("upper", 1) else np.tril(ins[0], k)


EVAL = {
    "Conv": conv,
    "Relu": lambda i, a: np.maximum(i[0], 0),
    "Clip": clip,
    "Sigmoid": lambda i, a: (1 / (1 + np.exp(-i[0]))).astype(np.float32),
    "HardSigmoid": lambda i, a: np.clip(a.get("alpha", 0.2) * i[0] + a.get("beta", 0.5), 0, 1).astype(np.float32),
    "HardSwish": lambda i, a: (i[0] * np.clip(i[0] / 6 + 0.5, 0, 1)).astype(np.float32),
    "Add": lambda i, a: i[0] + i[1],
    "Sub": lambda i, a: i[0] - i[1],
    "Mul": lambda i, a: i[0] * i[1],
    "Div": lambda i, a: i[0] / i[1] if i[0].dtype.kind == "f" else np.trunc(i[0] / i[1]).astype(i[0].dtype),
    "MaxPool": lambda i, a: pool(i, a, True),
    "AveragePool": lambda i, a: pool(i, a, False),
    "GlobalAveragePool": lambda i, a: i[0].mean(axis=tuple(range(2, i[0].ndim)), keepdims=True),
    "Flatten": lambda i, a: i[0].reshape(int(np.prod(i[0].shape[:a.get("axis", 1)])), -1),
    "Gemm": gemm,
    "MatMul": lambda i, a: i[0] @ i[1],
    "Reshape": lambda i, a: i[0].reshape([d if d != 0 else i[0].shape[k] for k, d in enumerate(i[1])]),
    "Transpose": lambda i, a: np.transpose(i[0], a.get("perm")),
    "Concat": lambda i, a: np.concatenate(i, axis=a["axis"]),
    "Softmax": softmax,
    "BatchNormalization": batchnorm,
    "Identity": lambda i, a: i[0],
    # Shape arithmetic and the ops of exported transformers and resizes.
    "Shape": lambda i, a: np.array(i[0].shape, np.int64)[a.get("start", 0):a.get("end", None)],
    "ConstantOfShape": const_of_shape,
    "Gather": lambda i, a: np.take(i[0], i[1], axis=a.get("axis", 0)),
    "Slice": slice_,
    "Unsqueeze": unsqueeze,
    "Equal": lambda i, a: np.equal(i[0], i[1]),
    "Where": lambda i, a: np.where(i[0], i[1], i[2]),
    "Expand": lambda i, a: (i[0] * np.ones([int(d) for d in i[1]], i[0].dtype)).astype(i[0].dtype),
    "Pow": lambda i, a: np.power(i[0], i[1]).astype(i[0].dtype),
    "Sqrt": lambda i, a: np.sqrt(i[0]),
    "Erf": lambda i, a: torch.erf(t(i[0])).numpy(),
    "ReduceMean": reduce_mean,
    "Resize": resize,
    "Trilu": trilu,
    "Pad": pad,
}


def evaluate(model, inits, feeds):
    """Runs the graph on feeds (name -> array); returns every tensor."""
    env = dict(inits)
    env.update(feeds)
    for n in model.graph.node:
        a = attrs_of(n)
        if n.op_type == "Constant":
            env[n.output[0]] = numpy_helper.to_array(a["value"])
            continue
        f = EVAL.get(n.op_type)
        if f is None or (n.domain not in ("", "ai.onnx")):
            raise Unsupported("op %s (node %s) is not in the calibration evaluator" % (n.op_type, n.name))
        ins = [env[i] if i else None for i in n.input]
        env[n.output[0]] = np.asarray(f(ins, a))
    return env


def act_params(lo, hi, signed):
    """Asymmetric per-tensor parameters of a range (widened to include 0)."""
    lo, hi = min(0.0, float(lo)), max(0.0, float(hi))
    qmin, qmax = (-128, 127) if signed else (0, 255)
    scale = np.float32((hi - lo) / (qmax - qmin))
    if scale == 0 or not np.isfinite(scale):
        scale = np.float32(1.0)
    zp = int(np.clip(np.rint(qmin - lo / float(scale)), qmin, qmax))
    return scale, (np.int8 if signed else np.uint8)(zp)


def weight_params(w, axis):
    """Symmetric int8 per channel along axis."""
    red = tuple(d for d in range(w.ndim) if d != axis)
    amax = np.abs(w).max(axis=red) if red else np.abs(w)
    scale = (amax / 127.0).astype(np.float32)
    scale[scale == 0] = 1.0
    sh = [1] * w.ndim
    sh[axis] = -1
    q = np.clip(np.rint(w / scale.reshape(sh)), -127, 127).astype(np.int8)
    return q, scale


def quantize_model(path, out, samples, seed, signed):
    model = onnx.load(path)
    opset = next((o.version for o in model.opset_import if o.domain in ("", "ai.onnx")), 0)
    if opset < 13:
        raise Unsupported("opset %d: per-axis DequantizeLinear needs opset 13 or later" % opset)
    g = model.graph
    inits = {i.name: numpy_helper.to_array(i) for i in g.initializer}
    consts = {n.output[0]: numpy_helper.to_array(attrs_of(n)["value"]) for n in g.node if n.op_type == "Constant"}
    args = [i for i in g.input if i.name not in inits]
    rng = np.random.default_rng(seed)
    lo, hi = {}, {}
    for _ in range(samples):
        feeds = {}
        for a in args:
            tt = a.type.tensor_type
            shape = [d.dim_value if d.dim_value > 0 else 1 for d in tt.shape.dim]
            if tt.elem_type != TensorProto.FLOAT:
                raise Unsupported("input '%s' is not float32" % a.name)
            feeds[a.name] = rng.standard_normal(shape).astype(np.float32)
        env = evaluate(model, inits, feeds)
        for k, v in env.items():
            if k in inits or k in consts or v.dtype != np.float32:
                continue
            lo[k] = min(lo.get(k, np.inf), float(v.min()))
            hi[k] = max(hi.get(k, -np.inf), float(v.max()))

    consumers = {}
    for n in g.node:
        for i in n.input:
            consumers.setdefault(i, []).append(n)
    outputs = {o.name for o in g.output}
    const = lambda name: name in inits or name in consts  # noqa: E731

    def is_quant(n):
        if n.op_type in ("Conv", "Gemm", "MatMul"):
            return len(n.input) >= 2 and n.input[1] in inits and not const(n.input[0])
        return n.op_type == "Add" and len(n.input) == 2 and not const(n.input[0]) and not const(n.input[1])

    def clip_from_zero(n):
        if n.op_type == "Relu":
            return True
        if n.op_type != "Clip":
            return False
        lo_v = consts.get(n.input[1], inits.get(n.input[1])) if len(n.input) > 1 and n.input[1] else attrs_of(n).get("min")
        return lo_v is not None and float(np.asarray(lo_v)) == 0.0

    quant_nodes = [n for n in g.node if is_quant(n)]
    # Remove activations that saturation implements.
    removed = set()
    for n in quant_nodes:
        y = n.output[0]
        us = consumers.get(y, [])
        if len(us) == 1 and y not in outputs and clip_from_zero(us[0]):
            act = us[0]
            removed.add(id(act))
            n.output[0] = act.output[0]
    nodes = [n for n in g.node if id(n) not in removed]

    # Activation tensors to quantize: inputs and outputs of quantized ops.
    acts = []
    for n in quant_nodes:
        names = [n.input[0]] if n.op_type != "Add" else list(n.input)
        for name in names + [n.output[0]]:
            if name not in acts and name in lo:
                acts.append(name)
    new_inits = []
    scales = {}
    act_qdq = {}  # activation -> (the name its producer now writes, Q, DQ)
    weight_dqs = {}  # id(node) -> the DequantizeLinear nodes of its weight and bias
    graph_inputs = {a.name for a in args}
    rename_in = {}
    for name in acts:
        s, zp = act_params(lo[name], hi[name], signed)
        scales[name] = s
        sn, zn = name + "_scale", name + "_zero_point"
        new_inits += [numpy_helper.from_array(np.array(s, np.float32), sn), numpy_helper.from_array(np.array(zp), zn)]
        if name in graph_inputs:
            src, dst = name, name + "_dq"
            rename_in[name] = dst
        else:
            src, dst = name + "_fp", name
        q = helper.make_node("QuantizeLinear", [src, sn, zn], [name + "_q"], name=name + "_QuantizeLinear")
        dq = helper.make_node("DequantizeLinear", [name + "_q", sn, zn], [dst], name=name + "_DequantizeLinear")
        act_qdq[name] = (src, q, dq)

    for n in quant_nodes:
        if n.op_type == "Add":
            continue
        w = inits[n.input[1]]
        a = attrs_of(n)
        axis = 0
        if n.op_type == "Gemm" and not a.get("transB", 0) or n.op_type == "MatMul":
            axis = w.ndim - 1
        qw, ws = weight_params(w, axis)
        base = n.name or n.output[0]
        wn = base + "_weight"
        new_inits += [numpy_helper.from_array(qw, wn + "_quantized"), numpy_helper.from_array(ws, wn + "_scale"),
                      numpy_helper.from_array(np.zeros(len(ws), np.int8), wn + "_zero_point")]
        wdq = helper.make_node("DequantizeLinear", [wn + "_quantized", wn + "_scale", wn + "_zero_point"], [wn + "_dq"],
                               name=wn + "_DequantizeLinear", axis=axis)
        extra = [wdq]
        n.input[1] = wn + "_dq"
        if len(n.input) > 2 and n.input[2] in inits and n.input[0] in scales:
            b = inits[n.input[2]]
            bs = (scales[n.input[0]] * ws).astype(np.float32)
            if b.shape != bs.shape:
                raise Unsupported("bias of node %s has shape %s, want %s" % (n.name, b.shape, bs.shape))
            qb = np.clip(np.rint(b / bs), -2**31, 2**31 - 1).astype(np.int32)
            bn = base + "_bias"
            new_inits += [numpy_helper.from_array(qb, bn + "_quantized"), numpy_helper.from_array(bs, bn + "_scale"),
                          numpy_helper.from_array(np.zeros(len(bs), np.int32), bn + "_zero_point")]
            extra.append(helper.make_node("DequantizeLinear", [bn + "_quantized", bn + "_scale", bn + "_zero_point"], [bn + "_dq"],
                                          name=bn + "_DequantizeLinear", axis=0))
            n.input[2] = bn + "_dq"
        weight_dqs[id(n)] = extra

    # Rebuild the node list: weight DQs before their op, activation Q/DQ
    # right after the producer (graph inputs first).
    out_nodes = []
    for name in acts:
        if name in graph_inputs:
            out_nodes += list(act_qdq[name][1:])
    for n in nodes:
        for i, x in enumerate(n.input):
            if x in rename_in:
                n.input[i] = rename_in[x]
        out_nodes += weight_dqs.get(id(n), [])
        out_nodes.append(n)
        for k, y in enumerate(n.output):
            if y in act_qdq:
                src, q, dq = act_qdq[y]
                n.output[k] = src
                out_nodes += [q, dq]
    # Only the weights that some op still reads stay.
    used = {i for n in out_nodes for i in n.input}
    keep = [i for i in g.initializer if i.name in used]
    del g.node[:]
    g.node.extend(out_nodes)
    del g.initializer[:]
    g.initializer.extend(keep + new_inits)
    del g.value_info[:]
    model = shape_inference.infer_shapes(model)
    onnx.checker.check_model(model)
    tmp = out + ".tmp"
    onnx.save(model, tmp)
    os.replace(tmp, out)
    return len(quant_nodes), len(acts)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("models", nargs="+")
    ap.add_argument("--samples", type=int, default=4)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--activations", choices=["u8", "i8"], default="u8")
    ap.add_argument("-o", "--output")
    args = ap.parse_args()
    if args.output and len(args.models) != 1:
        ap.error("-o needs exactly one model")
    torch.set_num_threads(1)
    status = 0
    for m in args.models:
        out = args.output or (m[:-len(".onnx")] if m.endswith(".onnx") else m) + "-qdq.onnx"
        try:
            nq, na = quantize_model(m, out, args.samples, args.seed, args.activations == "i8")
        except Unsupported as e:
            print("%s: not quantized: %s" % (m, e), file=sys.stderr)
            status = 1
            continue
        print("%s: %d quantized ops, %d quantized activations" % (out, nq, na))
    sys.exit(status)


if __name__ == "__main__":
    main()
