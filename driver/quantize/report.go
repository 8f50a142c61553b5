package quantize

import (
	"encoding/json"
	"math"
	"strconv"

	"github.com/mlc-go/mlc/dialects/quant"
	lq "github.com/mlc-go/mlc/lowering/quantize"
)

// Report is what Run did, in the shape of `mlc quantize --report`'s JSON.
type Report struct {
	Model  string `json:"model,omitempty"`
	Target string `json:"target"`
	Method string `json:"method"`
	// Percentile is the percentile method's percentile; 0 for others.
	Percentile float64 `json:"percentile,omitempty"`
	// Samples is the number of calibration samples; SearchSamples the
	// first ones mixed precision measures candidates on.
	Samples       int `json:"samples"`
	SearchSamples int `json:"search_samples,omitempty"`
	// OutputSQNR is the quantized model's output SQNR against the fp32
	// model's on the calibration samples (noise and signal summed over
	// the samples, the lowest over the function's results).
	OutputSQNR DB       `json:"output_sqnr_db"`
	Outputs    []Output `json:"outputs"`
	// Int8MACShare is the share of conv and matmul multiply-accumulates
	// the target runs in 8-bit integers (ops at precision i8), in [0, 1];
	// MACs is their total per run.
	Int8MACShare float64 `json:"int8_mac_share"`
	MACs         int64   `json:"macs"`
	// MinSQNR is the budget (--min-sqnr); MetMinSQNR whether OutputSQNR
	// meets it. Both absent without a budget.
	MinSQNR    *float64 `json:"min_sqnr_db,omitempty"`
	MetMinSQNR *bool    `json:"met_min_sqnr,omitempty"`
	// Promoted lists the ops mixed precision gave a costlier precision
	// than the cheapest, in the order they were promoted.
	Promoted []Promotion `json:"promoted"`
	Ops      []Op        `json:"ops"`

	Equalize       *EqualizeSummary `json:"equalize,omitempty"`
	SmoothQuant    *SmoothSummary   `json:"smooth_quant,omitempty"`
	BiasCorrection *BiasSummary     `json:"bias_correction,omitempty"`
	Eval           *Eval            `json:"eval,omitempty"`

	// Timings are the wall seconds of each phase, by name.
	Timings map[string]float64 `json:"timings_s"`
	// InterpreterRuns counts the reference interpreter's runs of a whole
	// function, on every model and sample.
	InterpreterRuns int `json:"interpreter_runs"`
}

// Output is one result of the entry function.
type Output struct {
	Name string `json:"name"`
	SQNR DB     `json:"sqnr_db"`
}

// Op is one op quantize decided a precision for.
type Op struct {
	Name      string `json:"name"` // its location
	Op        string `json:"op"`
	Class     string `json:"class"`
	Precision string `json:"precision"`
	// MACs per run, for conv and matmul.
	MACs     int64      `json:"macs,omitempty"`
	Operands []Encoding `json:"operands"`
	Results  []Encoding `json:"results"`
	// SQNR of the op's output (as its users read it, requantized) against
	// the same op's in the fp32 model, on the calibration samples.
	SQNR *DB `json:"sqnr_db,omitempty"`
	// Sensitivity is mixed precision's measure: the output SQNR with only
	// this op quantized; absent when not measured.
	Sensitivity *DB `json:"sensitivity_db,omitempty"`
}

// Encoding is one operand's or result's encoding; Storage is "" for a
// value read or written in float. Type is the quant type's text for a
// per-tensor encoding (a per-axis one is given by its fields alone).
type Encoding struct {
	Role      string    `json:"role"`
	Type      string    `json:"type,omitempty"`
	Storage   string    `json:"storage,omitempty"`
	Scale     []float64 `json:"scale,omitempty"`
	ZeroPoint []int64   `json:"zero_point,omitempty"`
	Axis      *int      `json:"axis,omitempty"`
}

// Promotion is one op mixed precision moved to a costlier precision.
type Promotion struct {
	Name string `json:"name"`
	Op   string `json:"op"`
	From string `json:"from"`
	To   string `json:"to"`
	// Result is the results' wider precision when only they moved up
	// (the op's MACs stay at To).
	Result      string `json:"result,omitempty"`
	Sensitivity DB     `json:"sensitivity_db"`
}

// EqualizeSummary: cross-layer equalization.
type EqualizeSummary struct {
	Pairs   int `json:"pairs"`
	Skipped int `json:"skipped"`
	Sweeps  int `json:"sweeps"`
}

// SmoothSummary: SmoothQuant.
type SmoothSummary struct {
	Alpha   float64 `json:"alpha"`
	Groups  int     `json:"groups"`
	Skipped int     `json:"skipped"`
}

// BiasSummary: empirical bias correction. Error is, per corrected layer,
// the root mean square over output channels of the mean error the layer
// itself adds on the calibration samples (see bias.go), averaged over the
// layers; Before with the uncorrected biases, After with the final model.
type BiasSummary struct {
	Layers      int `json:"layers"`
	ErrorBefore DB  `json:"mean_error_before"`
	ErrorAfter  DB  `json:"mean_error_after"`
}

// Eval is the evaluation set's figures: the SQNR of the quantized and of
// the fp32 model's outputs against the reference outputs the set holds.
type Eval struct {
	Samples       int `json:"samples"`
	QuantizedSQNR DB  `json:"quantized_sqnr_db"`
	FloatSQNR     DB  `json:"float_sqnr_db"`
}

// DB is a float that encodes in JSON as a number when finite, as the
// strings "inf" and "-inf" when infinite (identical outputs have an SQNR
// of +Inf) and as null for NaN.
type DB float64

func (d DB) MarshalJSON() ([]byte, error) {
	x := float64(d)
	switch {
	case math.IsNaN(x):
		return []byte("null"), nil
	case math.IsInf(x, 1):
		return []byte(`"inf"`), nil
	case math.IsInf(x, -1):
		return []byte(`"-inf"`), nil
	}
	return strconv.AppendFloat(nil, x, 'g', -1, 64), nil
}

func (d *DB) UnmarshalJSON(b []byte) error {
	switch string(b) {
	case "null":
		*d = DB(math.NaN())
		return nil
	case `"inf"`:
		*d = DB(math.Inf(1))
		return nil
	case `"-inf"`:
		*d = DB(math.Inf(-1))
		return nil
	}
	var x float64
	if err := json.Unmarshal(b, &x); err != nil {
		return err
	}
	*d = DB(x)
	return nil
}

func dbPtr(x float64) *DB { d := DB(x); return &d }

// encodingOf describes one quantize.Encoding.
func encodingOf(e lq.Encoding) Encoding {
	out := Encoding{Role: e.Role}
	if e.Type == nil {
		return out
	}
	out.Storage = lq.StorageName(e.Type)
	switch q := e.Type.(type) {
	case *quant.UniformType:
		out.Type = q.String()
		out.Scale, out.ZeroPoint = []float64{q.Scale}, []int64{q.ZeroPoint}
	case *quant.UniformPerAxisType:
		out.Scale, out.ZeroPoint = q.Scales, q.ZeroPoints
		axis := q.Axis
		out.Axis = &axis
	}
	return out
}
