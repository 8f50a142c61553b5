package calibrate

import (
	"strings"

	"github.com/mlc-go/mlc/interp"
	"github.com/mlc-go/mlc/ir"
	"github.com/mlc-go/mlc/lowering/quantize/observe"
	"github.com/mlc-go/mlc/rewrite/pass"
)

// Pass is calibrate.
var Pass = pass.Register(&pass.Pass{
	Name:    "calibrate",
	Summary: "Calibrate",
	Doc: "Runs the reference interpreter on every sample of the calibration directory `data` " +
		"(folders test_data_set_<k> holding input_<i>.pb TensorProtos or <input name>.npy files, as ONNX's " +
		"test data) and records, for every float value of the entry function (its arguments and every op's " +
		"float results, in called functions too), the clipping range the chosen observer gives for the " +
		"storage `bits`/`signed`/`symmetric`: `mlc.calib = [array<f64: lo, hi>, ...]` on an op (one entry per " +
		"result, `array<f64>` for a result not observed) and `mlc.calib = array<f64: lo, hi>` on an argument. " +
		"Methods: minmax; percentile (of |x|, or of both tails when not symmetric); entropy (TensorRT's KL " +
		"divergence over a 2048-bin histogram of |x|, exact zeros left out; the mse range for a value with fewer nonzero samples than `entropy-min-samples`, too few for the divergence); mse (the range of least quantization error). Fails, " +
		"changing nothing, on an empty directory, a set missing an input, a file of the wrong shape or element " +
		"type, a NaN or Inf sample (naming the file and the element), or a file outside the directory.",
	Options: []pass.Option{
		pass.StringOpt("data", "", "the calibration data directory (required)"),
		pass.EnumOpt("method", string(observe.MinMax), observe.Methods(), "the observer"),
		pass.FloatOpt("percentile", observe.DefaultPercentile, "the percentile method's percentile, in (0, 100]"),
		pass.IntOpt("entropy-min-samples", observe.DefaultEntropyMinSamples, "the entropy method's fewest nonzero samples per value (the mse range below)"),
		pass.IntOpt("bits", 8, "the storage's bit width (2 to 16)"),
		pass.BoolOpt("signed", true, "signed storage integers"),
		pass.BoolOpt("symmetric", true, "a symmetric range [-t, t] (zero point at the middle)"),
		pass.StringOpt("function", "main", "the entry function"),
	},
	OpName: "builtin.module",
	// It only adds mlc.calib attributes; quantize reads them.
	Changes: pass.NoEffects,
	// Ranges are of the equalized and smoothed activations, and quantize
	// reads them.
	After:  []string{"cross-layer-equalize", "smooth-quant"},
	Before: []string{"quantize"},
	Run: func(module *ir.Operation, opts pass.Options, pc *pass.Context) error {
		cfg := Options{
			Function: opts.Text("function"),
			Observer: observe.Config{
				Method:            observe.Method(opts.Text("method")),
				Percentile:        opts.Float("percentile"),
				EntropyMinSamples: int64(max(opts.Int("entropy-min-samples"), 1)),
				Storage:           observe.Storage{Bits: opts.Int("bits"), Signed: opts.Bool("signed"), Symmetric: opts.Bool("symmetric")},
			},
		}
		fn, err := interp.LookupFunc(module, cfg.Function)
		if err != nil {
			return err
		}
		dir := opts.Text("data")
		if strings.TrimSpace(dir) == "" {
			return ir.Errorf(fn.Loc, "calibrate needs the calibration data directory: calibrate{data=DIR}")
		}
		if err := cfg.Observer.Validate(); err != nil {
			return ir.Errorf(fn.Loc, "calibrate: %v", err)
		}
		data, err := LoadDataset(dir, fn)
		if err != nil {
			return ir.Errorf(fn.Loc, "%v", err)
		}
		rep, err := Calibrate(module, data, cfg)
		if err != nil {
			if _, ok := err.(*ir.Diagnostic); ok {
				return err
			}
			return ir.Errorf(fn.Loc, "calibrate: %v", err)
		}
		pc.Add("num-samples", "Number of calibration samples run", int64(rep.Samples))
		pc.Add("num-values", "Number of values given a range", int64(len(rep.Values)))
		return nil
	},
})

// ChannelsPass is calibrate-channels (channels.go says why it is not an
// option of calibrate).
var ChannelsPass = pass.Register(&pass.Pass{
	Name:    "calibrate-channels",
	Summary: "CalibrateChannels",
	Doc: "Runs the reference interpreter on every sample of the calibration directory `data` (the layout " +
		"calibrate reads) and records, on every core.matmul whose right operand is a constant weight (or a [1, 0] " +
		"transpose of one), the max |x| of each input channel of its left operand (the contraction dimension, " +
		"its last) over all samples: `mlc.act_absmax = array<f64: ...>`, one entry per channel. smooth-quant " +
		"reads it. A matmul whose activation was never computed loses a stale entry. Fails, changing nothing, " +
		"on the data errors calibrate reports.",
	Options: []pass.Option{
		pass.StringOpt("data", "", "the calibration data directory (required)"),
		pass.StringOpt("function", "main", "the entry function"),
	},
	OpName: "builtin.module",
	// It only adds mlc.act_absmax attributes.
	Changes: pass.NoEffects,
	// Statistics of the equalized activations, read by smooth-quant.
	After:  []string{"cross-layer-equalize"},
	Before: []string{"smooth-quant", "quantize"},
	Run: func(module *ir.Operation, opts pass.Options, pc *pass.Context) error {
		name := opts.Text("function")
		fn, err := interp.LookupFunc(module, name)
		if err != nil {
			return err
		}
		dir := opts.Text("data")
		if strings.TrimSpace(dir) == "" {
			return ir.Errorf(fn.Loc, "calibrate-channels needs the calibration data directory: calibrate-channels{data=DIR}")
		}
		data, err := LoadDataset(dir, fn)
		if err != nil {
			return ir.Errorf(fn.Loc, "%v", err)
		}
		rep, err := ChannelAbsMax(module, data, ChannelOptions{Function: name})
		if err != nil {
			if _, ok := err.(*ir.Diagnostic); ok {
				return err
			}
			return ir.Errorf(fn.Loc, "calibrate-channels: %v", err)
		}
		pc.Add("num-samples", "Number of calibration samples run", int64(rep.Samples))
		pc.Add("num-matmuls", "Matmuls given per-channel activation maxima", int64(len(rep.Matmuls)))
		pc.Add("num-unobserved", "Matmuls whose activation was never computed", int64(len(rep.Unobserved)))
		return nil
	},
})
