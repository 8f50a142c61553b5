"""Writes crafted ONNX models into the directory given as argv[1], each
breaking (or keeping) one rule of onnx.checker, and prints one JSON line
per model: {"name", "file", "checker": "" or onnx.checker's message}.
Models the checker accepts but ONNX Runtime rejects (a graph output no
node produces) are left out: the importer rejects those too.
Read by checker_agree_test.go."""
import json
import os
import sys

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

out = sys.argv[1]
F = TensorProto.FLOAT


def model(nodes, inits=(), inputs=None, outputs=None, opset=13):
    inputs = inputs or [helper.make_tensor_value_info("x", F, [2, 3])]
    outputs = outputs or [helper.make_tensor_value_info("y", F, [2, 3])]
    g = helper.make_graph(nodes, "g", inputs, outputs, initializer=list(inits))
    m = helper.make_model(g, opset_imports=[helper.make_opsetid("", opset)])
    m.ir_version = 8
    return m


def weight():
    return numpy_helper.from_array(np.ones((2, 3), np.float32), "w")


cases = {}
cases["valid"] = model([helper.make_node("Add", ["x", "w"], ["y"])], [weight()])

w = weight()
w.float_data.extend([1.0] * 6)  # raw_data and float_data
cases["raw-and-typed"] = model([helper.make_node("Add", ["x", "w"], ["y"])], [w])

w = helper.make_tensor("w", TensorProto.INT64, [2], [1, 2])
w.float_data.extend([1.0, 2.0])  # int64 values in float_data
del w.int64_data[:]
cases["wrong-field"] = model([helper.make_node("Add", ["x", "x"], ["y"])], [w])

cases["too-many-inputs"] = model([helper.make_node("Relu", ["x", "x"], ["y"])])
cases["too-many-outputs"] = model([helper.make_node("Relu", ["x"], ["y", "z"])])
cases["too-few-inputs"] = model([helper.make_node("Conv", ["x"], ["y"])],
                                inputs=[helper.make_tensor_value_info("x", F, [1, 1, 3, 3])],
                                outputs=[helper.make_tensor_value_info("y", F, [1, 1, 3, 3])])
cases["clip-four-inputs"] = model([helper.make_node("Clip", ["x", "", "", "x"], ["y"])])
cases["concat-no-inputs"] = model([helper.make_node("Concat", [], ["y"], axis=0)])
cases["optional-input-skipped"] = model([helper.make_node("Clip", ["x", "", "m"], ["y"])],
                                        [numpy_helper.from_array(np.array(1.0, np.float32), "m")])
cases["two-values-field-typed"] = None
w = helper.make_tensor("w", F, [2, 3], [1.0] * 6)
w.int32_data.extend([1] * 6)  # float_data and int32_data
cases["two-values-field-typed"] = model([helper.make_node("Add", ["x", "w"], ["y"])], [w])

cases["duplicate-output"] = model([helper.make_node("Relu", ["x"], ["y"]), helper.make_node("Neg", ["x"], ["y"])])
cases["unsorted"] = model([helper.make_node("Neg", ["t"], ["y"]), helper.make_node("Relu", ["x"], ["t"])])
cases["undefined-input"] = model([helper.make_node("Add", ["x", "nowhere"], ["y"])])
m = model([helper.make_node("Relu", ["x"], ["y"])])
m.ir_version = 0
cases["no-ir-version"] = m
m = model([helper.make_node("Relu", ["x"], ["y"])])
del m.opset_import[:]
cases["no-opset-import"] = m
cases["duplicate-initializer"] = model([helper.make_node("Add", ["x", "w"], ["y"])], [weight(), weight()])

for name, m in cases.items():
    path = os.path.join(out, name + ".onnx")
    with open(path, "wb") as f:
        f.write(m.SerializeToString())
    try:
        onnx.checker.check_model(m, full_check=False)
        msg = ""
    except Exception as e:  # onnx.checker.ValidationError
        msg = str(e).splitlines()[0] or type(e).__name__
    print(json.dumps({"name": name, "file": path, "checker": msg}))
