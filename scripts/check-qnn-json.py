#!/usr/bin/python3
"""Validate a QNN <m>_net.json and the <m>.bin beside it (stdlib only).

Checks: every data type code is a QnnTypes.h Qnn_DataType_t this checker
knows; tensor types are APP_WRITE/APP_READ/NATIVE/STATIC; tensor ids are
unique (graph tensors and tensor parameters together); every static
tensor has a <name>.raw entry in the .bin whose size is dims x element
size (4-bit types packed two per byte) and the .bin holds nothing else;
every node input is a graph input, a static tensor or an earlier node's
output; every output is defined once; quantization encodings agree with
the data types (fixed point: a defined scale-offset or axis-scale-offset
encoding with positive scales, offsets that keep zero inside the stored
range for the bit width, one scale/offset per index of the axis; other
types: no encoding); tensor parameter data matches its dims. When
MODEL.encodings (AIMET format) is beside the JSON, every entry must name
a fixed-point tensor (activations: non-static, params: static) with the
tensor's bit width and one entry per scale/offset pair.

Usage: check-qnn-json.py MODEL_net.json [MODEL.bin]
Exit status 0 when valid; otherwise each problem is printed and the
status is 1.
"""

import json
import os
import sys
import tarfile

# Qnn_DataType_t codes: (name, bits, kind) with kind one of int, uint,
# float, sfixed, ufixed, bool.
DATA_TYPES = {
    0x0008: ("INT_8", 8, "int"), 0x0016: ("INT_16", 16, "int"),
    0x0032: ("INT_32", 32, "int"), 0x0064: ("INT_64", 64, "int"),
    0x0108: ("UINT_8", 8, "uint"), 0x0116: ("UINT_16", 16, "uint"),
    0x0132: ("UINT_32", 32, "uint"), 0x0164: ("UINT_64", 64, "uint"),
    0x0216: ("FLOAT_16", 16, "float"), 0x0232: ("FLOAT_32", 32, "float"),
    0x0304: ("SFIXED_POINT_4", 4, "sfixed"), 0x0308: ("SFIXED_POINT_8", 8, "sfixed"),
    0x0316: ("SFIXED_POINT_16", 16, "sfixed"), 0x0332: ("SFIXED_POINT_32", 32, "sfixed"),
    0x0404: ("UFIXED_POINT_4", 4, "ufixed"), 0x0408: ("UFIXED_POINT_8", 8, "ufixed"),
    0x0416: ("UFIXED_POINT_16", 16, "ufixed"), 0x0432: ("UFIXED_POINT_32", 32, "ufixed"),
    0x0508: ("BOOL_8", 8, "bool"),
}
# Scalar parameters may also be strings (the converter's packageName).
SCALAR_ONLY = {0x0608: "STRING"}
TENSOR_TYPES = {0: "APP_WRITE", 1: "APP_READ", 3: "NATIVE", 4: "STATIC"}
DEFINED, UNDEFINED = 1, 0x7FFFFFFF
SCALE_OFFSET, AXIS_SCALE_OFFSET = 0, 1


class Checker:
    def __init__(self):
        self.problems = []

    def fail(self, where, msg):
        self.problems.append("%s: %s" % (where, msg))

    def byte_size(self, code, dims):
        n = 1
        for d in dims:
            n *= d
        bits = DATA_TYPES[code][1]
        if bits == 4:
            return (n + 1) // 2
        return n * bits // 8

    def check_quant(self, where, t):
        code = t["data_type"]
        _, bits, kind = DATA_TYPES[code]
        q = t.get("quant_params")
        fixed = kind in ("sfixed", "ufixed")
        if not isinstance(q, dict):
            if fixed:
                self.fail(where, "a fixed-point tensor needs quant_params")
            return
        definition, encoding = q.get("definition"), q.get("encoding")
        if not fixed:
            if definition == DEFINED:
                self.fail(where, "%s is not fixed point but has a defined encoding" % DATA_TYPES[code][0])
            return
        if definition != DEFINED:
            self.fail(where, "fixed-point %s needs definition 1 (DEFINED), got %r" % (DATA_TYPES[code][0], definition))
            return
        lo, hi = (-(1 << (bits - 1)), (1 << (bits - 1)) - 1) if kind == "sfixed" else (0, (1 << bits) - 1)
        if encoding == SCALE_OFFSET:
            pairs = [q.get("scale_offset")]
        elif encoding == AXIS_SCALE_OFFSET:
            aso = q.get("axis_scale_offset")
            if not isinstance(aso, dict):
                self.fail(where, "encoding 1 needs axis_scale_offset")
                return
            axis, pairs = aso.get("axis"), aso.get("scale_offsets")
            dims = t["dims"]
            if not isinstance(axis, int) or not 0 <= axis < len(dims):
                self.fail(where, "quantization axis %r is out of range for rank %d" % (axis, len(dims)))
                return
            if not isinstance(pairs, list) or len(pairs) != dims[axis]:
                self.fail(where, "axis %d has %d indices but %s scale/offset pairs" % (
                    axis, dims[axis], len(pairs) if isinstance(pairs, list) else "no"))
                return
            if aso.get("num_scale_offsets") != len(pairs):
                self.fail(where, "num_scale_offsets %r differs from %d pairs" % (aso.get("num_scale_offsets"), len(pairs)))
        else:
            self.fail(where, "unknown or unsupported encoding %r" % (encoding,))
            return
        for i, p in enumerate(pairs):
            if not isinstance(p, dict):
                self.fail(where, "scale/offset #%d is not an object" % i)
                continue
            scale, offset = p.get("scale"), p.get("offset")
            if not isinstance(scale, (int, float)) or not scale > 0 or scale == float("inf"):
                self.fail(where, "scale #%d (%r) must be positive and finite" % (i, scale))
            # real = (q + offset) * scale: zero lies in the stored range
            # when -offset does.
            if not isinstance(offset, int) or not lo <= -offset <= hi:
                self.fail(where, "offset #%d (%r) puts zero outside the %d-bit stored range [%d, %d]" % (i, offset, bits, lo, hi))
            bw = p.get("bitwidth")
            if bw is not None and bw != bits:
                self.fail(where, "bitwidth %r differs from the data type's %d" % (bw, bits))

    def check_tensor(self, where, t, statics_needed):
        if not isinstance(t, dict):
            self.fail(where, "not an object")
            return False
        code, dims, typ = t.get("data_type"), t.get("dims"), t.get("type")
        ok = True
        if code not in DATA_TYPES:
            self.fail(where, "unknown data type %r" % (code,))
            ok = False
        if typ not in TENSOR_TYPES:
            self.fail(where, "unknown tensor type %r" % (typ,))
            ok = False
        if not isinstance(dims, list) or not all(isinstance(d, int) and 0 < d < 1 << 32 for d in dims):
            self.fail(where, "dims %r must be positive uint32 values" % (dims,))
            ok = False
        if not isinstance(t.get("id"), int):
            self.fail(where, "id %r is not an integer" % (t.get("id"),))
            ok = False
        if not ok:
            return False
        self.check_quant(where, t)
        if typ == 4 and statics_needed is not None:
            statics_needed[where.split(" ", 1)[1].strip("'")] = self.byte_size(code, dims)
        return True

    def check_param_data(self, where, t):
        dims, data = t.get("dims"), t.get("data")
        flat = []

        def walk(x, depth):
            if depth == len(dims):
                if not isinstance(x, int):
                    raise ValueError("leaf %r is not an integer" % (x,))
                flat.append(x)
                return
            if not isinstance(x, list) or len(x) != dims[depth]:
                raise ValueError("shape does not match dims %r" % (dims,))
            for y in x:
                walk(y, depth + 1)
        try:
            walk(data, 0)
        except ValueError as e:
            self.fail(where, "data: %s" % e)

    def run(self, json_path, bin_path):
        try:
            with open(json_path) as f:
                net = json.load(f)
        except (OSError, ValueError) as e:
            self.fail(json_path, "cannot read JSON: %s" % e)
            return
        graph = net.get("graph") if isinstance(net, dict) else None
        if not isinstance(graph, dict) or not isinstance(graph.get("tensors"), dict) or not isinstance(graph.get("nodes"), dict):
            self.fail(json_path, "needs graph.tensors and graph.nodes objects")
            return
        tensors, nodes = graph["tensors"], graph["nodes"]
        ids = {}
        statics = {}
        valid = {}
        for name, t in tensors.items():
            where = "tensor '%s'" % name
            valid[name] = self.check_tensor(where, t, statics)
            if valid[name]:
                if t["id"] in ids:
                    self.fail(where, "id %d is also tensor '%s''s" % (t["id"], ids[t["id"]]))
                ids[t["id"]] = name
        defined = {n for n, t in tensors.items() if valid.get(n) and t["type"] in (0, 4)}
        produced = set()
        for name, n in nodes.items():
            where = "node '%s'" % name
            if not isinstance(n, dict):
                self.fail(where, "not an object")
                continue
            if not isinstance(n.get("package"), str) or not isinstance(n.get("type"), str):
                self.fail(where, "needs a package and a type")
            for i in n.get("input_names", []):
                if i not in defined:
                    self.fail(where, "input '%s' is not defined before use" % i)
            outs = n.get("output_names")
            if not isinstance(outs, list) or not outs:
                self.fail(where, "needs output_names")
                outs = []
            for o in outs:
                if o not in tensors:
                    self.fail(where, "output '%s' is not in graph.tensors" % o)
                elif valid.get(o) and tensors[o]["type"] not in (1, 3):
                    self.fail(where, "output '%s' must be NATIVE or APP_READ" % o)
                if o in produced or o in defined:
                    self.fail(where, "output '%s' is defined twice" % o)
                produced.add(o)
                defined.add(o)
            for pname, wrap in (n.get("tensor_params") or {}).items():
                if not isinstance(wrap, dict) or len(wrap) != 1:
                    self.fail(where, "tensor parameter '%s' must hold one named tensor" % pname)
                    continue
                for tname, t in wrap.items():
                    pw = "%s parameter '%s'" % (where, pname)
                    if self.check_tensor(pw, t, None):
                        if t["id"] in ids:
                            self.fail(pw, "id %d is also tensor '%s''s" % (t["id"], ids[t["id"]]))
                        ids[t["id"]] = tname
                        self.check_param_data(pw, t)
            for pname, sc in (n.get("scalar_params") or {}).items():
                if not isinstance(sc, dict) or len(sc) != 1:
                    self.fail(where, "scalar parameter '%s' must be {\"<data type>\": value}" % pname)
                    continue
                code = next(iter(sc))
                if not code.isdigit() or (int(code) not in DATA_TYPES and int(code) not in SCALAR_ONLY):
                    self.fail(where, "scalar parameter '%s' has unknown data type %r" % (pname, code))
        for name, t in tensors.items():
            if valid.get(name) and t["type"] in (1, 3) and name not in produced:
                self.fail("tensor '%s'" % name, "is %s but no node produces it" % TENSOR_TYPES[t["type"]])
        self.check_bin(bin_path, statics)
        base = bin_path[:-len(".bin")] if bin_path.endswith(".bin") else bin_path
        if os.path.exists(base + ".encodings"):
            self.check_encodings(base + ".encodings", tensors, valid)

    def check_encodings(self, path, tensors, valid):
        try:
            with open(path) as f:
                enc = json.load(f)
        except (OSError, ValueError) as e:
            self.fail(path, "cannot read JSON: %s" % e)
            return
        if not isinstance(enc, dict):
            self.fail(path, "is not a JSON object")
            return
        for section, static in (("activation_encodings", False), ("param_encodings", True)):
            entries = enc.get(section, {})
            if not isinstance(entries, dict):
                self.fail(path, "%s is not an object" % section)
                continue
            for name, lst in entries.items():
                where = "%s %s '%s'" % (path, section, name)
                t = tensors.get(name)
                if t is None or not valid.get(name):
                    self.fail(where, "names no valid tensor of the graph")
                    continue
                _, bits, kind = DATA_TYPES[t["data_type"]]
                if kind not in ("sfixed", "ufixed"):
                    self.fail(where, "tensor is %s, not fixed point" % DATA_TYPES[t["data_type"]][0])
                    continue
                if (t["type"] == 4) != static:
                    self.fail(where, "a %s tensor belongs in %s" % ("static" if t["type"] == 4 else "non-static",
                                                                      "param_encodings" if t["type"] == 4 else "activation_encodings"))
                q = t.get("quant_params") or {}
                pairs = 1
                if q.get("encoding") == AXIS_SCALE_OFFSET:
                    pairs = len((q.get("axis_scale_offset") or {}).get("scale_offsets") or [])
                if not isinstance(lst, list) or len(lst) != pairs:
                    self.fail(where, "needs %d entries (one per scale/offset pair), got %s" % (
                        pairs, len(lst) if isinstance(lst, list) else "none"))
                    continue
                for i, e in enumerate(lst):
                    if not isinstance(e, dict) or e.get("bitwidth") != bits:
                        self.fail(where, "entry #%d: bitwidth %r differs from the tensor's %d" % (
                            i, e.get("bitwidth") if isinstance(e, dict) else None, bits))

    def check_bin(self, bin_path, statics):
        if not statics and not os.path.exists(bin_path):
            return
        try:
            tar = tarfile.open(bin_path, "r:")
        except (OSError, tarfile.TarError) as e:
            self.fail(bin_path, "cannot read the tar: %s" % e)
            return
        seen = set()
        with tar:
            try:
                members = tar.getmembers()
            except tarfile.TarError as e:
                self.fail(bin_path, "truncated or corrupt tar: %s" % e)
                return
            for m in members:
                where = "%s entry '%s'" % (bin_path, m.name)
                name = m.name[:-4] if m.name.endswith(".raw") else None
                if not m.isfile() or name is None or "/" in m.name or m.name.startswith(".."):
                    self.fail(where, "is not a plain <tensor>.raw file")
                    continue
                if name not in statics:
                    self.fail(where, "is not a static tensor of the graph")
                    continue
                if name in seen:
                    self.fail(where, "appears twice")
                seen.add(name)
                if m.size != statics[name]:
                    self.fail(where, "holds %d bytes; dims x element size is %d" % (m.size, statics[name]))
        for name in statics:
            if name not in seen:
                self.fail(bin_path, "has no entry for static tensor '%s'" % name)


def main(argv):
    if len(argv) not in (2, 3):
        sys.stderr.write(__doc__)
        return 2
    json_path = argv[1]
    if len(argv) == 3:
        bin_path = argv[2]
    else:
        base = json_path[:-len("_net.json")] if json_path.endswith("_net.json") else os.path.splitext(json_path)[0]
        bin_path = base + ".bin"
    c = Checker()
    c.run(json_path, bin_path)
    for p in c.problems:
        print("error: " + p)
    if c.problems:
        return 1
    print("ok: %s" % json_path)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
