package compile

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	function "github.com/mlc-go/mlc/dialects/func"
	"github.com/mlc-go/mlc/driver/calibrate"
	"github.com/mlc-go/mlc/ir"
	"github.com/mlc-go/mlc/ir/asm"
	"github.com/mlc-go/mlc/lowering/partition"
	"github.com/mlc-go/mlc/lowering/target"
	trtonnx "github.com/mlc-go/mlc/translate/trt"
)

// Serializer writes the artefacts of one vendor partition (a func.func in
// the backend's dialect) into dir, which exists and is empty, and returns
// the files it wrote (relative to dir, or absolute paths inside it).
type Serializer func(dir string, fn *ir.Operation, opts SerializeOptions) ([]string, error)

// SerializeOptions are what a serializer may need besides the function.
type SerializeOptions struct {
	Target *target.Target
	// ModelName names the network: the model file's base name without
	// its extension, or that and the partition's name when the model has
	// several partitions.
	ModelName string
}

// Serializers maps a target file's backend to the serializer of its
// vendor partitions. A backend's row may live in a file of its own that
// adds itself in init.
var Serializers = map[string]Serializer{
	"tensorrt": serializeTRT,
}

// HostFile is the host program a bundle holds when the model has CPU
// fallback partitions or several vendor partitions: the lowered module
// with each vendor partition reduced to a declaration that names the
// directory of its artefacts (ArtefactAttr).
const HostFile = "host.mlir"

// ArtefactAttr, on a vendor partition's declaration in host.mlir, names
// the directory (relative to the bundle's) holding its artefacts.
const ArtefactAttr = "mlc.artefact"

// checkSerializer fails for a target whose backend has no serializer.
func checkSerializer(t *target.Target) error {
	if _, ok := Serializers[t.Backend]; !ok {
		return fmt.Errorf("target %s is for backend '%s', which has no serializer (serializers: %s)",
			t.Name, t.Backend, strings.Join(sortedKeys(Serializers), ", "))
	}
	return nil
}

// serializeTRT writes model.qdq.onnx (with model.qdq.onnx.data when the
// weights pass protobuf's 2 GiB limit), network.json and build.sh.
func serializeTRT(dir string, fn *ir.Operation, opts SerializeOptions) ([]string, error) {
	const onnxFile = "model.qdq.onnx"
	o := trtonnx.Options{GraphName: opts.ModelName, ProducerVersion: Version()}
	model, net, err := trtonnx.ExportWithNetwork(fn, o)
	if err != nil {
		return nil, err
	}
	path := filepath.Join(dir, onnxFile)
	if err := trtonnx.WriteModel(path, model, o); err != nil {
		return nil, err
	}
	files := []string{onnxFile}
	if _, err := os.Stat(path + ".data"); err == nil {
		files = append(files, onnxFile+".data")
	}
	if err := net.WriteFiles(filepath.Join(dir, "network.json"), filepath.Join(dir, "build.sh"), onnxFile); err != nil {
		return nil, err
	}
	return append(files, "network.json", "build.sh"), nil
}

// serialize writes the artefacts of the lowered module into dir: with
// one vendor partition and nothing on the CPU, that partition's files;
// otherwise host.mlir and each vendor partition's files in a directory
// named after it. It returns every file written, relative to dir.
func serialize(dir string, module *ir.Operation, t *target.Target, fnName, modelName string) ([]string, error) {
	ser := Serializers[t.Backend]
	host, err := findFunc(module, fnName)
	if err != nil {
		return nil, err
	}
	var vendor []*ir.Operation
	cpu := 0
	for _, op := range module.Region(0).Front().Ops() {
		if op.Name() != "func.func" || op == host {
			continue
		}
		switch s, _ := op.Attr(partition.TargetAttr).(*ir.StringAttr); {
		case s == nil:
		case s.Value == t.Name:
			vendor = append(vendor, op)
		case s.Value == partition.CPU:
			cpu++
		}
	}
	if len(vendor) == 0 {
		return nil, fmt.Errorf("no op of @%s runs on %s: every op fell back to the CPU", fnName, t.Name)
	}
	opts := SerializeOptions{Target: t, ModelName: modelName}
	if len(vendor) == 1 && cpu == 0 {
		fn := named(host, vendor[0])
		files, err := ser(dir, fn, opts)
		if err != nil {
			return nil, err
		}
		return relative(dir, files)
	}
	var all []string
	for _, fn := range vendor {
		name := ir.SymbolName(fn)
		sub := filepath.Join(dir, name)
		if err := os.MkdirAll(sub, 0o755); err != nil {
			return nil, err
		}
		o := opts
		o.ModelName = modelName + "_" + name
		files, err := ser(sub, named(host, fn), o)
		if err != nil {
			return nil, err
		}
		rel, err := relative(sub, files)
		if err != nil {
			return nil, err
		}
		for _, f := range rel {
			all = append(all, filepath.Join(name, f))
		}
	}
	if err := writeHost(filepath.Join(dir, HostFile), module, vendor); err != nil {
		return nil, err
	}
	return append(all, HostFile), nil
}

// relative makes the serializer's paths relative to dir, refusing any
// outside it.
func relative(dir string, files []string) ([]string, error) {
	out := make([]string, len(files))
	for i, f := range files {
		if filepath.IsAbs(f) {
			r, err := filepath.Rel(dir, f)
			if err != nil || strings.HasPrefix(r, "..") {
				return nil, fmt.Errorf("a serializer wrote %s, outside its directory %s", f, dir)
			}
			f = r
		}
		if !filepath.IsLocal(f) {
			return nil, fmt.Errorf("a serializer wrote %s, outside its directory", f)
		}
		out[i] = f
	}
	return out, nil
}

// findFunc is the function called name in module.
func findFunc(module *ir.Operation, name string) (*ir.Operation, error) {
	for _, op := range module.Region(0).Front().Ops() {
		if op.Name() == "func.func" && ir.SymbolName(op) == name {
			return op, nil
		}
	}
	return nil, fmt.Errorf("no function @%s in the lowered module", name)
}

// named is a clone of the partition fn whose arguments and results carry
// the names of the host's inputs and outputs they are (the model's names
// in the vendor file), else <partition>_in<i> / <partition>_out<i>.
func named(host, fn *ir.Operation) *ir.Operation {
	name := ir.SymbolName(fn)
	ft := function.FunctionType(fn)
	args := make([]string, len(ft.Inputs))
	results := make([]string, len(ft.Results))
	for i := range args {
		args[i] = fmt.Sprintf("%s_in%d", name, i)
	}
	for i := range results {
		results[i] = fmt.Sprintf("%s_out%d", name, i)
	}
	hostArgs, hostResults := function.ArgNames(host), function.ResultNames(host)
	body := host.Region(0).Front()
	ret := body.Terminator()
	for _, op := range body.Ops() {
		if op.Name() != "func.call" {
			continue
		}
		callee, _ := op.InherentAttr("callee").(*ir.SymbolRefAttr)
		if callee == nil || callee.Root != name {
			continue
		}
		for i, v := range op.Operands() {
			if v.IsBlockArgument() && v.OwnerBlock() == body && i < len(args) {
				args[i] = hostArgs[v.ArgNumber()]
			}
		}
		for i, r := range op.Results() {
			for k, v := range ret.Operands() {
				if v == r && i < len(results) {
					results[i] = hostResults[k]
				}
			}
		}
		break
	}
	clone := fn.Ctx().Clone(fn, nil)
	setNames(clone, "arg_attrs", args)
	setNames(clone, "res_attrs", results)
	return clone
}

// setNames sets mlc.name on every argument or result (attr is arg_attrs
// or res_attrs), keeping their other attributes.
func setNames(fn *ir.Operation, attr string, names []string) {
	ctx := fn.Ctx()
	old, _ := fn.InherentAttr(attr).(*ir.ArrayAttr)
	dicts := make([]ir.Attribute, len(names))
	for i, n := range names {
		var entries []ir.NamedAttr
		if old != nil && i < len(old.Elems) {
			if d, ok := old.Elems[i].(*ir.DictionaryAttr); ok {
				for _, e := range d.Entries {
					if e.Name != function.NameAttr {
						entries = append(entries, e)
					}
				}
			}
		}
		entries = append(entries, ir.NamedAttr{Name: function.NameAttr, Value: ctx.StringAttr(n)})
		dicts[i] = ctx.DictionaryAttr(entries)
	}
	var props []ir.NamedAttr
	if fn.Props != nil {
		for _, e := range fn.Props.Entries {
			if e.Name != attr {
				props = append(props, e)
			}
		}
	}
	fn.Props = ctx.DictionaryAttr(append(props, ir.NamedAttr{Name: attr, Value: ctx.ArrayAttr(dicts)}))
}

// writeHost writes the lowered module with each vendor partition's body
// dropped and its artefact directory named on it.
func writeHost(path string, module *ir.Operation, vendor []*ir.Operation) error {
	ctx := module.Ctx()
	clone := ctx.Clone(module, nil)
	drop := map[string]bool{}
	for _, fn := range vendor {
		drop[ir.SymbolName(fn)] = true
	}
	for _, op := range clone.Region(0).Front().Ops() {
		name := ir.SymbolName(op)
		if op.Name() != "func.func" || !drop[name] {
			continue
		}
		r := op.Region(0)
		for _, b := range append([]*ir.Block(nil), r.Blocks()...) {
			for _, o := range append([]*ir.Operation(nil), b.Ops()...) {
				o.DropAllReferences()
			}
			r.RemoveBlock(b)
		}
		op.SetAttr(ArtefactAttr, ctx.StringAttr(name))
	}
	dropCalibration(clone)
	if err := ir.Verify(clone); err != nil {
		return fmt.Errorf("the host program does not verify: %v", err)
	}
	return asm.WriteFile(path, clone, asm.PrintOptions{})
}

// dropCalibration removes the calibration ranges (mlc.calib) from every
// op and function argument: quantization has consumed them.
func dropCalibration(module *ir.Operation) {
	ctx := module.Ctx()
	ir.Walk(module, func(op *ir.Operation) {
		op.RemoveAttr(calibrate.Attr)
		args, ok := op.InherentAttr("arg_attrs").(*ir.ArrayAttr)
		if op.Name() != "func.func" || !ok {
			return
		}
		dicts := make([]ir.Attribute, len(args.Elems))
		for i, a := range args.Elems {
			dicts[i] = a
			if d, ok := a.(*ir.DictionaryAttr); ok {
				var kept []ir.NamedAttr
				for _, e := range d.Entries {
					if e.Name != calibrate.Attr {
						kept = append(kept, e)
					}
				}
				dicts[i] = ctx.DictionaryAttr(kept)
			}
		}
		var props []ir.NamedAttr
		for _, e := range op.Props.Entries {
			if e.Name != "arg_attrs" {
				props = append(props, e)
			}
		}
		op.Props = ctx.DictionaryAttr(append(props, ir.NamedAttr{Name: "arg_attrs", Value: ctx.ArrayAttr(dicts)}))
	})
}
