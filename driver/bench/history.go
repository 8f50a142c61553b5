package bench

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"html/template"
	"image/color"
	"math"
	"sort"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
)

// Series is one job's metric over revisions.
type Series struct {
	Model, Target string
	// Values[i] is the median over runs at Revisions[i] of the History;
	// NaN where the job has no ok run at that revision.
	Values []float64
}

// History is a metric across revisions, in the order revisions first
// appear in the results (a results file is appended to as revisions are
// measured).
type History struct {
	Metric    string
	Revisions []string
	Series    []Series
}

// HistoryOf gathers metric from recs, for the jobs whose model and target
// match (empty matches all).
func HistoryOf(recs []Record, metric, model, target string) (*History, error) {
	h := &History{Metric: metric}
	revIndex := map[string]int{}
	type jobKey struct{ model, target string }
	samples := map[jobKey]map[int][]float64{}
	for i := range recs {
		r := &recs[i]
		if (model != "" && r.Model != model) || (target != "" && r.Target != target) {
			continue
		}
		ri, ok := revIndex[r.Revision]
		if !ok {
			ri = len(h.Revisions)
			revIndex[r.Revision] = ri
			h.Revisions = append(h.Revisions, r.Revision)
		}
		if r.Status != StatusOK {
			continue
		}
		v, ok := flatMetrics(r)[metric]
		if !ok {
			continue
		}
		k := jobKey{r.Model, r.Target}
		if samples[k] == nil {
			samples[k] = map[int][]float64{}
		}
		samples[k][ri] = append(samples[k][ri], v)
	}
	if len(samples) == 0 {
		return nil, fmt.Errorf("no ok record has metric %q for model %q and target %q", metric, model, target)
	}
	var keys []jobKey
	for k := range samples {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		if keys[i].model != keys[j].model {
			return keys[i].model < keys[j].model
		}
		return keys[i].target < keys[j].target
	})
	for _, k := range keys {
		s := Series{Model: k.model, Target: k.target, Values: make([]float64, len(h.Revisions))}
		for i := range s.Values {
			s.Values[i] = math.NaN()
			if xs := samples[k][i]; len(xs) > 0 {
				s.Values[i] = median(xs)
			}
		}
		h.Series = append(h.Series, s)
	}
	return h, nil
}

var historyColors = []color.RGBA{
	{R: 0x1f, G: 0x77, B: 0xb4, A: 0xff}, {R: 0xd6, G: 0x27, B: 0x28, A: 0xff},
	{R: 0x2c, G: 0xa0, B: 0x2c, A: 0xff}, {R: 0xff, G: 0x7f, B: 0x0e, A: 0xff},
	{R: 0x94, G: 0x67, B: 0xbd, A: 0xff}, {R: 0x8c, G: 0x56, B: 0x4b, A: 0xff},
	{R: 0xe3, G: 0x77, B: 0xc2, A: 0xff}, {R: 0x17, G: 0xbe, B: 0xcf, A: 0xff},
}

// PNG draws the history: revisions on x (labelled by their first 8
// characters), the metric on y, one line per job.
func (h *History) PNG() ([]byte, error) {
	p := plot.New()
	p.Title.Text = h.Metric + " across revisions"
	p.X.Label.Text = "revision"
	p.Y.Label.Text = h.Metric
	if spec := SpecFor(h.Metric); spec.Unit != "" {
		p.Y.Label.Text += " (" + spec.Unit + ")"
	}
	var ticks []plot.Tick
	for i, r := range h.Revisions {
		ticks = append(ticks, plot.Tick{Value: float64(i), Label: shortRev(r)})
	}
	p.X.Tick.Marker = plot.ConstantTicks(ticks)
	p.X.Min, p.X.Max = -0.5, float64(len(h.Revisions))-0.5
	p.Legend.Top = true
	for i, s := range h.Series {
		var pts plotter.XYs
		for x, v := range s.Values {
			if !math.IsNaN(v) && !math.IsInf(v, 0) {
				pts = append(pts, plotter.XY{X: float64(x), Y: v})
			}
		}
		if len(pts) == 0 {
			continue
		}
		line, points, err := plotter.NewLinePoints(pts)
		if err != nil {
			return nil, err
		}
		c := historyColors[i%len(historyColors)]
		line.Color, points.Color = c, c
		points.Shape = draw.CircleGlyph{}
		p.Add(line, points)
		p.Legend.Add(s.Model+" / "+s.Target, line, points)
	}
	width := vg.Length(math.Max(6, math.Min(16, 1+0.6*float64(len(h.Revisions))))) * vg.Inch
	c := vgimg.New(width, 4*vg.Inch)
	p.Draw(draw.New(c))
	var buf bytes.Buffer
	if _, err := (vgimg.PngCanvas{Canvas: c}).WriteTo(&buf); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

func shortRev(r string) string {
	if r == "" {
		return "(none)"
	}
	if len(r) > 8 {
		return r[:8]
	}
	return r
}

var historyPage = template.Must(template.New("history").Funcs(template.FuncMap{
	"num": func(v float64) string {
		if math.IsNaN(v) {
			return "—"
		}
		return fmt.Sprintf("%.4g", v)
	},
}).Parse(`<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>{{.H.Metric}} across revisions</title>
<style>body{font-family:sans-serif;margin:2em}table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:2px 8px;text-align:right}th:first-child,td:first-child{text-align:left}img{max-width:100%}</style>
</head><body>
<h1>{{.H.Metric}} across revisions</h1>
<p><img alt="{{.H.Metric}} across revisions" src="data:image/png;base64,{{.PNG}}"></p>
<table><tr><th>job</th>{{range .H.Revisions}}<th><code>{{.}}</code></th>{{end}}</tr>
{{range .H.Series}}<tr><td>{{.Model}} / {{.Target}}</td>{{range .Values}}<td>{{num .}}</td>{{end}}</tr>
{{end}}</table>
</body></html>
`))

// HTML is a self-contained page with the chart (png, as PNG() draws it)
// and the figures as a table.
func (h *History) HTML(png []byte) ([]byte, error) {
	var buf bytes.Buffer
	err := historyPage.Execute(&buf, struct {
		H   *History
		PNG string
	}{h, base64.StdEncoding.EncodeToString(png)})
	return buf.Bytes(), err
}
