package report

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"io"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mlc-go/mlc/internal/testutil"
)

// small is a bundle that failed its SQNR gate, with a CPU fallback
// partition and a few unmeasured and exact ops.
func small() *Bundle {
	nan := math.NaN()
	return &Bundle{
		Model:        "tiny_cnn.onnx",
		ModelSHA256:  "3f1c0a9e5d2b7c4e8f6a1b3c5d7e9f0a2b4c6d8e0f1a3b5c7d9e1f2a4b6c8d0e",
		Target:       "trt-orin",
		TargetSHA256: "9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c4d3e2f1a0b9c8d7e6f5a4b3c2d1e0f9a8b",
		Compiler:     "mlc v0.9.0 (git 51a9bcb)",
		Pipeline:     "builtin.module(decompose{target=trt-orin}, quantize{calib=calib}, legalize-trt, partition)",
		Passed:       false,
		Gates: []Gate{
			{Name: "sqnr_db", Output: "logits", Value: 27.514, Threshold: 30, AtLeast: true, Passed: false},
			{Name: "cosine", Output: "logits", Value: 0.9987654, Threshold: 0.99, AtLeast: true, Passed: true},
			{Name: "max_abs", Output: "logits", Value: 0.0123456, Threshold: 0.5, Passed: true},
			{Name: "top1", Output: "logits", Value: 0.96875, Threshold: 0.95, AtLeast: true, Passed: true},
			{Name: "latency_ms", Value: 1.2345, Threshold: 5, Passed: true},
		},
		Outputs: []Output{
			{Name: "logits", SQNRdB: 27.514, Cosine: 0.9987654, MaxAbs: 0.0123456, Top1: 0.96875},
			{Name: "features", SQNRdB: 31.25, Cosine: 0.999, MaxAbs: 1.5e-5, Top1: nan},
		},
		Ops: []Op{
			{Name: "input_q", Op: "core.quantize", Precision: "i8", SQNRdB: 48.1, Partition: "trt0"},
			{Name: "conv1", Op: "core.conv2d", Precision: "i8", SQNRdB: 38.7, Partition: "trt0", MACs: 1769472},
			{Name: "relu1", Op: "core.relu", Precision: "i8", SQNRdB: 38.7, Partition: "trt0"},
			{Name: "conv2", Op: "core.conv2d", Precision: "f16", SQNRdB: 55.02, Partition: "trt0", MACs: 37748736},
			{Name: "topk", Op: "core.topk", Precision: "f32", SQNRdB: math.Inf(1), Partition: "cpu0"},
			{Name: "pool", Op: "core.avg_pool2d", Precision: "i8", SQNRdB: 33.9, Partition: "trt1", MACs: 65536},
			{Name: "fc", Op: "core.matmul", Precision: "i8", SQNRdB: 27.514, Partition: "trt1", MACs: 655360},
			{Name: "softmax", Op: "core.softmax", Precision: "f32", SQNRdB: nan, Partition: "trt1"},
		},
		Partitions: []Partition{
			{Name: "trt0", Device: "trt-orin", Ops: 4, MACs: 39518208, EstimatedMs: 0.9},
			{Name: "cpu0", Device: "cpu", Ops: 1, EstimatedMs: 0.2345, FallbackWhy: []string{"core.topk: no TensorRT layer for k > 3840", "dynamic k"}},
			{Name: "trt1", Device: "trt-orin", Ops: 3, MACs: 720896, EstimatedMs: 0.1},
		},
		Latency: Latency{TotalMs: 1.2345, BudgetMs: 5},
		Failure: &Failure{WorstOp: "fc", WorstOpSQNR: 27.514, Pass: "quantize"},
		Artefacts: []Artefact{
			{Path: "model.qdq.onnx", Bytes: 1234567, SHA256: "aa11bb22cc33dd44ee55ff6600778899aabbccddeeff00112233445566778899"},
			{Path: "network.json", Bytes: 4321, SHA256: "00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff"},
			{Path: "build.sh", Bytes: 210, SHA256: "ffeeddccbbaa99887766554433221100ffeeddccbbaa99887766554433221100"},
		},
	}
}

func TestGolden(t *testing.T) {
	files, err := Render(small())
	require.NoError(t, err)
	assert.Equal(t, []string{MarkdownFile, HTMLFile, ChartFile}, Files(small()))
	for _, name := range Files(small()) {
		testutil.Golden(t, filepath.Join("testdata", "small."+name+".golden"), string(files[name]))
	}
}

// large is a model of n ops: long names, four precisions, a partition
// per thousand ops.
func large(n int) *Bundle {
	b := small()
	b.Ops = nil
	precisions := []string{"i8", "i8", "i8", "f16", "i16", "f32"}
	for i := range n {
		b.Ops = append(b.Ops, Op{
			Name:      fmt.Sprintf("/model/layers.%d/mlp/fc%d/MatMul", i/7, i%7),
			Op:        "core.matmul",
			Precision: precisions[i%len(precisions)],
			SQNRdB:    40 - 12*float64(i)/float64(n) + 5*math.Sin(float64(i)*0.37),
			Partition: fmt.Sprintf("trt%d", i/1000),
			MACs:      int64(i) * 1000,
		})
	}
	b.Partitions = nil
	for p := 0; p*1000 < n; p++ {
		b.Partitions = append(b.Partitions, Partition{Name: fmt.Sprintf("trt%d", p), Device: "trt-orin", Ops: min(1000, n-p*1000), EstimatedMs: 0.5})
	}
	return b
}

// hostile names everything with markup, cell separators, code fences and
// line breaks.
func hostile() *Bundle {
	evil := func(s string) string {
		return "<script>alert('" + s + "')</script>|a`b``c\nd\r\n&amp;*x*_y_[z](http://e.test)"
	}
	b := small()
	b.Model, b.Target, b.Compiler = evil("model"), evil("target"), evil("compiler")
	b.Pipeline = "builtin.module(\n```\n</pre><script>x()</script>)"
	for i := range b.Gates {
		b.Gates[i].Output = evil("gate")
	}
	for i := range b.Outputs {
		b.Outputs[i].Name = evil("output")
	}
	for i := range b.Ops {
		b.Ops[i].Name = evil("op")
		b.Ops[i].Partition = "`" + b.Ops[i].Partition + " "
	}
	b.Ops[2].Precision = evil("precision")
	b.Partitions[1].FallbackWhy = []string{evil("why"), `back\slash \| pipe`}
	b.Failure.WorstOp, b.Failure.Pass = evil("worst"), evil("pass")
	b.Artefacts[0].Path = evil("path")
	return b
}

func TestDeterministic(t *testing.T) {
	for name, b := range map[string]func() *Bundle{
		"small": small, "hostile": hostile, "large": func() *Bundle { return large(3000) },
	} {
		first, err := Render(b())
		require.NoError(t, err)
		for range 3 {
			again, err := Render(b())
			require.NoError(t, err)
			for file, data := range first {
				assert.True(t, bytes.Equal(data, again[file]), "%s: %s differs between two renders", name, file)
			}
		}
		c1, err := Chart(b())
		require.NoError(t, err)
		c2, err := Chart(b())
		require.NoError(t, err)
		assert.True(t, bytes.Equal(c1, c2), "%s: the chart differs between two renders", name)
		assert.Equal(t, c1, first[ChartFile])
	}
}

// splitRow splits a GitHub table row into its cells, as GitHub does:
// at each pipe that no backslash escapes, dropping the backslash of the
// escaped ones.
func splitRow(line string) []string {
	require := strings.HasPrefix(line, "|") && strings.HasSuffix(line, "|")
	if !require {
		return nil
	}
	var cells []string
	var cell strings.Builder
	for i := 1; i < len(line); i++ {
		switch {
		case line[i] == '\\' && i+1 < len(line) && line[i+1] == '|':
			cell.WriteByte('|')
			i++
		case line[i] == '|':
			cells = append(cells, strings.TrimSpace(cell.String()))
			cell.Reset()
		default:
			cell.WriteByte(line[i])
		}
	}
	return cells
}

// codeSpan is the text of a cell that is one code span, as CommonMark
// reads it; ok is false when the cell is not one code span.
func codeSpan(cell string) (text string, ok bool) {
	n := 0
	for n < len(cell) && cell[n] == '`' {
		n++
	}
	fence := cell[:n]
	if n == 0 || len(cell) < 2*n || !strings.HasSuffix(cell, fence) || cell[len(cell)-n-1] == '`' {
		return "", false
	}
	text = cell[n : len(cell)-n]
	if strings.Contains(text, fence) && longestRun(text, '`') == n {
		return "", false
	}
	if len(text) >= 2 && text[0] == ' ' && text[len(text)-1] == ' ' && strings.Trim(text, " ") != "" {
		text = text[1 : len(text)-1]
	}
	return text, true
}

// tables returns the rows (as cells) of every table in md, checking that
// each row has as many cells as its header.
func tables(t *testing.T, md string) [][][]string {
	t.Helper()
	var all [][][]string
	var cur [][]string
	lines := strings.Split(md, "\n")
	for i, line := range lines {
		if !strings.HasPrefix(line, "|") {
			if cur != nil {
				// Text right under a table would read as one more row.
				require.Empty(t, line, "line %d follows a table without a blank line", i+1)
				all = append(all, cur)
				cur = nil
			}
			continue
		}
		if cur == nil && i > 0 {
			require.Empty(t, lines[i-1], "line %d starts a table without a blank line before it", i+1)
		}
		cells := splitRow(line)
		require.NotNil(t, cells, "line %d is not a table row: %q", i+1, line)
		if cur != nil {
			require.Len(t, cells, len(cur[0]), "line %d has %d cells, its header %d: %q", i+1, len(cells), len(cur[0]), line)
		}
		cur = append(cur, cells)
	}
	if cur != nil {
		all = append(all, cur)
	}
	return all
}

func TestMarkdownTablesHoldHostileNames(t *testing.T) {
	b := hostile()
	files, err := Render(b)
	require.NoError(t, err)
	md := string(files[MarkdownFile])
	all := tables(t, md)
	require.NotEmpty(t, all)
	flat := func(s string) string { return strings.NewReplacer("\r\n", " ", "\n", " ").Replace(s) }
	// Every cell that starts with a backtick is one code span, and the
	// hostile names come back from them intact (line breaks as spaces).
	found := map[string]bool{}
	for _, table := range all {
		for _, row := range table {
			for _, cell := range row {
				if !strings.HasPrefix(cell, "`") {
					continue
				}
				text, ok := codeSpan(cell)
				require.True(t, ok, "cell %q is not one code span", cell)
				found[text] = true
			}
		}
	}
	for _, name := range []string{b.Model, b.Target, b.Compiler, b.Ops[0].Name, b.Ops[0].Partition, b.Ops[2].Precision, b.Failure.Pass, b.Artefacts[0].Path} {
		assert.True(t, found[flat(name)], "no cell shows %q", flat(name))
	}
	// Free text is escaped: no raw markup outside code spans.
	assert.Contains(t, md, `\<script\>alert('why')\</script\>`)
	assert.Contains(t, md, `back\\slash \\\| pipe`)
	assert.NotContains(t, md, "\r")
	// The pipeline's fence is longer than the backticks inside it.
	assert.Contains(t, md, "````\n"+b.Pipeline+"\n````")
}

// checkHTML checks that html is well formed (every element closed, as
// XML), self-contained and free of script.
func checkHTML(t *testing.T, html []byte) {
	t.Helper()
	require.True(t, utf8.Valid(html))
	d := xml.NewDecoder(bytes.NewReader(html))
	d.Strict = true
	depth := 0
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		require.NoError(t, err, "report.html is not well formed")
		switch tok := tok.(type) {
		case xml.StartElement:
			depth++
			name := strings.ToLower(tok.Name.Local)
			assert.NotContains(t, []string{"script", "link", "iframe", "object", "embed", "img"}, name, "report.html has a <%s>", name)
			for _, a := range tok.Attr {
				attr := strings.ToLower(a.Name.Local)
				assert.False(t, strings.HasPrefix(attr, "on"), "event handler attribute %s", attr)
				if attr == "href" || attr == "src" {
					assert.True(t, strings.HasPrefix(a.Value, "#"), "%s=%q reaches outside the report", attr, a.Value)
				}
			}
		case xml.EndElement:
			depth--
		}
	}
	assert.Zero(t, depth)
	assert.NotContains(t, string(html), "url(")
	assert.NotContains(t, string(html), "@import")
}

func TestHTMLEscapedAndSelfContained(t *testing.T) {
	for name, b := range map[string]*Bundle{"small": small(), "hostile": hostile(), "empty": {}} {
		t.Run(name, func(t *testing.T) {
			files, err := Render(b)
			require.NoError(t, err)
			checkHTML(t, files[HTMLFile])
		})
	}
	files, err := Render(hostile())
	require.NoError(t, err)
	html := string(files[HTMLFile])
	assert.NotContains(t, html, "<script>")
	assert.Contains(t, html, "&lt;script&gt;alert(&#39;op&#39;)&lt;/script&gt;")
	assert.Contains(t, html, "&lt;/pre&gt;&lt;script&gt;x()&lt;/script&gt;")
	// The chart's legend names the hostile precision, escaped.
	assert.Contains(t, string(files[ChartFile]), "&lt;script&gt;alert(&#39;precision&#39;)")
}

func TestEmptyBundle(t *testing.T) {
	b := &Bundle{}
	assert.Equal(t, []string{MarkdownFile, HTMLFile}, Files(b))
	chart, err := Chart(b)
	require.NoError(t, err)
	assert.Nil(t, chart)
	files, err := Render(b)
	require.NoError(t, err)
	assert.NotContains(t, files, ChartFile)
	md := string(files[MarkdownFile])
	tables(t, md)
	assert.Contains(t, md, "**Verdict: FAILED** — no gates were checked.")
	assert.Contains(t, md, "No op has a measured SQNR.")
	assert.NotContains(t, md, "sqnr.svg")
	assert.NotContains(t, md, "## Failure")
	assert.Contains(t, md, "| 0.000 | — | no budget given |")
	assert.NotContains(t, string(files[HTMLFile]), "<svg")
}

func TestNaNAndInf(t *testing.T) {
	nan, inf := math.NaN(), math.Inf(1)
	b := small()
	b.Gates = []Gate{{Name: "sqnr_db", Output: "o", Value: nan, Threshold: nan, AtLeast: true}, {Name: "cosine", Value: -inf, Threshold: inf}}
	b.Outputs = []Output{{Name: "o", SQNRdB: inf, Cosine: nan, MaxAbs: inf, Top1: -inf}}
	for i := range b.Ops {
		b.Ops[i].SQNRdB = []float64{nan, inf, -inf}[i%3]
	}
	b.Partitions[0].EstimatedMs = nan
	b.Latency = Latency{TotalMs: inf, BudgetMs: 5}
	b.Failure.WorstOpSQNR = -inf
	files, err := Render(b)
	require.NoError(t, err)
	assert.NotContains(t, files, ChartFile, "no finite SQNR: no chart")
	for name, data := range files {
		s := string(data)
		for _, bad := range []string{"NaN", "Inf", "+Inf", "-0.00"} {
			assert.NotContains(t, s, bad, "%s shows %s", name, bad)
		}
	}
	md := string(files[MarkdownFile])
	tables(t, md)
	assert.Contains(t, md, "| `sqnr_db` | `o` | — | ≥ — | **FAIL** |")
	assert.Contains(t, md, "| `o` | ∞ | — | ∞ | −∞ |")
	assert.Contains(t, md, "| ∞ | 5.000 | **over budget** |")
	assert.Contains(t, md, "8 of 8 ops have no finite SQNR")
	checkHTML(t, files[HTMLFile])

	b.Latency.TotalMs = nan
	files, err = Render(b)
	require.NoError(t, err)
	assert.Contains(t, string(files[MarkdownFile]), "| — | 5.000 | not estimated |")
}

func TestLargeBundleSize(t *testing.T) {
	const n = 5000
	files, err := Render(large(n))
	require.NoError(t, err)
	// Bounds per op: the per-op tables dominate, the chart draws each
	// precision as one path.
	limits := map[string]int{MarkdownFile: 120 * n, HTMLFile: 250 * n, ChartFile: 60 * n}
	for name, limit := range limits {
		assert.Less(t, len(files[name]), limit, "%s is %d bytes", name, len(files[name]))
	}
	md := string(files[MarkdownFile])
	tables(t, md)
	// The summary stays short however long the model: the full list is
	// folded away at the end.
	summary, _, ok := strings.Cut(md, "## Ops")
	require.True(t, ok)
	assert.Less(t, strings.Count(summary, "\n"), 120, "the summary above the per-op list has %d lines", strings.Count(summary, "\n"))
	assert.Equal(t, n, strings.Count(md, "| `core.matmul` |")-worstShown)
	checkHTML(t, files[HTMLFile])
	// The partition map names each partition's op ranges.
	assert.Contains(t, md, "| `trt4` | `trt-orin` | 1,000 | 4001–5000 |")
}

func TestChart(t *testing.T) {
	svg, err := Chart(small())
	require.NoError(t, err)
	s := string(svg)
	assert.True(t, strings.HasPrefix(s, "<?xml"))
	assert.Contains(t, s, ">i8 (5)</text>")
	assert.Contains(t, s, ">f16 (1)</text>")
	assert.Contains(t, s, ">gate 30.00 dB</text>")
	assert.NotContains(t, s, "@font-face", "fonts are not embedded")
	require.NoError(t, xml.Unmarshal(svg, new(struct{})), "the chart is well-formed XML")

	b := small()
	b.Gates = nil
	svg, err = Chart(b)
	require.NoError(t, err)
	assert.NotContains(t, string(svg), "gate ")
	// One op (a flat range), negative SQNR, and a threshold far off the
	// data: still a chart, with the line inside it.
	one := &Bundle{Ops: []Op{{Name: "x", Precision: "i4", SQNRdB: -3}}, Gates: []Gate{{Name: "sqnr_db", Threshold: 20, AtLeast: true}}}
	svg, err = Chart(one)
	require.NoError(t, err)
	assert.Contains(t, string(svg), ">i4 (1)</text>")
	assert.Contains(t, string(svg), ">20</text>", "the y axis reaches the threshold")

	// One path per precision, not one per op.
	many, err := Chart(large(2000))
	require.NoError(t, err)
	assert.Less(t, strings.Count(string(many), "<path"), 100)
}

func TestWrite(t *testing.T) {
	dir := t.TempDir()
	b := small()
	require.NoError(t, Write(dir, b))
	files, err := Render(b)
	require.NoError(t, err)
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	assert.ElementsMatch(t, Files(b), names, "Write leaves exactly the reports, no temporary files")
	for _, name := range names {
		got, err := os.ReadFile(filepath.Join(dir, name))
		require.NoError(t, err)
		assert.True(t, bytes.Equal(files[name], got), "%s on disk differs from Render's", name)
	}
	// Writing again over the same files is fine and changes nothing.
	require.NoError(t, Write(dir, b))
	again, err := os.ReadFile(filepath.Join(dir, HTMLFile))
	require.NoError(t, err)
	assert.Equal(t, files[HTMLFile], again)
}

func TestWriteFailsCleanly(t *testing.T) {
	parent := t.TempDir()
	missing := filepath.Join(parent, "missing")
	assert.Error(t, Write(missing, small()))
	assert.NoDirExists(t, missing)
	assertOnly(t, parent)

	// A file where the directory should be.
	file := filepath.Join(parent, "file")
	require.NoError(t, os.WriteFile(file, []byte("x"), 0o644))
	assert.Error(t, Write(file, small()))
	assertOnly(t, parent, "file")

	// A directory in the way of report.html: report.md goes in first,
	// then comes out again when report.html cannot.
	dir := t.TempDir()
	require.NoError(t, os.MkdirAll(filepath.Join(dir, HTMLFile, "in-the-way"), 0o755))
	err := Write(dir, small())
	require.Error(t, err)
	assertOnly(t, dir, HTMLFile)

	if runtime.GOOS != "windows" && os.Geteuid() != 0 { // root writes anywhere
		ro := t.TempDir()
		require.NoError(t, os.Chmod(ro, 0o555))
		t.Cleanup(func() { os.Chmod(ro, 0o755) })
		assert.Error(t, Write(ro, small()))
		assertOnly(t, ro)
	}
}

// assertOnly checks that dir holds just the names given.
func assertOnly(t *testing.T, dir string, names ...string) {
	t.Helper()
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	var got []string
	for _, e := range entries {
		got = append(got, e.Name())
	}
	assert.ElementsMatch(t, names, got, "%s holds %v", dir, got)
}

func TestFormat(t *testing.T) {
	assert.Equal(t, "0.00", dB(-0.001))
	assert.Equal(t, "-0.01", dB(-0.006))
	assert.Equal(t, "1,234,567", count(1234567))
	assert.Equal(t, "-1,000", count(-1000))
	assert.Equal(t, "999", count(999))
	assert.Equal(t, "0", count(0))
	assert.Equal(t, "—", share(1, 0))
	assert.Equal(t, "50.0%", share(1, 2))
	assert.Equal(t, "1.235", formatMetric("a_new_gate", 1.23456), "gates without a format of their own")
	assert.Equal(t, "12.35", formatMetric("sqnr_db", 12.345678))
	assert.Equal(t, "1–3, 5, 7–8", formatRanges([][2]int{{1, 3}, {5, 5}, {7, 8}}))
	var many [][2]int
	for i := range 10 {
		many = append(many, [2]int{2 * i, 2 * i})
	}
	assert.Equal(t, "0, 2, 4, 6, 8, 10, 12, 14, … 2 more", formatRanges(many))
}

// FuzzMarkdownCell: whatever a name holds, its cell stays one cell and
// reads back as the name (line breaks as spaces).
func FuzzMarkdownCell(f *testing.F) {
	for _, s := range []string{"a", "a|b", "`", "``a`", " a ", "a\nb", `\|`, "<b>", "—"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if s == missing || s == "" || !utf8.ValidString(s) || strings.ContainsAny(s, "\x00") {
			return
		}
		cells := splitRow("| x | " + mdCode(s) + " | y |")
		require.Len(t, cells, 3)
		text, ok := codeSpan(cells[1])
		require.True(t, ok, "%q → %q", s, cells[1])
		assert.Equal(t, oneLine.Replace(s), text)
	})
}

// TestMarkdownWithCmarkGFM renders the hostile report with GitHub's own
// Markdown implementation, where installed (Debian: cmark-gfm), and
// finds every hostile name intact in a code span.
func TestMarkdownWithCmarkGFM(t *testing.T) {
	cmark, err := exec.LookPath("cmark-gfm")
	if err != nil {
		t.Skip("cmark-gfm is not installed")
	}
	b := hostile()
	files, err := Render(b)
	require.NoError(t, err)
	// --unsafe passes raw HTML through, as GitHub passes <details>: any
	// markup that escaped the escaping would show.
	cmd := exec.Command(cmark, "--unsafe", "--extension", "table", "--extension", "strikethrough")
	cmd.Stdin = bytes.NewReader(files[MarkdownFile])
	out, err := cmd.Output()
	require.NoError(t, err)
	html := string(out)
	assert.NotContains(t, html, "<script")
	pre := strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;")
	esc := strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;", "\r\n", " ", "\n", " ")
	for _, name := range []string{b.Model, b.Ops[0].Name, b.Ops[0].Partition, b.Ops[2].Precision, b.Failure.Pass, b.Artefacts[0].Path} {
		assert.Contains(t, html, "<td><code>"+esc.Replace(name)+"</code></td>")
	}
	assert.Contains(t, html, "<td>"+esc.Replace(b.Partitions[1].FallbackWhy[0])+"; "+esc.Replace(b.Partitions[1].FallbackWhy[1])+"</td>")
	assert.Contains(t, html, "<pre><code>"+pre.Replace(b.Pipeline)+"\n</code></pre>")
	assert.Equal(t, 10, strings.Count(html, "<table>"))
	assert.Contains(t, html, "<details>")
}
