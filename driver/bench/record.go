// Package bench is `mlc-bench`'s library: the results schema (one JSON
// line per model × target × run), reading and writing results files,
// sharding the matrix, merging shards, and comparing two results files
// with noise-aware verdicts.
package bench

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"sort"
)

// SchemaVersion is the version of Record's JSON form. Readers refuse other
// versions: a field that changed meaning must not be compared silently.
const SchemaVersion = 1

// Record is one job's result: one model compiled for one target, once.
type Record struct {
	Schema int `json:"schema"`
	// Revision is the compiler's git revision; Machine names the host
	// (CPU model and core count); Load is the 1, 5 and 15 minute load
	// average when the job started.
	Revision string     `json:"revision"`
	Machine  string     `json:"machine"`
	Load     [3]float64 `json:"load"`

	Model  string `json:"model"`
	Target string `json:"target"`
	// Key names the job by content (model bytes, target file, compiler
	// revision, flags): equal keys give equal deterministic results.
	Key string `json:"key"`
	// Run is the repetition, from 0.
	Run int `json:"run"`
	// Status is "ok" or "failed"; Error says why a job failed.
	Status string `json:"status"`
	Error  string `json:"error,omitempty"`

	Stages []Stage `json:"stages,omitempty"`
	// Metrics are the job's figures by name (see Metrics for the known
	// ones and how each is compared).
	Metrics map[string]float64 `json:"metrics,omitempty"`
	// Artefacts maps each bundle file to its sha256.
	Artefacts map[string]string `json:"artefacts,omitempty"`
}

// Stage is one compile stage's cost.
type Stage struct {
	Name     string  `json:"name"` // import, decompose, quantize, lower, serialize
	Seconds  float64 `json:"seconds"`
	PeakRSS  int64   `json:"peak_rss_bytes"`
	OpsAfter int     `json:"ops_after"`
}

const (
	StatusOK     = "ok"
	StatusFailed = "failed"
)

// Validate checks the fields a comparison relies on.
func (r *Record) Validate() error {
	switch {
	case r.Schema != SchemaVersion:
		return fmt.Errorf("schema version %d, this mlc-bench reads version %d", r.Schema, SchemaVersion)
	case r.Model == "" || r.Target == "":
		return errors.New("a record needs a model and a target")
	case r.Status != StatusOK && r.Status != StatusFailed:
		return fmt.Errorf("status %q is neither %q nor %q", r.Status, StatusOK, StatusFailed)
	case r.Run < 0:
		return fmt.Errorf("run %d is negative", r.Run)
	}
	for name, v := range r.Metrics {
		if math.IsNaN(v) {
			return fmt.Errorf("metric %s is NaN", name)
		}
	}
	return nil
}

// ReadFile reads a results file; see Read.
func ReadFile(path string) ([]Record, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	recs, err := Read(f)
	if err != nil {
		return nil, fmt.Errorf("%s:%w", path, err)
	}
	return recs, nil
}

// maxLine bounds one record's line, so a corrupt file cannot make the
// reader allocate without limit.
const maxLine = 16 << 20

// Read reads JSON lines of Records. Errors are positioned ("LINE:COL:
// error: ..." after the caller's file name) and name the schema version
// when it is another one. Blank lines are skipped.
func Read(r io.Reader) ([]Record, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), maxLine)
	var recs []Record
	for line := 1; sc.Scan(); line++ {
		text := bytes.TrimSpace(sc.Bytes())
		if len(text) == 0 {
			continue
		}
		dec := json.NewDecoder(bytes.NewReader(text))
		dec.DisallowUnknownFields()
		var rec Record
		if err := dec.Decode(&rec); err != nil {
			// An unknown field most often means another schema: say so
			// when the line carries a version.
			var probe struct {
				Schema *int `json:"schema"`
			}
			if json.Unmarshal(text, &probe) == nil && probe.Schema != nil && *probe.Schema != SchemaVersion {
				return nil, fmt.Errorf("%d:1: error: schema version %d, this mlc-bench reads version %d", line, *probe.Schema, SchemaVersion)
			}
			return nil, fmt.Errorf("%d:%d: error: %v", line, jsonColumn(err), err)
		}
		if err := rec.Validate(); err != nil {
			return nil, fmt.Errorf("%d:1: error: %v", line, err)
		}
		recs = append(recs, rec)
	}
	if err := sc.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			return nil, fmt.Errorf("%d:1: error: a line is longer than %d bytes", len(recs)+1, maxLine)
		}
		return nil, fmt.Errorf("0:0: error: %v", err)
	}
	return recs, nil
}

// jsonColumn is the 1-based column of a decoding error, 1 when unknown.
func jsonColumn(err error) int64 {
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	switch {
	case errors.As(err, &se):
		return se.Offset
	case errors.As(err, &te):
		return te.Offset
	}
	return 1
}

// Write writes records as JSON lines in the order given.
func Write(w io.Writer, recs []Record) error {
	bw := bufio.NewWriter(w)
	enc := json.NewEncoder(bw)
	for i := range recs {
		if err := enc.Encode(&recs[i]); err != nil {
			return err
		}
	}
	return bw.Flush()
}

// Sort orders records by model, target, key and run: the matrix order
// every results file is written in, so that shards merged and one run
// give the same file.
func Sort(recs []Record) {
	sort.SliceStable(recs, func(i, j int) bool {
		a, b := &recs[i], &recs[j]
		if a.Model != b.Model {
			return a.Model < b.Model
		}
		if a.Target != b.Target {
			return a.Target < b.Target
		}
		if a.Key != b.Key {
			return a.Key < b.Key
		}
		return a.Run < b.Run
	})
}
