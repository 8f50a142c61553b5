package report

import (
	"bytes"
	"cmp"
	"fmt"
	"image/color"
	"math"
	"regexp"
	"slices"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgsvg"
)

// The chart is SVG without embedded fonts: gonum's SVG output is
// byte-for-byte reproducible, and not embedding keeps it small (an
// embedded Liberation face alone is hundreds of kilobytes, never
// subset); viewers draw the text in the named face or a fallback.
var (
	chartWidth  = 9 * vg.Inch
	chartHeight = 4 * vg.Inch
	chartFont   = font.Font{Typeface: "Liberation", Variant: "Sans"}
	// markRadius is a point mark's half size; denser charts (more than
	// denseOps ops) get smaller marks.
	markRadius      = vg.Points(2.5)
	denseMarkRadius = vg.Points(1.5)
	legendGap       = vg.Points(12)
)

const denseOps = 500

// seriesColors tell precisions apart (with shapes, for readers who do
// not tell the colours apart); a precision's colour follows from its
// rank in name order, so the same precisions get the same colours in
// every report.
var seriesColors = []color.RGBA{
	{R: 0x1f, G: 0x77, B: 0xb4, A: 0xff}, // blue
	{R: 0xd6, G: 0x27, B: 0x28, A: 0xff}, // red
	{R: 0x2c, G: 0xa0, B: 0x2c, A: 0xff}, // green
	{R: 0xff, G: 0x7f, B: 0x0e, A: 0xff}, // orange
	{R: 0x94, G: 0x67, B: 0xbd, A: 0xff}, // purple
	{R: 0x8c, G: 0x56, B: 0x4b, A: 0xff}, // brown
	{R: 0xe3, G: 0x77, B: 0xc2, A: 0xff}, // pink
	{R: 0x17, G: 0xbe, B: 0xcf, A: 0xff}, // cyan
}

// seriesShapes are polygons on the unit circle, one per series in turn.
var seriesShapes = [][]vg.Point{
	polygon(4, math.Pi/4),  // square
	polygon(3, math.Pi/2),  // triangle up
	polygon(4, 0),          // diamond
	polygon(3, -math.Pi/2), // triangle down
	polygon(5, math.Pi/2),  // pentagon
	polygon(6, 0),          // hexagon
}

func polygon(n int, start float64) []vg.Point {
	pts := make([]vg.Point, n)
	for i := range pts {
		s, c := math.Sincos(start + 2*math.Pi*float64(i)/float64(n))
		pts[i] = vg.Point{X: vg.Length(c), Y: vg.Length(s)}
	}
	return pts
}

// Chart draws the per-op SQNR chart of b as SVG: ops in program order
// on x, SQNR in dB on y, one mark and colour per precision, and a dashed
// line at each SQNR gate's threshold. Ops without a finite SQNR (not
// measured, or exact) are left out; Chart returns nil when that leaves
// nothing to draw.
func Chart(b *Bundle) ([]byte, error) {
	ch, err := newChart(b)
	if ch == nil || err != nil {
		return nil, err
	}
	c := vgsvg.New(chartWidth, chartHeight)
	ch.draw(draw.New(c))
	var out bytes.Buffer
	if _, err := c.WriteTo(&out); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}

// chart is the plot with its legend, which is drawn to the right of the
// plot rather than over the points.
type chart struct {
	plot   *plot.Plot
	legend plot.Legend
}

// newChart is the chart of b, nil when it has no points.
func newChart(b *Bundle) (*chart, error) {
	series := chartSeries(b.Ops)
	if len(series) == 0 {
		return nil, nil
	}
	p := plot.New()
	p.Title.Text = "Per-op SQNR against the fp32 model"
	p.Title.Padding = vg.Points(6)
	p.X.Label.Text = "op (program order)"
	p.Y.Label.Text = "SQNR (dB)"
	p.Add(plotter.NewGrid())
	p.X.Min, p.X.Max = 1, float64(max(len(b.Ops), 2))
	legend := plot.NewLegend()
	legend.Left, legend.Top = true, true
	setFont(p, &legend)
	radius := markRadius
	if len(b.Ops) > denseOps {
		radius = denseMarkRadius
	}
	for _, s := range series {
		s.radius = radius
		p.Add(s)
		legend.Add(fmt.Sprintf("%s (%d)", orMissing(s.precision), len(s.points)), s)
	}
	for _, t := range sqnrThresholds(b.Gates) {
		line, err := plotter.NewLine(plotter.XYs{{X: p.X.Min, Y: t}, {X: p.X.Max, Y: t}})
		if err != nil {
			return nil, err
		}
		line.Color = color.Black
		line.Dashes = []vg.Length{vg.Points(4), vg.Points(3)}
		line.Width = vg.Points(1)
		p.Add(line)
		legend.Add("gate "+dB(t)+" dB", line)
	}
	return &chart{plot: p, legend: legend}, nil
}

// draw draws the plot on the left of c and the legend in a column on
// its right, at most a third of the width (longer names are cut off).
func (ch *chart) draw(c draw.Canvas) {
	width := ch.legend.Rectangle(c).Size().X + legendGap
	width = min(width, c.Size().X/3)
	ch.plot.Draw(draw.Crop(c, 0, -width, 0, 0))
	col := draw.Crop(c, c.Size().X-width+legendGap/2, 0, 0, 0)
	// Level with the top of the plotting area, below the title.
	col.Max.Y -= ch.plot.Title.TextStyle.Rectangle(ch.plot.Title.Text).Size().Y + ch.plot.Title.Padding
	ch.legend.Draw(col)
}

func setFont(p *plot.Plot, l *plot.Legend) {
	for _, f := range []*font.Font{
		&p.Title.TextStyle.Font, &l.TextStyle.Font,
		&p.X.Label.TextStyle.Font, &p.X.Tick.Label.Font,
		&p.Y.Label.TextStyle.Font, &p.Y.Tick.Label.Font,
	} {
		f.Typeface, f.Variant = chartFont.Typeface, chartFont.Variant
	}
}

// sqnrThresholds are the distinct thresholds of the SQNR gates, in
// increasing order.
func sqnrThresholds(gates []Gate) []float64 {
	var ts []float64
	for _, g := range gates {
		if g.Name == "sqnr_db" && isFinite(g.Threshold) {
			ts = append(ts, g.Threshold)
		}
	}
	slices.Sort(ts)
	return slices.Compact(ts)
}

// chartSeries groups the ops with a finite SQNR by precision, in name
// order; points are (1-based op index, SQNR).
func chartSeries(ops []Op) []*marks {
	byName := map[string]*marks{}
	for i, op := range ops {
		if !isFinite(op.SQNRdB) {
			continue
		}
		s := byName[op.Precision]
		if s == nil {
			s = &marks{precision: op.Precision}
			byName[op.Precision] = s
		}
		s.points = append(s.points, plotter.XY{X: float64(i + 1), Y: op.SQNRdB})
	}
	series := make([]*marks, 0, len(byName))
	for _, s := range byName {
		series = append(series, s)
	}
	slices.SortFunc(series, func(a, b *marks) int { return strings.Compare(a.precision, b.precision) })
	for i, s := range series {
		s.color = seriesColors[i%len(seriesColors)]
		s.shape = seriesShapes[i%len(seriesShapes)]
	}
	return series
}

// marks is one precision's points. Unlike plotter.Scatter, which writes
// one SVG element per point, it fills all its marks as one path, which
// keeps a chart of thousands of ops small.
type marks struct {
	precision string
	points    plotter.XYs
	color     color.Color
	shape     []vg.Point
	radius    vg.Length
}

func (m *marks) path(centres []vg.Point) vg.Path {
	var p vg.Path
	for _, c := range centres {
		for i, v := range m.shape {
			pt := vg.Point{X: c.X + v.X*m.radius, Y: c.Y + v.Y*m.radius}
			if i == 0 {
				p.Move(pt)
			} else {
				p.Line(pt)
			}
		}
		p.Close()
	}
	return p
}

// Plot implements plot.Plotter.
func (m *marks) Plot(c draw.Canvas, p *plot.Plot) {
	trX, trY := p.Transforms(&c)
	centres := make([]vg.Point, len(m.points))
	for i, pt := range m.points {
		centres[i] = vg.Point{X: trX(pt.X), Y: trY(pt.Y)}
	}
	c.SetColor(m.color)
	c.Fill(m.path(centres))
}

// DataRange implements plot.DataRanger.
func (m *marks) DataRange() (xmin, xmax, ymin, ymax float64) {
	return plotter.XYRange(m.points)
}

// GlyphBoxes implements plot.GlyphBoxer, so that marks at the edges are
// not clipped; only the extreme points matter for the padding.
func (m *marks) GlyphBoxes(p *plot.Plot) []plot.GlyphBox {
	r := m.radius
	box := vg.Rectangle{Min: vg.Point{X: -r, Y: -r}, Max: vg.Point{X: r, Y: r}}
	extremes := []plotter.XY{
		slices.MinFunc(m.points, func(a, b plotter.XY) int { return cmp.Compare(a.X, b.X) }),
		slices.MaxFunc(m.points, func(a, b plotter.XY) int { return cmp.Compare(a.X, b.X) }),
		slices.MinFunc(m.points, func(a, b plotter.XY) int { return cmp.Compare(a.Y, b.Y) }),
		slices.MaxFunc(m.points, func(a, b plotter.XY) int { return cmp.Compare(a.Y, b.Y) }),
	}
	boxes := make([]plot.GlyphBox, len(extremes))
	for i, e := range extremes {
		boxes[i] = plot.GlyphBox{X: p.X.Norm(e.X), Y: p.Y.Norm(e.Y), Rectangle: box}
	}
	return boxes
}

// Thumbnail implements plot.Thumbnailer: one mark for the legend.
func (m *marks) Thumbnail(c *draw.Canvas) {
	centre := vg.Point{X: (c.Min.X + c.Max.X) / 2, Y: (c.Min.Y + c.Max.Y) / 2}
	c.SetColor(m.color)
	full := *m
	full.radius = markRadius // legible in the legend however dense the chart
	c.Fill(full.path([]vg.Point{centre}))
}

// inlineSVG readies the chart for inlining in HTML: without the XML
// prolog and comment gonum writes before the <svg> element, and without
// its fixed width and height (in points, which HTML checkers reject), so
// that the page's CSS sizes it and the viewBox keeps its proportions.
func inlineSVG(svg []byte) string {
	s := string(svg)
	if i := strings.Index(s, "<svg"); i >= 0 {
		s = s[i:]
	}
	end := strings.IndexByte(s, '>')
	if end < 0 {
		return s
	}
	return svgSize.ReplaceAllString(s[:end], "") + s[end:]
}

var svgSize = regexp.MustCompile(`\s(width|height)="[^"]*"`)
