// Package costcheck compares the cost model's estimates with the
// published latencies in the target files: for each reference latency that
// names an exported model, it imports the model (build/onnx-models/<name>,
// from scripts/export-torch-models.py), lowers it to core, estimates it on
// the target in the reference's precision, and reports both figures.
package costcheck

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/mlc-go/mlc/dialects/all"
	"github.com/mlc-go/mlc/ir"
	"github.com/mlc-go/mlc/lowering/cost"
	"github.com/mlc-go/mlc/lowering/decompose"
	"github.com/mlc-go/mlc/lowering/target"
	"github.com/mlc-go/mlc/translate/onnx"
)

// Row is one reference latency and its estimate.
type Row struct {
	Target    string
	Ref       target.RefLatency
	Estimate  *cost.Report // nil when not estimated
	Published float64      // ms
	Estimated float64      // ms; 0 when not estimated
	// Skipped says why a reference was not estimated: it names no
	// exported model.
	Skipped string
}

// Ratio is how far apart the figures are (max of both quotients), or +Inf.
func (r *Row) Ratio() float64 { return cost.Ratio(r.Estimated, r.Published) }

// Report is the check over a set of targets.
type Report struct{ Rows []Row }

// MissingModelError is an exported model the check needs and the models
// directory lacks.
type MissingModelError struct{ Path, Model string }

func (e *MissingModelError) Error() string {
	return fmt.Sprintf("%s: exported model '%s' is missing (scripts/export-torch-models.py exports it; `make models`)", e.Path, e.Model)
}

// Run estimates every reference latency of the targets. A reference that
// names an exported model the directory lacks is an error (a
// *MissingModelError), never a silent skip.
func Run(modelsDir string, targets []*target.Target) (*Report, error) {
	rep := &Report{}
	modules := map[string]*ir.Operation{}
	for _, t := range targets {
		var m *cost.Model
		for _, l := range t.Latencies {
			row := Row{Target: t.Name, Ref: l, Published: l.Latency.Value}
			if l.ExportedModel == "" {
				row.Skipped = "no exported model"
				rep.Rows = append(rep.Rows, row)
				continue
			}
			var err error
			if m == nil {
				if m, err = cost.New(t); err != nil {
					return nil, err
				}
			}
			module, ok := modules[l.ExportedModel]
			if !ok {
				if module, err = load(modelsDir, l.ExportedModel); err != nil {
					return nil, err
				}
				modules[l.ExportedModel] = module
			}
			fn := mainFunc(module)
			if fn == nil {
				return nil, fmt.Errorf("%s: no function to estimate", l.ExportedModel)
			}
			est, err := cost.Estimate(m, fn, cost.Options{AsIf: l.Precision, Boundary: true})
			if err != nil {
				return nil, fmt.Errorf("%s on %s: %w", l.ExportedModel, t.Name, err)
			}
			row.Estimate, row.Estimated = est, cost.Ms(est.Total)
			rep.Rows = append(rep.Rows, row)
		}
	}
	return rep, nil
}

// load imports an exported model and lowers it to core.
func load(dir, name string) (*ir.Operation, error) {
	path := filepath.Join(dir, name, "model.onnx")
	if _, err := os.Stat(path); errors.Is(err, os.ErrNotExist) {
		return nil, &MissingModelError{Path: path, Model: name}
	}
	ctx := ir.NewContext()
	all.Register(ctx)
	module, err := onnx.ImportFile(ctx, path, onnx.Options{})
	if err != nil {
		return nil, err
	}
	if err := decompose.TorchToCore(module); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return module, nil
}

// mainFunc is the module's first function with a body.
func mainFunc(module *ir.Operation) *ir.Operation {
	var fn *ir.Operation
	ir.Walk(module, func(o *ir.Operation) {
		if fn == nil && o.Name() == "func.func" && o.NumRegions() > 0 && len(o.Region(0).Blocks()) > 0 {
			fn = o
		}
	})
	return fn
}

// Table is the report as a Markdown table (docs/perf.md keeps it).
func (r *Report) Table() string {
	var b strings.Builder
	b.WriteString("| Model | Target | Device | Precision | Published ms | Estimated ms | Ratio | Layers | GMACs |\n")
	b.WriteString("|---|---|---|---|---|---|---|---|---|\n")
	for i := range r.Rows {
		row := &r.Rows[i]
		name := row.Ref.ExportedModel
		if name == "" {
			name = row.Ref.Model
		}
		if row.Estimate == nil {
			fmt.Fprintf(&b, "| %s | %s | %s | %s | %.3f | not estimated: %s | | | |\n", name, row.Target, row.Ref.Device,
				row.Ref.Precision, row.Published, row.Skipped)
			continue
		}
		fmt.Fprintf(&b, "| %s | %s | %s | %s | %.3f | %.3f | %.2f | %d | %.2f |\n", name, row.Target, row.Ref.Device,
			row.Ref.Precision, row.Published, row.Estimated, row.Ratio(), row.Estimate.Layers, float64(row.Estimate.MACs())/1e9)
	}
	return b.String()
}
