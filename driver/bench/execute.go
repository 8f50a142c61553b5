package bench

import (
	"context"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/mlc-go/mlc/driver/compile"
	"github.com/mlc-go/mlc/driver/conformance"
	"github.com/mlc-go/mlc/ir"
	"github.com/mlc-go/mlc/lowering/quantize/observe"
	"github.com/mlc-go/mlc/lowering/target"
)

// Execute runs one job in this process and measures it; the process
// should run nothing else (mlc-bench runs each job in a child of its
// own). A compile whose gates fail is still a measured, ok record (its
// figures say how far it missed); an error makes a failure record.
func Execute(ctx context.Context, spec JobSpec, scratch string) Record {
	rec := Record{Schema: SchemaVersion, Model: spec.Model, Target: spec.Target, Key: spec.Key, Run: spec.Run}
	var err error
	switch spec.Kind {
	case KindCompile:
		err = executeCompile(ctx, spec, scratch, &rec)
	case KindNodeTests:
		err = executeNodeTests(spec, &rec)
	default:
		err = fmt.Errorf("unknown job kind %q", spec.Kind)
	}
	if err != nil {
		rec.Status, rec.Error, rec.Metrics, rec.Stages, rec.Artefacts = StatusFailed, err.Error(), nil, nil, nil
	} else {
		rec.Status = StatusOK
	}
	return rec
}

// stageClock measures the stages of one process: wall time since the
// previous stage, and the peak resident memory since then (Linux resets
// the peak through /proc/self/clear_refs; elsewhere the peak is the
// process's so far).
type stageClock struct {
	last   time.Time
	stages []Stage
}

func newStageClock() *stageClock {
	resetPeakRSS()
	return &stageClock{last: time.Now()}
}

func (c *stageClock) done(name string, module *ir.Operation) {
	now := time.Now()
	s := Stage{Name: name, Seconds: now.Sub(c.last).Seconds(), PeakRSS: peakRSS()}
	if module != nil {
		ir.Walk(module, func(*ir.Operation) { s.OpsAfter++ })
	}
	c.stages = append(c.stages, s)
	resetPeakRSS()
	c.last = time.Now() // counting ops is the benchmark's, not the stage's
}

func executeCompile(ctx context.Context, spec JobSpec, scratch string, rec *Record) error {
	var t *target.Target
	var err error
	if spec.TargetFile != "" {
		t, err = target.LoadFile(spec.TargetFile)
	} else {
		t, err = target.Load(spec.Target)
	}
	if err != nil {
		return err
	}
	opts := compile.Options{Model: spec.ModelPath, Targets: []*target.Target{t}, Calib: spec.CalibDir,
		Eval: spec.EvalDir, Out: filepath.Join(scratch, "bundle"), Force: true}
	if err := applyFlags(&opts, spec.Flags); err != nil {
		return err
	}
	clock := newStageClock()
	opts.StageDone = func(_, stage string, m *ir.Operation) { clock.done(stage, m) }
	start := time.Now()
	res, err := compile.Compile(ctx, opts)
	elapsed := time.Since(start)
	var gate *compile.GateError
	if err != nil && !errors.As(err, &gate) {
		return err
	}
	defer os.RemoveAll(opts.Out)
	rec.Stages = clock.stages
	m := map[string]float64{"compile_seconds": elapsed.Seconds()}
	var peak int64
	for _, s := range clock.stages {
		peak = max(peak, s.PeakRSS)
	}
	m["peak_rss_bytes"] = float64(peak)
	tr := res.Targets[0]
	b := tr.Bundle
	m["gates_passed"] = 0
	if tr.Passed {
		m["gates_passed"] = 1
	}
	sqnr, cosine, top1 := math.Inf(1), math.Inf(1), math.Inf(1)
	for _, o := range b.Outputs {
		sqnr, cosine = math.Min(sqnr, o.SQNRdB), math.Min(cosine, o.Cosine)
		if !math.IsNaN(o.Top1) {
			top1 = math.Min(top1, o.Top1)
		}
	}
	for name, v := range map[string]float64{"sqnr_db": sqnr, "cosine": cosine, "top1": top1} {
		// JSON has no infinities: an exact output (infinite SQNR) is
		// left out rather than misreported.
		if !math.IsInf(v, 0) && !math.IsNaN(v) {
			m[name] = v
		}
	}
	if lat := b.Latency.TotalMs; !math.IsNaN(lat) && !math.IsInf(lat, 0) && lat > 0 {
		m["latency_ms"] = lat
	}
	var onTarget, all int
	for _, p := range b.Partitions {
		all += p.Ops
		if p.Device != "cpu" {
			onTarget += p.Ops
		}
	}
	if all > 0 {
		m["coverage"] = float64(onTarget) / float64(all)
	}
	var size int64
	rec.Artefacts = map[string]string{}
	for _, a := range b.Artefacts {
		size += a.Bytes
		rec.Artefacts[a.Path] = a.SHA256
	}
	m["bundle_bytes"] = float64(size)
	rec.Metrics = m
	return nil
}

// applyFlags reads the compile flags a zoo run passes to every job
// (part of the job key): --min-sqnr DB, --method M, --mixed-precision,
// --min-block-size N, --require-full.
func applyFlags(opts *compile.Options, flags []string) error {
	for i := 0; i < len(flags); i++ {
		name, value, hasValue := strings.Cut(flags[i], "=")
		next := func() (string, error) {
			if hasValue {
				return value, nil
			}
			if i+1 >= len(flags) {
				return "", fmt.Errorf("flag %s needs a value", name)
			}
			i++
			return flags[i], nil
		}
		switch name {
		case "--min-sqnr":
			v, err := next()
			if err != nil {
				return err
			}
			f, err := strconv.ParseFloat(v, 64)
			if err != nil {
				return fmt.Errorf("--min-sqnr %q: %v", v, err)
			}
			opts.Thresholds.MinSQNR = &f
		case "--method":
			v, err := next()
			if err != nil {
				return err
			}
			if opts.Method, err = observe.ParseMethod(v); err != nil {
				return err
			}
		case "--mixed-precision":
			opts.MixedPrecision = true
		case "--require-full":
			opts.RequireFull = true
		case "--min-block-size":
			v, err := next()
			if err != nil {
				return err
			}
			n, err := strconv.Atoi(v)
			if err != nil || n < 1 {
				return fmt.Errorf("--min-block-size %q: want a positive whole number", v)
			}
			opts.MinBlockSize = n
		default:
			return fmt.Errorf("compile flag %q is not one a benchmark passes on (--min-sqnr, --method, --mixed-precision, --min-block-size, --require-full)", flags[i])
		}
	}
	return nil
}

func executeNodeTests(spec JobSpec, rec *Record) error {
	clock := newStageClock()
	start := time.Now()
	r, err := conformance.Run(spec.ModelPath, conformance.ONNXConfig())
	if err != nil {
		return err
	}
	clock.done("conformance", nil)
	rec.Stages = clock.stages
	rec.Metrics = map[string]float64{
		"compile_seconds":        time.Since(start).Seconds(),
		"peak_rss_bytes":         float64(clock.stages[0].PeakRSS),
		"node_tests_passed":      float64(r.Total.Passed),
		"node_tests_failed":      float64(r.Total.Failed),
		"node_tests_unsupported": float64(r.Total.Unsupported),
	}
	return nil
}

// peakRSS is VmHWM from /proc/self/status, in bytes; 0 when unknown.
func peakRSS() int64 {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			kb, _ := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")), 10, 64)
			return kb << 10
		}
	}
	return 0
}

// resetPeakRSS starts a new peak (Linux: writing 5 to clear_refs resets
// VmHWM to the current RSS).
func resetPeakRSS() { _ = os.WriteFile("/proc/self/clear_refs", []byte("5"), 0) }
