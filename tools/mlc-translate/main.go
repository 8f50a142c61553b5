// Command mlc-translate converts between external model formats and mlc
// IR, with mlir-translate's flag spellings:
//
//	mlc-translate --import-onnx model.onnx -o model.mlir
//	mlc-translate --mlir-to-trt-onnx model.mlir -o model.qdq.onnx
//	mlc-translate --mlir-to-qnn model.mlir -o OUTDIR/  (or -o OUTDIR/name)
//	mlc-translate --import-qnn-json OUTDIR/name_net.json -o model.mlir
package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/mlc-go/mlc/dialects/all"
	"github.com/mlc-go/mlc/driver/quantize"
	"github.com/mlc-go/mlc/ir"
	"github.com/mlc-go/mlc/ir/asm"
	"github.com/mlc-go/mlc/rewrite/optmain"
	"github.com/mlc-go/mlc/translate/onnx"
	qnnser "github.com/mlc-go/mlc/translate/qnn"
	trtonnx "github.com/mlc-go/mlc/translate/trt"
)

func main() {
	var importONNX, toTRT, toQNN, importQNN, externalData, listOps bool
	var networkJSON, buildScript string
	var output, funcName string
	var dims, shapes []string
	var print asm.PrintOptions
	code := 0
	cmd := &cobra.Command{
		Use:          "mlc-translate --import-onnx model.onnx [-o out.mlir]",
		Short:        "Translate models into mlc IR",
		Args:         cobra.MaximumNArgs(1),
		SilenceUsage: true,
		// Errors print as LLVM's tools print them, below.
		SilenceErrors: true,
		RunE: func(cmd *cobra.Command, args []string) error {
			if listOps {
				return printOps(os.Stdout)
			}
			if len(args) != 1 {
				return fmt.Errorf("expected one input model")
			}
			chosen := 0
			for _, c := range []bool{importONNX, toTRT, toQNN, importQNN} {
				if c {
					chosen++
				}
			}
			if chosen != 1 {
				return fmt.Errorf("choose one translation (--import-onnx, --mlir-to-trt-onnx, --mlir-to-qnn or --import-qnn-json)")
			}
			if toQNN {
				fn := funcName
				if !cmd.Flags().Changed("func-name") {
					fn = ""
				}
				code = runQNN(args[0], output, fn, os.Stdout, os.Stderr)
				return nil
			}
			if importQNN {
				code = runImportQNN(args[0], output, print, os.Stdout, os.Stderr)
				return nil
			}
			if toTRT {
				fn := funcName
				if !cmd.Flags().Changed("func-name") {
					fn = ""
				}
				code = runTRT(args[0], output, fn, trtonnx.Options{ExternalData: externalData}, networkJSON, buildScript, os.Stderr)
				return nil
			}
			opts := onnx.Options{FuncName: funcName}
			for _, d := range dims {
				if err := opts.AddDim(d); err != nil {
					return err
				}
			}
			for _, d := range shapes {
				if err := opts.AddShape(d); err != nil {
					return err
				}
			}
			code = run(args[0], output, opts, print, os.Stdout, os.Stderr)
			return nil
		},
	}
	f := cmd.Flags()
	f.BoolVar(&importONNX, "import-onnx", false, "import an ONNX model (ModelProto) into the torch dialect")
	f.BoolVar(&toTRT, "mlir-to-trt-onnx", false, "serialize a function of trt dialect ops to QDQ ONNX for TensorRT's parser")
	f.BoolVar(&toQNN, "mlir-to-qnn", false, "serialize a function of qnn dialect ops to QNN converter artefacts: with -o DIR/ or -o DIR/NAME, writes NAME.cpp, NAME.bin, NAME_net.json and NAME.encodings (NAME: the function's)")
	f.BoolVar(&importQNN, "import-qnn-json", false, "import a QNN NAME_net.json (and the NAME.bin beside it) into the qnn dialect")
	f.BoolVar(&externalData, "external-data", false, "--mlir-to-trt-onnx: store weights in OUTPUT.data (automatic above 2 GiB)")
	f.StringVar(&networkJSON, "trt-network-json", "", "--mlir-to-trt-onnx: also write the network description (layers, tensors, precisions, profiles, builder flags) here")
	f.StringVar(&buildScript, "trt-build-script", "", "--mlir-to-trt-onnx: also write the trtexec build script here")
	f.BoolVar(&listOps, "list-onnx-ops", false, "list the ONNX ops the importer supports, with their opsets")
	f.StringVarP(&output, "output", "o", "-", "output file (written atomically)")
	f.StringVar(&funcName, "func-name", "main", "name of the imported function (--mlir-to-trt-onnx, --mlir-to-qnn: the function to export; default the module's only one, or for --mlir-to-qnn its only qnn-* target function)")
	f.StringArrayVar(&dims, "dim", nil, "fix a symbolic input dim: NAME=SIZE (repeatable)")
	f.StringArrayVar(&shapes, "shape", nil, "fix a graph input's shape: NAME=D0xD1x... (repeatable)")
	f.BoolVar(&print.Generic, "mlir-print-op-generic", false, "print every op in generic form")
	f.BoolVar(&print.DebugInfo, "mlir-print-debuginfo", false, "print locations")
	f.BoolVar(&print.LocalScope, "mlir-print-local-scope", false, "print without aliases")
	f.IntVar(&print.ElideElementsAttrsIfLarger, "mlir-elide-elementsattrs-if-larger", 0, "elide dense attributes with more elements than this")
	cmd.SetArgs(optmain.NormalizeArgs(os.Args[1:]))
	if err := cmd.Execute(); err != nil {
		// LLVM's style: the tool's name, then the error.
		fmt.Fprintf(os.Stderr, "mlc-translate: error: %v\n", err)
		os.Exit(1)
	}
	os.Exit(code)
}

// printOps lists the importer's table.
func printOps(w io.Writer) error {
	bw := bufio.NewWriter(w)
	for _, s := range onnx.SupportedOps() {
		note := ""
		switch {
		case s.FromShape:
			note = "  (evaluated at import from static dims)"
		case s.Folded:
			note = "  (constant inputs only: evaluated at import)"
		}
		fmt.Fprintf(bw, "%-22s opset %d-%d%s\n", s.Op, s.From, s.To, note)
	}
	return bw.Flush()
}

// run imports path and prints the module to output ("-": stdout); it
// returns the exit code, with diagnostics on stderr.
func run(path, output string, opts onnx.Options, print asm.PrintOptions, stdout, stderr io.Writer) int {
	ctx := ir.NewContext()
	all.Register(ctx)
	module, err := onnx.ImportPath(ctx, path, opts)
	if err != nil {
		d, ok := err.(*ir.Diagnostic)
		if !ok {
			fmt.Fprintf(stderr, "mlc-translate: error: %v\n", err)
			return 1
		}
		io.WriteString(stderr, (*ir.SourceMgr)(nil).FormatFor("mlc-translate", d))
		return 1
	}
	if output == "" || output == "-" {
		w := bufio.NewWriterSize(stdout, 1<<16)
		if err := asm.Print(w, module, print); err != nil {
			fmt.Fprintf(stderr, "mlc-translate: error: %v\n", err)
			return 1
		}
		if err := w.Flush(); err != nil {
			fmt.Fprintf(stderr, "mlc-translate: error: %v\n", err)
			return 1
		}
		return 0
	}
	if err := asm.WriteFile(output, module, print); err != nil {
		fmt.Fprintf(stderr, "mlc-translate: error: %s: %v\n", output, err)
		return 1
	}
	return 0
}

// runTRT parses the trt IR at path and writes the function's ONNX model
// to output atomically; it returns the exit code.
func runTRT(path, output, funcName string, opts trtonnx.Options, networkJSON, buildScript string, stderr io.Writer) int {
	srcMgr := ir.NewSourceMgr()
	// fail prints a diagnostic with its source line, anything else as
	// "mlc-translate: error: FILE: message".
	fail := func(file string, err error) int {
		if d, ok := err.(*ir.Diagnostic); ok {
			if _, positioned := ir.FileLineCol(d.Loc); positioned {
				asm.NoteCurrentOp(d, false)
				io.WriteString(stderr, srcMgr.FormatFor("mlc-translate", d))
				return 1
			}
		}
		fmt.Fprintf(stderr, "mlc-translate: error: %s: %v\n", file, err)
		return 1
	}
	path, src, err := quantize.ReadSource(path)
	if err != nil {
		fmt.Fprintf(stderr, "mlc-translate: error: %v\n", err)
		return 1
	}
	srcMgr.Add(path, src)
	ctx := ir.NewContext()
	all.Register(ctx)
	module, err := asm.ParseFile(ctx, path, src)
	if err != nil {
		return fail(path, err)
	}
	if err := ir.Verify(module); err != nil {
		return fail(path, err)
	}
	fn, err := trtonnx.FindFunc(module, funcName)
	if err != nil {
		return fail(path, err)
	}
	m, net, err := trtonnx.ExportWithNetwork(fn, opts)
	if err != nil {
		return fail(path, err)
	}
	if err := trtonnx.WriteModel(output, m, opts); err != nil {
		return fail(output, err)
	}
	if networkJSON != "" || buildScript != "" {
		onnxFile := filepath.Base(output)
		if output == "-" {
			onnxFile = "model.qdq.onnx"
		}
		if err := net.WriteFiles(networkJSON, buildScript, onnxFile); err != nil {
			return fail(networkJSON+" "+buildScript, err)
		}
	}
	return 0
}

// loadModule parses and verifies the IR at path ("-": stdin), with
// diagnostics formatted against the source.
func loadModule(path string, stderr io.Writer) (*ir.Operation, func(string, error) int) {
	srcMgr := ir.NewSourceMgr()
	fail := func(file string, err error) int {
		if d, ok := err.(*ir.Diagnostic); ok {
			if _, positioned := ir.FileLineCol(d.Loc); positioned {
				asm.NoteCurrentOp(d, false)
				io.WriteString(stderr, srcMgr.FormatFor("mlc-translate", d))
				return 1
			}
		}
		fmt.Fprintf(stderr, "mlc-translate: error: %s: %v\n", file, err)
		return 1
	}
	var src []byte
	var err error
	if path == "-" {
		src, err = io.ReadAll(os.Stdin)
		path = "<stdin>"
	} else {
		src, err = os.ReadFile(path)
	}
	if err != nil {
		fail(path, err)
		return nil, fail
	}
	srcMgr.Add(path, src)
	ctx := ir.NewContext()
	all.Register(ctx)
	module, err := asm.ParseFile(ctx, path, src)
	if err == nil {
		err = ir.Verify(module)
	}
	if err != nil {
		fail(path, err)
		return nil, fail
	}
	return module, fail
}

// runQNN writes the QNN artefacts of the chosen function: output is a
// directory (ending in '/' or existing) or DIR/NAME; it prints the
// written paths.
func runQNN(path, output, funcName string, stdout, stderr io.Writer) int {
	module, fail := loadModule(path, stderr)
	if module == nil {
		return 1
	}
	fn, err := qnnser.FindFunc(module, funcName)
	if err != nil {
		return fail(path, err)
	}
	dir, model := output, ""
	if output == "" || output == "-" {
		dir = "."
	} else if fi, err := os.Stat(output); (err != nil || !fi.IsDir()) && !strings.HasSuffix(output, "/") {
		dir, model = filepath.Dir(output), filepath.Base(output)
	}
	files, err := qnnser.WriteBundle(dir, fn, qnnser.Options{ModelName: model})
	if err != nil {
		return fail(path, err)
	}
	for _, f := range files {
		fmt.Fprintln(stdout, filepath.Join(dir, f))
	}
	return 0
}

// runImportQNN imports a QNN _net.json and prints the module.
func runImportQNN(path, output string, print asm.PrintOptions, stdout, stderr io.Writer) int {
	srcMgr := ir.NewSourceMgr()
	if src, err := os.ReadFile(path); err == nil {
		srcMgr.Add(path, src)
	}
	ctx := ir.NewContext()
	all.Register(ctx)
	module, err := qnnser.ImportNetJSON(ctx, path)
	if err != nil {
		if d, ok := err.(*ir.Diagnostic); ok {
			if _, positioned := ir.FileLineCol(d.Loc); positioned {
				asm.NoteCurrentOp(d, false)
				io.WriteString(stderr, srcMgr.FormatFor("mlc-translate", d))
				return 1
			}
		}
		fmt.Fprintf(stderr, "mlc-translate: error: %s: %v\n", path, err)
		return 1
	}
	if err := asm.WriteFile(output, module, print); err != nil {
		fmt.Fprintf(stderr, "mlc-translate: error: %s: %v\n", output, err)
		return 1
	}
	return 0
}
