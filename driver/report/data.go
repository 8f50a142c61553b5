// Package report writes a compiled bundle's human-readable reports
// (report.md and report.html, with a per-layer SQNR chart) from the
// figures `mlc compile` gathered. It renders; it measures nothing.
package report

// Bundle is everything one target's report shows. Every slice is in a
// fixed order (program order for ops, declaration order for outputs and
// partitions) so that the same compile writes the same bytes.
type Bundle struct {
	Model        string // the model file's base name
	ModelSHA256  string
	Target       string // the target's name
	TargetSHA256 string
	Compiler     string // version and git revision
	Pipeline     string // the pass pipeline text that was run
	// Passed is the verdict of every gate together.
	Passed bool
	Gates  []Gate
	// Outputs are the accuracy figures per model output on the
	// evaluation samples, against the fp32 reference.
	Outputs []Output
	// Ops are the quantized model's ops in program order.
	Ops        []Op
	Partitions []Partition
	// Latency is the cost model's estimate.
	Latency Latency
	// Failure names where accuracy was lost when a gate failed; nil when
	// every gate passed.
	Failure *Failure
	// Artefacts are the bundle's files with their sizes and digests.
	Artefacts []Artefact
}

// Gate is one threshold check.
type Gate struct {
	Name      string  // "sqnr_db", "cosine", "max_abs", "top1", "latency_ms"
	Output    string  // the output it was checked on; "" for whole-model gates
	Value     float64 // measured
	Threshold float64
	// AtLeast: Value must be ≥ Threshold (else ≤).
	AtLeast bool
	Passed  bool
}

// Output is one model output's accuracy against fp32.
type Output struct {
	Name   string
	SQNRdB float64
	Cosine float64
	MaxAbs float64
	// Top1 is the share of samples whose arg-max agrees; NaN when the
	// output is not a score vector.
	Top1 float64
}

// Op is one op of the compiled model.
type Op struct {
	Name      string // its location, as the quantize report names it
	Op        string // the op's name, e.g. core.conv2d
	Precision string // e.g. i8, f16, f32
	// SQNRdB of the op's output against the fp32 model's; NaN when not
	// measured.
	SQNRdB    float64
	Partition string // the partition it runs in
	MACs      int64
}

// Partition is one vendor or CPU partition.
type Partition struct {
	Name        string
	Device      string // the target's name or "cpu"
	Ops         int
	MACs        int64
	EstimatedMs float64
	FallbackWhy []string // for CPU partitions: why their ops fell back
}

// Latency is the cost model's estimate.
type Latency struct {
	TotalMs float64
	// BudgetMs is --max-latency-ms; 0 when none was given.
	BudgetMs float64
}

// Failure says where accuracy dropped.
type Failure struct {
	WorstOp     string  // location of the op with the lowest SQNR
	WorstOpSQNR float64 // dB
	// Pass is the first pass after which the bisect saw accuracy drop
	// below the threshold; "" when the bisect found none.
	Pass string
}

// Artefact is one file of the bundle.
type Artefact struct {
	Path   string // relative to the target's directory
	Bytes  int64
	SHA256 string
}
