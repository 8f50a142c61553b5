package bench

import (
	"bytes"
	"fmt"
	"os"
	"regexp"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"
)

// Zoo is the model × target matrix a benchmark run covers, read from a
// YAML file (bench/zoo.yaml is the project's).
type Zoo struct {
	// Targets are target names (or target files, by path) every model is
	// compiled for.
	Targets []string `yaml:"targets"`
	// Calib and Eval are the sample counts exported models get (default
	// 8 and 4).
	Calib int `yaml:"calib"`
	Eval  int `yaml:"eval"`
	// Models in the order the matrix lists them.
	Models []ZooModel `yaml:"models"`
	// NodeTests is a directory of ONNX backend node tests run as the smoke
	// tier (conformance), "" for none.
	NodeTests string `yaml:"node_tests"`
}

// ZooModel is one model and where it comes from: exactly one of Export (a
// model of scripts/export-torch-models.py, exported with its calibration
// and evaluation sets), Path (an ONNX or MLIR file with CalibDir and
// optionally EvalDir), or Command (a generator run with {out} replaced by
// a directory it must fill with model.onnx, calib/ and eval/).
type ZooModel struct {
	Name     string   `yaml:"name"`
	Export   string   `yaml:"export"`
	Path     string   `yaml:"path"`
	CalibDir string   `yaml:"calib_dir"`
	EvalDir  string   `yaml:"eval_dir"`
	Command  []string `yaml:"command"`
	// Targets, when set, replace the zoo's for this model.
	Targets []string `yaml:"targets"`
	// Line is where the entry starts in the zoo file.
	Line int `yaml:"-"`
}

var nameRE = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9_.-]*$`)
var yamlLineRE = regexp.MustCompile(`line (\d+)`)

// LoadZoo reads and checks a zoo file. Errors are "FILE:LINE:COL: error:
// ..." diagnostics.
func LoadZoo(path string) (*Zoo, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return ParseZoo(path, data)
}

// ParseZoo is LoadZoo on bytes; path names the file in errors.
func ParseZoo(path string, data []byte) (*Zoo, error) {
	fail := func(line, col int, format string, args ...any) error {
		return fmt.Errorf("%s:%d:%d: error: %s", path, line, col, fmt.Sprintf(format, args...))
	}
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		line := 1
		if m := yamlLineRE.FindStringSubmatch(err.Error()); m != nil {
			line, _ = strconv.Atoi(m[1])
		}
		return nil, fail(line, 1, "%s", strings.TrimPrefix(err.Error(), "yaml: "))
	}
	if len(doc.Content) == 0 {
		return nil, fail(1, 1, "the zoo file is empty")
	}
	root := doc.Content[0]
	if root.Kind != yaml.MappingNode {
		return nil, fail(root.Line, root.Column, "the zoo file must be a mapping with targets and models")
	}
	var z Zoo
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	if err := dec.Decode(&z); err != nil {
		line := root.Line
		if m := yamlLineRE.FindStringSubmatch(err.Error()); m != nil {
			line, _ = strconv.Atoi(m[1])
		}
		msg := strings.TrimPrefix(err.Error(), "yaml: ")
		msg = yamlLineRE.ReplaceAllString(strings.TrimPrefix(msg, "unmarshal errors:\n  "), "")
		return nil, fail(line, 1, "%s", strings.TrimSpace(strings.TrimPrefix(msg, ":")))
	}
	// Where each model entry starts, for the checks below.
	var modelNodes []*yaml.Node
	for i := 0; i+1 < len(root.Content); i += 2 {
		if root.Content[i].Value == "models" && root.Content[i+1].Kind == yaml.SequenceNode {
			modelNodes = root.Content[i+1].Content
		}
	}
	if z.Calib == 0 {
		z.Calib = 8
	}
	if z.Eval == 0 {
		z.Eval = 4
	}
	if z.Calib < 1 || z.Eval < 1 {
		return nil, fail(root.Line, root.Column, "calib and eval must be at least 1")
	}
	if len(z.Models) == 0 {
		return nil, fail(root.Line, root.Column, "the zoo lists no models")
	}
	seen := map[string]int{}
	for i := range z.Models {
		m := &z.Models[i]
		line, col := root.Line, root.Column
		if i < len(modelNodes) {
			line, col = modelNodes[i].Line, modelNodes[i].Column
		}
		m.Line = line
		sources := 0
		for _, set := range []bool{m.Export != "", m.Path != "", len(m.Command) > 0} {
			if set {
				sources++
			}
		}
		switch {
		case !nameRE.MatchString(m.Name):
			return nil, fail(line, col, "model %d: name %q must be letters, digits, '_', '.' or '-'", i+1, m.Name)
		case seen[m.Name] != 0:
			return nil, fail(line, col, "model %s is listed twice (first at line %d)", m.Name, seen[m.Name])
		case sources != 1:
			return nil, fail(line, col, "model %s needs exactly one of export, path or command", m.Name)
		case m.Path != "" && m.CalibDir == "":
			return nil, fail(line, col, "model %s: a path needs a calib_dir", m.Name)
		case len(m.Command) > 0 && !strings.Contains(strings.Join(m.Command, " "), "{out}"):
			return nil, fail(line, col, "model %s: the command must name its output directory as {out}", m.Name)
		case len(z.Targets) == 0 && len(m.Targets) == 0:
			return nil, fail(line, col, "model %s has no targets (set targets for the zoo or the model)", m.Name)
		}
		seen[m.Name] = line
	}
	return &z, nil
}

// Job is one cell of the matrix.
type Job struct {
	Index  int // position in matrix order, what shards split on
	Model  *ZooModel
	Target string
}

// Jobs lists the matrix in order: models as listed, each with its targets.
func (z *Zoo) Jobs() []Job {
	var jobs []Job
	for i := range z.Models {
		m := &z.Models[i]
		targets := z.Targets
		if len(m.Targets) > 0 {
			targets = m.Targets
		}
		for _, t := range targets {
			jobs = append(jobs, Job{Index: len(jobs), Model: m, Target: t})
		}
	}
	return jobs
}
