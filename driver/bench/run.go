package bench

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sort"
	"strings"

	"github.com/mlc-go/mlc/lowering/target"
)

// JobSpec is what one job needs, resolved: the files it reads and how it
// is named. It is what the runner hands to the process that runs the
// job (as JSON), so it holds only plain data.
type JobSpec struct {
	// Kind is "compile" (a model for a target) or "node-tests" (the smoke
	// tier: ONNX node tests through the interpreter).
	Kind      string `json:"kind"`
	Model     string `json:"model"`
	Target    string `json:"target"`
	ModelPath string `json:"model_path"`
	CalibDir  string `json:"calib_dir"`
	EvalDir   string `json:"eval_dir,omitempty"`
	// TargetFile is set when Target names a file rather than a built-in.
	TargetFile string   `json:"target_file,omitempty"`
	Flags      []string `json:"flags,omitempty"`
	Run        int      `json:"run"`
	Key        string   `json:"key"`
}

// Job kinds.
const (
	KindCompile   = "compile"
	KindNodeTests = "node-tests"
)

// RunOptions configure Run.
type RunOptions struct {
	Zoo *Zoo
	// ZooDir resolves the zoo's relative paths; RepoDir finds
	// scripts/export-torch-models.py; WorkDir holds exported models and
	// their data (WorkDir/models, WorkDir/sets) and jobs' scratch space.
	ZooDir, RepoDir, WorkDir string
	// Python runs the export script (Debian's /usr/bin/python3 when "").
	Python string
	// Targets replace every model's targets when not empty.
	Targets []string
	Runs    int // repetitions per job (at least 1)
	Shard   Shard
	// Cache, when set, supplies results of jobs already run with the same
	// key and keeps new ones.
	Cache *Cache
	// Revision and Machine identify this run in every record.
	Revision, Machine string
	// Flags are compile options that are part of every job's key.
	Flags []string
	// Exec runs one job, in a process of its own so that its time and
	// memory are its own; its error becomes a failure record.
	Exec func(ctx context.Context, spec JobSpec) (Record, error)
	// Progress, when set, is told after each job run (from one goroutine).
	Progress func(done, total int, label string)
}

// Run runs the shard's jobs of the zoo, each Runs times, and returns
// their records in matrix order. A job that cannot be prepared or fails
// is a failure record; the run goes on. The error is for what stops the
// whole run (ctx cancelled, bad options).
func Run(ctx context.Context, opts RunOptions) ([]Record, error) {
	if opts.Zoo == nil || opts.Exec == nil {
		return nil, fmt.Errorf("bench.Run needs a zoo and an executor")
	}
	if opts.Runs < 1 {
		opts.Runs = 1
	}
	if opts.Shard.N == 0 {
		opts.Shard = All
	}
	z := *opts.Zoo
	if len(opts.Targets) > 0 {
		z.Targets = opts.Targets
		z.Models = append([]ZooModel(nil), z.Models...)
		for i := range z.Models {
			z.Models[i].Targets = nil
		}
	}
	jobs := z.Jobs()
	type owned struct {
		job  Job
		node bool
	}
	var mine []owned
	for _, j := range jobs {
		if opts.Shard.Owns(j.Index) {
			mine = append(mine, owned{job: j})
		}
	}
	if z.NodeTests != "" && opts.Shard.Owns(len(jobs)) {
		mine = append(mine, owned{node: true})
	}
	total := len(mine) * opts.Runs
	done := 0
	prepared := map[string]*prepared{}
	var recs []Record
	for _, o := range mine {
		var spec JobSpec
		var err error
		if o.node {
			spec, err = opts.nodeSpec(z.NodeTests)
		} else {
			p := prepared[o.job.Model.Name]
			if p == nil {
				p = opts.prepare(ctx, &z, o.job.Model)
				prepared[o.job.Model.Name] = p
			}
			spec, err = opts.compileSpec(p, o.job)
		}
		for run := range opts.Runs {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			spec.Run = run
			var rec Record
			if err != nil {
				rec = Record{Model: spec.Model, Target: spec.Target, Run: run, Status: StatusFailed, Error: err.Error()}
			} else {
				rec = opts.runOne(ctx, spec)
			}
			rec.Schema, rec.Revision, rec.Machine = SchemaVersion, opts.Revision, opts.Machine
			recs = append(recs, rec)
			done++
			if opts.Progress != nil {
				opts.Progress(done, total, spec.Model+" / "+spec.Target)
			}
		}
	}
	Sort(recs)
	return recs, nil
}

// runOne runs a job or takes its record from the cache.
func (o *RunOptions) runOne(ctx context.Context, spec JobSpec) Record {
	if o.Cache != nil {
		if r, ok := o.Cache.Get(spec.Key, spec.Run); ok {
			return r
		}
	}
	load := LoadAverage()
	rec, err := o.Exec(ctx, spec)
	if err != nil {
		rec = Record{Status: StatusFailed, Error: err.Error()}
	}
	rec.Model, rec.Target, rec.Key, rec.Run, rec.Load = spec.Model, spec.Target, spec.Key, spec.Run, load
	rec.Schema, rec.Revision, rec.Machine = SchemaVersion, o.Revision, o.Machine
	// Failures are not cached: they may come from the machine (out of
	// memory, a killed process) rather than from the inputs.
	if o.Cache != nil && rec.Status == StatusOK && ctx.Err() == nil {
		if err := o.Cache.Put(rec); err != nil {
			rec.Error = "not cached: " + err.Error()
		}
	}
	return rec
}

// prepared is a model ready to compile, or why it is not.
type prepared struct {
	name               string
	model, calib, eval string
	modelSHA, dataSHA  string
	err                error
}

// prepare exports or locates a model and its data, and digests them.
func (o *RunOptions) prepare(ctx context.Context, z *Zoo, m *ZooModel) *prepared {
	p := &prepared{name: m.Name}
	abs := func(path string) string {
		if path == "" || filepath.IsAbs(path) {
			return path
		}
		return filepath.Join(o.ZooDir, path)
	}
	switch {
	case m.Export != "":
		models, sets := filepath.Join(o.WorkDir, "models"), filepath.Join(o.WorkDir, "sets")
		p.model = filepath.Join(models, m.Export, "model.onnx")
		p.calib, p.eval = filepath.Join(sets, m.Export, "calib"), filepath.Join(sets, m.Export, "eval")
		stamp := filepath.Join(sets, m.Export, "STAMP")
		want := fmt.Sprintf("%d %d\n", z.Calib, z.Eval)
		if got, err := os.ReadFile(stamp); err != nil || string(got) != want || !exists(p.model) {
			py := o.Python
			if py == "" {
				py = "/usr/bin/python3"
			}
			script := filepath.Join(o.RepoDir, "scripts", "export-torch-models.py")
			if p.err = command(ctx, py, script, models, m.Export, "--sets-dir", sets,
				"--calib", fmt.Sprint(z.Calib), "--eval", fmt.Sprint(z.Eval)); p.err != nil {
				return p
			}
			if p.err = os.WriteFile(stamp, []byte(want), 0o644); p.err != nil {
				return p
			}
		}
	case m.Path != "":
		p.model, p.calib, p.eval = abs(m.Path), abs(m.CalibDir), abs(m.EvalDir)
	default:
		out := filepath.Join(o.WorkDir, "generated", m.Name)
		if p.err = os.MkdirAll(out, 0o755); p.err != nil {
			return p
		}
		args := make([]string, len(m.Command))
		for i, a := range m.Command {
			args[i] = strings.ReplaceAll(a, "{out}", out)
		}
		if p.err = command(ctx, args[0], args[1:]...); p.err != nil {
			return p
		}
		p.model, p.calib, p.eval = filepath.Join(out, "model.onnx"), filepath.Join(out, "calib"), filepath.Join(out, "eval")
		if !exists(p.eval) {
			p.eval = ""
		}
	}
	if p.modelSHA, p.err = fileDigest(p.model); p.err != nil {
		return p
	}
	p.dataSHA, p.err = dirDigest(p.calib, p.eval)
	return p
}

func (o *RunOptions) compileSpec(p *prepared, j Job) (JobSpec, error) {
	spec := JobSpec{Kind: KindCompile, Model: p.name, Target: j.Target, ModelPath: p.model,
		CalibDir: p.calib, EvalDir: p.eval, Flags: o.Flags}
	if p.err != nil {
		return spec, fmt.Errorf("preparing %s: %w", p.name, p.err)
	}
	targetText, err := o.targetText(&spec)
	if err != nil {
		return spec, err
	}
	spec.Key = JobKey(p.modelSHA, p.dataSHA, digest(targetText), o.Revision, append([]string{KindCompile}, o.Flags...))
	return spec, nil
}

// targetText reads a target: a built-in name, else a file (relative to
// the zoo).
func (o *RunOptions) targetText(spec *JobSpec) ([]byte, error) {
	if !strings.ContainsAny(spec.Target, "/\\") && !strings.HasSuffix(spec.Target, ".yaml") {
		t, err := target.Load(spec.Target)
		if err != nil {
			return nil, err
		}
		return t.Text, nil
	}
	path := spec.Target
	if !filepath.IsAbs(path) {
		path = filepath.Join(o.ZooDir, path)
	}
	t, err := target.LoadFile(path)
	if err != nil {
		return nil, err
	}
	spec.TargetFile = path
	return t.Text, nil
}

func (o *RunOptions) nodeSpec(dir string) (JobSpec, error) {
	if !filepath.IsAbs(dir) {
		dir = filepath.Join(o.ZooDir, dir)
	}
	spec := JobSpec{Kind: KindNodeTests, Model: "onnx-node-tests", Target: "interp", ModelPath: dir}
	d, err := dirDigest(dir)
	if err != nil {
		return spec, err
	}
	spec.Key = JobKey(d, "", "", o.Revision, []string{KindNodeTests})
	return spec, nil
}

func exists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}

// command runs a generator, its output shown only when it fails.
func command(ctx context.Context, name string, args ...string) error {
	cmd := exec.CommandContext(ctx, name, args...)
	out, err := cmd.CombinedOutput()
	if err != nil {
		tail := strings.TrimSpace(string(out))
		if len(tail) > 2000 {
			tail = "…" + tail[len(tail)-2000:]
		}
		return fmt.Errorf("%s: %v\n%s", strings.Join(append([]string{filepath.Base(name)}, args...), " "), err, tail)
	}
	return nil
}

func digest(b []byte) string {
	h := sha256.Sum256(b)
	return hex.EncodeToString(h[:])
}

func fileDigest(path string) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", err
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// dirDigest digests the regular files under dirs ("" skipped): their
// paths relative to their dir and their bytes, in sorted order.
func dirDigest(dirs ...string) (string, error) {
	h := sha256.New()
	for i, dir := range dirs {
		if dir == "" {
			continue
		}
		var files []string
		err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.Type().IsRegular() {
				files = append(files, p)
			}
			return nil
		})
		if err != nil {
			return "", err
		}
		sort.Strings(files)
		for _, f := range files {
			rel, _ := filepath.Rel(dir, f)
			d, err := fileDigest(f)
			if err != nil {
				return "", err
			}
			fmt.Fprintf(h, "%d %s %s\n", i, filepath.ToSlash(rel), d)
		}
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// LoadAverage is the 1, 5 and 15 minute load average (zeros where
// /proc/loadavg cannot be read).
func LoadAverage() [3]float64 {
	var l [3]float64
	if b, err := os.ReadFile("/proc/loadavg"); err == nil {
		fmt.Sscan(string(b), &l[0], &l[1], &l[2])
	}
	return l
}

// MachineName names the host: its CPU model and core count.
func MachineName() string {
	model := runtime.GOARCH
	if b, err := os.ReadFile("/proc/cpuinfo"); err == nil {
		for _, line := range strings.Split(string(b), "\n") {
			if k, v, ok := strings.Cut(line, ":"); ok && strings.TrimSpace(k) == "model name" {
				model = strings.TrimSpace(v)
				break
			}
		}
	}
	return fmt.Sprintf("%s, %d cores", model, runtime.NumCPU())
}
