#!/usr/bin/python3
"""Write the conv-heavy benchmark of bench/interp-vs-ort.sh into a directory.

    /usr/bin/python3 bench/gen-conv-bench.py OUTDIR [--layers 6] [--channels 32] [--size 56]

OUTDIR gets:
  model.onnx  LAYERS x (Conv 3x3, pad 1, with bias; Relu) on 1xCxSxS (opset 13)
  model.mlir  the same network as core IR, the same weights as dense_resource blobs
  input.npy   the input x (float32, normal, fixed seed)

Needs Debian's python3-onnx (and python3-numpy), so run it with /usr/bin/python3.
The weights are He-initialised with a fixed seed, so activations stay O(1)
through the ReLUs and the output is the same on every machine.
"""
import argparse
import os

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper


def blob(a):
    # MLIR dense_resource blob: 4-byte little-endian alignment, then the data.
    return "0x04000000" + np.ascontiguousarray(a, dtype="<f4").tobytes().hex().upper()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("outdir")
    ap.add_argument("--layers", type=int, default=6)
    ap.add_argument("--channels", type=int, default=32)
    ap.add_argument("--size", type=int, default=56)
    args = ap.parse_args()
    L, C, S = args.layers, args.channels, args.size
    os.makedirs(args.outdir, exist_ok=True)
    rng = np.random.default_rng(20240601)
    ws = [(rng.standard_normal((C, C, 3, 3)) * np.sqrt(2.0 / (C * 9))).astype(np.float32) for _ in range(L)]
    bs = [(rng.standard_normal(C) * 0.1).astype(np.float32) for _ in range(L)]
    x = rng.standard_normal((1, C, S, S)).astype(np.float32)
    np.save(os.path.join(args.outdir, "input.npy"), x)

    # ONNX
    nodes, inits = [], []
    prev = "x"
    for i in range(L):
        inits += [numpy_helper.from_array(ws[i], f"w{i}"), numpy_helper.from_array(bs[i], f"b{i}")]
        nodes.append(helper.make_node("Conv", [prev, f"w{i}", f"b{i}"], [f"c{i}"], name=f"conv{i}",
                                      kernel_shape=[3, 3], pads=[1, 1, 1, 1], strides=[1, 1]))
        out = "y" if i == L - 1 else f"r{i}"
        nodes.append(helper.make_node("Relu", [f"c{i}"], [out], name=f"relu{i}"))
        prev = out
    t = [1, C, S, S]
    graph = helper.make_graph(nodes, "conv_bench",
                              [helper.make_tensor_value_info("x", TensorProto.FLOAT, t)],
                              [helper.make_tensor_value_info("y", TensorProto.FLOAT, t)], inits)
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)], producer_name="mlc-bench")
    model.ir_version = 8
    onnx.checker.check_model(model)
    onnx.save(model, os.path.join(args.outdir, "model.onnx"))

    # core IR
    tt = f"tensor<1x{C}x{S}x{S}xf32>"
    wt, bt = f"tensor<{C}x{C}x3x3xf32>", f"tensor<{C}xf32>"
    lines = [f'func.func @main(%x: {tt} {{mlc.name = "x"}}) -> ({tt} {{mlc.name = "y"}}) {{']
    prev = "%x"
    for i in range(L):
        lines += [
            f'  %w{i} = core.constant dense_resource<w{i}> : {wt} loc("w{i}")',
            f'  %b{i} = core.constant dense_resource<b{i}> : {bt} loc("b{i}")',
            f'  %c{i} = core.conv2d {prev}, %w{i}, %b{i} {{padding = array<i64: 1, 1, 1, 1>}} : ({tt}, {wt}, {bt}) -> {tt} loc("conv{i}")',
            f'  %r{i} = core.relu %c{i} : {tt} loc("relu{i}")',
        ]
        prev = f"%r{i}"
    lines += [f"  return {prev} : {tt}", "}", "", "{-#", "  dialect_resources: {", "    builtin: {"]
    res = []
    for i in range(L):
        res += [f'      w{i}: "{blob(ws[i])}"', f'      b{i}: "{blob(bs[i])}"']
    lines += [",\n".join(res), "    }", "  }", "#-}", ""]
    with open(os.path.join(args.outdir, "model.mlir"), "w") as f:
        f.write("\n".join(lines))


if __name__ == "__main__":
    main()
