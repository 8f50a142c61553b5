package qnnser

import (
	"archive/tar"
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/mlc-go/mlc/ir"
)

// Options tune WriteBundle.
type Options struct {
	// ModelName names the files (<m>.cpp, <m>.bin, <m>_net.json,
	// <m>.encodings) and, made a C identifier, the QNN graph; the
	// function's symbol name when empty. It is a file name: no path
	// separators.
	ModelName string
}

// Files are the bundle's file names for a model name, in the order
// WriteBundle returns them.
func Files(model string) []string {
	return []string{model + ".cpp", model + ".bin", model + "_net.json", model + ".encodings"}
}

// Bundle is the four files' contents.
type Bundle struct {
	Model     string
	CPP       []byte
	Bin       []byte
	NetJSON   []byte
	Encodings []byte
}

// Serialize renders fn's four files in memory. Everything is checked
// before anything is rendered: an op or type with no QNN form is one
// positioned error.
func Serialize(fn *ir.Operation, opts Options) (*Bundle, error) {
	g, err := buildGraph(fn)
	if err != nil {
		return nil, err
	}
	model := opts.ModelName
	if model == "" {
		model = g.fnName
	}
	if model == "" || model == "." || model == ".." || strings.ContainsAny(model, "/\\\x00") {
		return nil, fmt.Errorf("qnn: model name %q must be a plain file name", model)
	}
	b := &Bundle{Model: model, CPP: []byte(g.cpp(cName(model)))}
	if b.Bin, err = g.bin(); err != nil {
		return nil, err
	}
	if b.NetJSON, err = g.netJSON(model); err != nil {
		return nil, err
	}
	if b.Encodings, err = g.encodings(); err != nil {
		return nil, err
	}
	return b, nil
}

// WriteBundle writes fn's <m>.cpp, <m>.bin, <m>_net.json and
// <m>.encodings into dir (each atomically: a temporary file renamed into
// place) and returns their names relative to dir. Nothing is written
// when fn has no QNN form.
func WriteBundle(dir string, fn *ir.Operation, opts Options) ([]string, error) {
	b, err := Serialize(fn, opts)
	if err != nil {
		return nil, err
	}
	return b.Write(dir)
}

// Write writes the bundle's files into dir: all four go to temporary
// files first and are renamed into place only when every one is
// complete, so a failure leaves none of them behind.
func (b *Bundle) Write(dir string) ([]string, error) {
	names := Files(b.Model)
	data := [][]byte{b.CPP, b.Bin, b.NetJSON, b.Encodings}
	var temps []string
	cleanup := func() {
		for _, t := range temps {
			os.Remove(t)
		}
	}
	for i := range names {
		f, err := os.CreateTemp(dir, "."+names[i]+".tmp*")
		if err != nil {
			cleanup()
			return nil, err
		}
		temps = append(temps, f.Name())
		_, err = f.Write(data[i])
		if err == nil {
			err = f.Sync()
		}
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err == nil {
			err = os.Chmod(f.Name(), 0o644)
		}
		if err != nil {
			cleanup()
			return nil, fmt.Errorf("%s: %v", filepath.Join(dir, names[i]), err)
		}
	}
	for i, t := range temps {
		if err := os.Rename(t, filepath.Join(dir, names[i])); err != nil {
			cleanup()
			return nil, err
		}
	}
	return names, nil
}

// binEntry is the tar entry name of a static tensor: <name>.raw, which
// qnn-model-lib-generator turns into the BINVARSTART(name) symbol.
func binEntry(name string) string { return name + ".raw" }

// bin renders <m>.bin: a tar of each static tensor's bytes in program
// order, with fixed headers (zero times, uid/gid 0, mode 0644) so two
// runs are byte-identical.
func (g *graph) bin() ([]byte, error) {
	var buf bytes.Buffer
	tw := tar.NewWriter(&buf)
	for _, t := range g.tensors {
		if t.data == nil {
			continue
		}
		h := &tar.Header{Typeflag: tar.TypeReg, Name: binEntry(t.name), Mode: 0o644, Size: int64(len(t.data)),
			ModTime: time.Unix(0, 0), Format: tar.FormatPAX}
		if len(h.Name) < 100 {
			h.Format = tar.FormatUSTAR
		}
		if err := tw.WriteHeader(h); err != nil {
			return nil, err
		}
		if _, err := tw.Write(t.data); err != nil {
			return nil, err
		}
	}
	if err := tw.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// FindFunc is the function to serialize: the func.func named name in
// module, or with name "" the module's only function whose mlc.target
// is a QNN target (qnn-*), else its only function.
func FindFunc(module *ir.Operation, name string) (*ir.Operation, error) {
	if module == nil {
		return nil, fmt.Errorf("no module")
	}
	if module.Name() == "func.func" && (name == "" || ir.SymbolName(module) == name) {
		return module, nil
	}
	var funcs, qnnFuncs []*ir.Operation
	var names []string
	for _, r := range module.Regions() {
		for _, b := range r.Blocks() {
			for _, op := range b.Ops() {
				if op.Name() != "func.func" {
					continue
				}
				funcs = append(funcs, op)
				names = append(names, "@"+ir.SymbolName(op))
				if name != "" && ir.SymbolName(op) == name {
					return op, nil
				}
				if t, ok := op.Attr("mlc.target").(*ir.StringAttr); ok && strings.HasPrefix(t.Value, "qnn") {
					qnnFuncs = append(qnnFuncs, op)
				}
			}
		}
	}
	switch {
	case name != "":
		return nil, fmt.Errorf("no function @%s (functions: %s)", name, strings.Join(names, ", "))
	case len(qnnFuncs) == 1:
		return qnnFuncs[0], nil
	case len(funcs) == 1:
		return funcs[0], nil
	case len(funcs) == 0:
		return nil, fmt.Errorf("the module has no function")
	}
	return nil, fmt.Errorf("the module has %d functions (%s): choose one with --func-name", len(funcs), strings.Join(names, ", "))
}
