// Package optmain is the driver behind mlc-opt, in the manner of MLIR's
// MlirOptMain: read input, optionally split it, parse, verify, run the
// pipeline, print, and check diagnostics against expectations.
package optmain

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"strings"
	"time"

	"github.com/mlc-go/mlc/ir"
	"github.com/mlc-go/mlc/ir/asm"
	"github.com/mlc-go/mlc/rewrite/pass"
)

// Options are mlir-opt's flags as we support them.
type Options struct {
	// Tool names the program in its own errors ("mlc-opt: error: ...").
	Tool              string
	Input, Output     string
	AllowUnregistered bool
	SplitInputFile    bool
	VerifyDiagnostics bool
	Print             asm.PrintOptions
	NoVerify          bool
	// EmitBytecode writes MLIR bytecode instead of text, at Bytecode's
	// version (mlir-opt's --emit-bytecode, --emit-bytecode-version).
	EmitBytecode bool
	Bytecode     asm.BytecodeOptions
	// Register adds dialects to a fresh context.
	Register func(*ir.Context)
	// Transform runs after parsing and before the pipeline; nil: none.
	Transform func(ctx *ir.Context, module *ir.Operation) error
	// Pipeline is the pass pipeline (from --pass-pipeline and pass flags);
	// nil runs no passes.
	Pipeline *pass.OpPassManager
	// PassConfig carries verify-each, threading and IR printing flags.
	PassConfig pass.Config
	// TuneGC lets Run set the garbage collector's target for the input
	// (see tuneGC); a tool's main sets it, library callers leave the
	// process's setting alone.
	TuneGC bool
}

// largeInput is the input size from which tuneGC lowers the collector's
// target to largeInputGCPercent and sets a memory limit.
const (
	largeInput          = 4 << 20
	largeInputGCPercent = 70
)

// tuneGC, for inputs of 4 MiB or more and unless GOGC or GOMEMLIMIT is
// set (then the runtime's own settings rule), collects garbage when the
// heap has grown by 70% over the live data rather than Go's default 100%
// and sets a soft memory limit for the input's size (see limitMemory). A
// large module's heap is mostly long-lived IR, so the default lets peak
// memory reach about twice the IR; 70% lowers it by about a sixth
// (parse+print of 200k ops: peak RSS 215-230 -> ~200 MB) for a few
// percent more collector work.
func tuneGC(inputSize int) {
	if inputSize < largeInput || os.Getenv("GOGC") != "" || os.Getenv("GOMEMLIMIT") != "" {
		return
	}
	debug.SetGCPercent(largeInputGCPercent)
	limitMemory(memoryFor(int64(inputSize)))
}

// memoryFor is the memory limit for a textual input of n bytes: the IR
// of a textual module is about three times its text (2.9x on both
// benchmarks of docs/perf.md), so this leaves it some room, and a fixed
// 128 MiB covers the rest. Modules of 200k ops stay under it; on
// cse+canonicalize of 1M ops (90 MB of text, a 429 MiB limit) it keeps
// the runtime from holding pages freed after the parse and from letting
// the heap grow to 1.7x the live data, lowering peak RSS by about a sixth
// for ~10% more CPU time.
func memoryFor(n int64) int64 { return 128<<20 + n*7/2 }

// limitMemory sets a soft memory limit of floor bytes, raised after any
// garbage collection to 1.25x what the runtime then holds (all but the
// free pages) when that is more: an input whose IR is larger for its
// text than usual gets room to grow instead of a collector that runs
// back to back to meet the limit.
func limitMemory(floor int64) {
	debug.SetMemoryLimit(floor)
	samples := []metrics.Sample{
		{Name: "/memory/classes/total:bytes"},
		{Name: "/memory/classes/heap/free:bytes"},
		{Name: "/memory/classes/heap/released:bytes"},
	}
	var arm func()
	after := func(struct{}) {
		metrics.Read(samples)
		held := int64(samples[0].Value.Uint64() - samples[1].Value.Uint64() - samples[2].Value.Uint64())
		debug.SetMemoryLimit(max(floor, held+held/4))
		arm()
	}
	arm = func() {
		// A cleanup runs once a collection has found its object
		// unreachable: after each cycle here, each arming the next.
		runtime.AddCleanup(new(gcSentinel), after, struct{}{})
	}
	arm()
}

// gcSentinel is too big to share a memory block with other small objects,
// so the first collection after it is made frees it.
type gcSentinel [64]byte

// Run executes one mlc-opt invocation and returns the exit code.
func Run(opts Options, stdin io.Reader, stdout, stderr io.Writer) int {
	tool := opts.Tool
	if tool == "" {
		tool = "mlc-opt"
	}
	src, release, name, err := readInput(opts.Input, stdin)
	if err != nil {
		fmt.Fprintf(stderr, "%s: error: %v\n", tool, err)
		return 1
	}
	if opts.TuneGC {
		tuneGC(len(src))
	}
	chunks := []asm.Chunk{{Text: src, FirstLine: 1}}
	if opts.SplitInputFile {
		chunks = asm.SplitInput(src)
	}
	srcMgr := ir.NewSourceMgr()
	srcMgr.Add(name, src)
	// Output goes to a temp file first: large modules are not held in
	// memory twice, and nothing is written when the run fails.
	sink, err := newSink(opts.Output)
	if err != nil {
		fmt.Fprintf(stderr, "%s: error: cannot open output file '%s': %v\n", tool, opts.Output, unwrapPathError(err))
		return 1
	}
	defer sink.discard()
	failed := false
	for i, ch := range chunks {
		if i > 0 {
			sink.w.WriteString("// -----\n")
		}
		if !processChunk(opts, name, ch, release, srcMgr, sink.w, stderr) {
			failed = true
		}
	}
	if failed && !opts.VerifyDiagnostics {
		return 1
	}
	if err := sink.commit(stdout); err != nil {
		fmt.Fprintf(stderr, "%s: error: cannot write output file '%s': %v\n", tool, opts.Output, unwrapPathError(err))
		return 1
	}
	if failed {
		return 1
	}
	return 0
}

// sink buffers output in a temp file until the run has succeeded.
type sink struct {
	path string // "" or "-" for stdout
	f    *os.File
	w    *bufio.Writer
}

func newSink(path string) (*sink, error) {
	dir := os.TempDir()
	if path != "" && path != "-" && isRegularOrAbsent(path) {
		dir = filepath.Dir(path) // same file system, so commit can rename
	}
	f, err := os.CreateTemp(dir, ".mlc-opt-out-*")
	if err != nil {
		return nil, err
	}
	return &sink{path: path, f: f, w: bufio.NewWriterSize(f, 1<<16)}, nil
}

func (s *sink) discard() {
	if s.f != nil {
		s.f.Close()
		os.Remove(s.f.Name())
		s.f = nil
	}
}

// commit moves the output to its destination.
func (s *sink) commit(stdout io.Writer) error {
	if err := s.w.Flush(); err != nil {
		return err
	}
	if s.path == "" || s.path == "-" || !isRegularOrAbsent(s.path) {
		if _, err := s.f.Seek(0, io.SeekStart); err != nil {
			return err
		}
		dst := stdout
		if s.path != "" && s.path != "-" {
			f, err := os.OpenFile(s.path, os.O_WRONLY, 0)
			if err != nil {
				return err
			}
			defer f.Close()
			dst = f
		}
		_, err := io.Copy(dst, s.f)
		return err
	}
	name := s.f.Name()
	if err := s.f.Close(); err != nil {
		return err
	}
	s.f = nil
	if err := os.Chmod(name, 0o644); err != nil {
		os.Remove(name)
		return err
	}
	if err := os.Rename(name, s.path); err != nil {
		os.Remove(name)
		return err
	}
	return nil
}

func isRegularOrAbsent(path string) bool {
	fi, err := os.Stat(path)
	return err != nil || fi.Mode().IsRegular()
}

// processChunk parses, transforms and prints one chunk. release, if not
// nil, drops mapped source pages from memory: those the parser has gone
// past while it parses, the rest once it is done. The IR refers only to
// a few names and literals in them, which are read back from the file if
// touched, so the IR grows and passes and printing run without the whole
// file resident (a 1M-op module: 90 MB less).
func processChunk(opts Options, name string, ch asm.Chunk, release func([]byte), srcMgr *ir.SourceMgr, out io.Writer, stderr io.Writer) bool {
	ctx := ir.NewContext()
	ctx.AllowUnregistered = opts.AllowUnregistered
	ctx.SingleThreaded = opts.PassConfig.DisableThreading
	if opts.Register != nil {
		opts.Register(ctx)
	}
	var verifier *asm.DiagVerifier
	hadError := false
	if opts.VerifyDiagnostics {
		verifier = asm.NewDiagVerifier(name, ch)
		ctx.SetDiagnosticHandler(func(d *ir.Diagnostic) {
			verifier.Handle(d)
			for _, n := range d.Notes {
				verifier.Handle(n)
			}
		})
	} else {
		ctx.SetDiagnosticHandler(func(d *ir.Diagnostic) {
			if d.Severity == ir.SeverityError {
				hadError = true
			}
			asm.NoteCurrentOp(d, opts.Print.DebugInfo)
			io.WriteString(stderr, formatDiag(opts.Tool, srcMgr, d))
		})
	}
	var brokenIR string
	var timing *pass.TimingReport
	if opts.PassConfig.Timing {
		timing = pass.NewTimingReport()
		defer timing.Write(stderr)
	}
	phase := time.Now()
	module, err := asm.ParseReleasing(ctx, name, ch.Text, ch.FirstLine, release)
	if release != nil {
		release(ch.Text)
	}
	if err == nil && !opts.NoVerify {
		err = ir.Verify(module)
	}
	if timing != nil {
		timing.Add("Parser", time.Since(phase))
	}
	if err == nil && opts.Transform != nil {
		err = opts.Transform(ctx, module)
	}
	if err == nil && opts.Pipeline != nil {
		cfg := opts.PassConfig
		if cfg.Out == nil {
			cfg.Out = stderr
		}
		cfg.TimingReport = timing
		if perr := opts.Pipeline.Run(module, &cfg); perr != nil {
			var multi interface{ Diagnostics() []*ir.Diagnostic }
			if errors.As(perr, &multi) {
				err = perr
			} else {
				err = passError(module, perr)
			}
			var f *pass.Failure
			if !opts.VerifyDiagnostics && errors.As(perr, &f) && f.Verification {
				// Show the IR the failing pass left, in generic form since
				// it does not verify; printed after the diagnostic.
				brokenIR = asm.String(module, asm.PrintOptions{Generic: true})
			}
		}
	}
	ok := true
	if err != nil {
		ok = false
		defer func() {
			if brokenIR != "" {
				fmt.Fprintf(stderr, "// IR after the failure (generic form, may not verify):\n%s\n", brokenIR)
			}
		}()
		// Some failures (a dialect conversion) carry one diagnostic per
		// offending op; show them all.
		var multi interface{ Diagnostics() []*ir.Diagnostic }
		if errors.As(err, &multi) && len(multi.Diagnostics()) > 0 {
			for _, d := range multi.Diagnostics() {
				ctx.Emit(d)
			}
		} else {
			ctx.Emit(asDiagnostic(err))
		}
	} else {
		phase = time.Now()
		print := func() error { return asm.Print(out, module, opts.Print) }
		if opts.EmitBytecode {
			print = func() error { return asm.WriteBytecode(out, module, opts.Bytecode) }
		}
		if perr := print(); perr != nil {
			ctx.Emit(ir.Errorf(ir.UnknownLoc{}, "printing failed: %v", perr))
			ok = false
		}
		if !opts.Print.LocalScope && !opts.EmitBytecode {
			// mlir-opt's module printer ends a module printed with its
			// aliases with an empty line; local scope does not (nor does
			// bytecode, where a byte more would be a truncated section).
			io.WriteString(out, "\n")
		}
		if timing != nil {
			timing.Add("Output", time.Since(phase))
		}
	}
	if verifier != nil {
		problems := verifier.Finish()
		for _, p := range problems {
			io.WriteString(stderr, srcMgr.Format(p))
		}
		return len(problems) == 0
	}
	return ok && !hadError
}

// formatDiag prints d at its source position, or, when it has no location
// at all, as "tool: error: ..." as LLVM's tools report their own errors.
func formatDiag(tool string, srcMgr *ir.SourceMgr, d *ir.Diagnostic) string {
	if _, unknown := d.Loc.(ir.UnknownLoc); !unknown && d.Loc != nil {
		return srcMgr.Format(d)
	}
	if tool == "" {
		tool = "mlc-opt"
	}
	out := fmt.Sprintf("%s: %s: %s\n", tool, d.Severity, d.Message)
	for _, n := range d.Notes {
		out += srcMgr.Format(n)
	}
	return out
}

// passError turns a pass failure into a diagnostic at the op it ran on.
func passError(module *ir.Operation, err error) *ir.Diagnostic {
	var f *pass.Failure
	if errors.As(err, &f) {
		var d *ir.Diagnostic
		if errors.As(f.Err, &d) {
			return d
		}
		return ir.Errorf(f.Op.Loc, "pass '%s' failed: %v", f.Pass, f.Err)
	}
	return ir.Errorf(module.Loc, "%v", err)
}

func asDiagnostic(err error) *ir.Diagnostic {
	if d, ok := err.(*ir.Diagnostic); ok {
		return d
	}
	return ir.Errorf(ir.UnknownLoc{}, "%s", err.Error())
}

// readInput reads the input; release is as readFile's.
func readInput(path string, stdin io.Reader) (src []byte, release func([]byte), name string, err error) {
	if path == "" || path == "-" {
		b, err := io.ReadAll(stdin)
		return b, nil, "<stdin>", err
	}
	b, release, err := readFile(path)
	if err != nil {
		return nil, nil, path, fmt.Errorf("could not open input file '%s': %v", path, unwrapPathError(err))
	}
	return b, release, path, nil
}

func unwrapPathError(err error) error {
	if pe, ok := err.(*os.PathError); ok {
		return pe.Err
	}
	return err
}

// WriteFileAtomic writes data to path via a temp file and rename (see
// asm.WriteFileFunc; a device or pipe is written directly).
func WriteFileAtomic(path string, data []byte) error {
	return asm.WriteFileFunc(path, func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	})
}

// NormalizeArgs rewrites LLVM-style single-dash long flags (-split-input-file)
// into the double-dash form cobra expects.
func NormalizeArgs(args []string) []string {
	out := make([]string, len(args))
	for i, a := range args {
		if len(a) > 2 && a[0] == '-' && a[1] != '-' && !strings.HasPrefix(a, "-o") && !strings.HasPrefix(a, "-p=") {
			a = "-" + a
		}
		out[i] = a
	}
	return out
}

// LoadReproducer reads the pipeline and flags a crash reproducer recorded.
func LoadReproducer(path string) (string, pass.Config, error) {
	src, err := os.ReadFile(path)
	if err != nil {
		return "", pass.Config{}, err
	}
	res, err := asm.ReadExternalResources(path, src)
	if err != nil {
		return "", pass.Config{}, err
	}
	r, ok := res["mlc_reproducer"]
	if !ok || r["pipeline"] == "" {
		return "", pass.Config{}, fmt.Errorf("%s: no mlc_reproducer entry with a pipeline in its external_resources", path)
	}
	return r["pipeline"], pass.Config{DisableThreading: r["disable_threading"] == "true", VerifyEach: r["verify_each"] == "true"}, nil
}
