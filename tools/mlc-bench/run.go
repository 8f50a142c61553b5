package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"github.com/schollz/progressbar/v3"
	"github.com/spf13/cobra"
	"golang.org/x/term"

	"github.com/mlc-go/mlc/driver/bench"
	"github.com/mlc-go/mlc/driver/compile"
)

func init() { extraCommands = append(extraCommands, newRunCmd, newJobCmd) }

func newRunCmd() *cobra.Command {
	var zooPath, out, shardText, cacheDir, workDir, python string
	var targets, flags []string
	var runs int
	var jobTimeout time.Duration
	cmd := &cobra.Command{
		Use:   "run [--zoo FILE] [--targets LIST] [--runs N] [--shard K/N] [--cache DIR] -o results.jsonl",
		Short: "Compile every model of the zoo for every target and record the figures",
		Long: `Compile every model of the zoo for every target, each job --runs times in a
process of its own, and write one JSON line per job and run (schema in
docs/bench-results.md): stage times and peak memory, op counts, accuracy
against fp32, the latency estimate, bundle size and the artefacts' sha256.
A job that fails is a failure row; the run goes on. --shard K/N (K from 0,
e.g. $JOB_COMPLETION_INDEX) runs every N-th job from the K-th; merge the
shards' files with 'mlc-bench merge'. --cache DIR reuses the records of
jobs whose inputs (model, data, target file, compiler revision, flags)
are unchanged.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			shard, err := bench.ParseShard(shardText)
			if err != nil {
				return err
			}
			if runs < 1 {
				return fmt.Errorf("--runs %d: want at least 1", runs)
			}
			zoo, err := bench.LoadZoo(zooPath)
			if err != nil {
				return err
			}
			repo, err := repoRoot(zooPath)
			if err != nil {
				return err
			}
			if workDir == "" {
				workDir = filepath.Join(repo, "build", "bench-zoo")
			}
			if err := os.MkdirAll(workDir, 0o755); err != nil {
				return err
			}
			self, err := os.Executable()
			if err != nil {
				return err
			}
			ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
			defer stop()
			opts := bench.RunOptions{Zoo: zoo, ZooDir: filepath.Dir(zooPath), RepoDir: repo, WorkDir: workDir,
				Python: python, Targets: targets, Runs: runs, Shard: shard, Flags: flags,
				Revision: compile.Version(), Machine: bench.MachineName(),
				Exec: func(ctx context.Context, spec bench.JobSpec) (bench.Record, error) {
					return execChild(ctx, self, spec, workDir, jobTimeout)
				}}
			if cacheDir != "" {
				opts.Cache = &bench.Cache{Dir: cacheDir}
			}
			var bar *progressbar.ProgressBar
			if term.IsTerminal(int(os.Stderr.Fd())) {
				opts.Progress = func(done, total int, label string) {
					if bar == nil {
						bar = progressbar.NewOptions(total, progressbar.OptionSetWriter(os.Stderr),
							progressbar.OptionSetWidth(30), progressbar.OptionShowCount(), progressbar.OptionClearOnFinish())
					}
					bar.Describe(label)
					bar.Set(done)
				}
			}
			recs, err := bench.Run(ctx, opts)
			if bar != nil {
				bar.Finish()
			}
			if err != nil {
				return err
			}
			if err := writeResults(out, recs); err != nil {
				return err
			}
			return bench.WriteSummary(cmd.ErrOrStderr(), recs)
		},
	}
	f := cmd.Flags()
	f.StringVar(&zooPath, "zoo", "bench/zoo.yaml", "the zoo file")
	f.StringSliceVar(&targets, "targets", nil, "targets for every model, replacing the zoo's (comma separated)")
	f.IntVar(&runs, "runs", 1, "runs per job (times and memory need several to compare)")
	f.StringVar(&shardText, "shard", "0/1", "run only shard K of N (K from 0)")
	f.StringVar(&cacheDir, "cache", "", "reuse and keep results by job key in this directory")
	f.StringVar(&workDir, "work-dir", "", "exported models and scratch space (default build/bench-zoo)")
	f.StringVar(&python, "python", "/usr/bin/python3", "the Python with torch, torchvision and onnx that exports models")
	f.StringSliceVar(&flags, "compile-flag", nil, "a compile flag for every job, part of its key (e.g. --compile-flag=--min-sqnr=30)")
	f.DurationVar(&jobTimeout, "job-timeout", 30*time.Minute, "a job running longer is stopped and recorded as failed")
	f.StringVarP(&out, "output", "o", "-", "results file ('-': stdout)")
	return cmd
}

// repoRoot is the checkout holding the zoo file (it has go.mod), which has
// the export script.
func repoRoot(zooPath string) (string, error) {
	dir, err := filepath.Abs(filepath.Dir(zooPath))
	if err != nil {
		return "", err
	}
	for d := dir; ; d = filepath.Dir(d) {
		if _, err := os.Stat(filepath.Join(d, "scripts", "export-torch-models.py")); err == nil {
			return d, nil
		}
		if filepath.Dir(d) == d {
			return dir, nil // a zoo outside the repository: paths and commands only
		}
	}
}

// execChild runs one job in a child process (mlc-bench job), so that its
// time and memory are its own and a crash is a failure row.
func execChild(ctx context.Context, self string, spec bench.JobSpec, workDir string, timeout time.Duration) (bench.Record, error) {
	in, err := json.Marshal(spec)
	if err != nil {
		return bench.Record{}, err
	}
	scratch, err := os.MkdirTemp(workDir, "job-")
	if err != nil {
		return bench.Record{}, err
	}
	defer os.RemoveAll(scratch)
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, self, "job", "--scratch", scratch)
	cmd.Stdin = bytes.NewReader(in)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		msg := strings.TrimSpace(stderr.String())
		if len(msg) > 4000 {
			msg = "…" + msg[len(msg)-4000:]
		}
		if ctx.Err() == context.DeadlineExceeded {
			return bench.Record{}, fmt.Errorf("stopped after %s: %s", timeout, msg)
		}
		return bench.Record{}, fmt.Errorf("%v: %s", err, msg)
	}
	var rec bench.Record
	if err := json.Unmarshal(stdout.Bytes(), &rec); err != nil {
		return bench.Record{}, fmt.Errorf("the job's output is not a record: %v", err)
	}
	return rec, nil
}

func newJobCmd() *cobra.Command {
	var scratch string
	cmd := &cobra.Command{
		Use:    "job --scratch DIR < spec.json",
		Short:  "Run one job (a JSON spec on stdin) and print its record: what 'run' starts per job",
		Hidden: true,
		Args:   cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			var spec bench.JobSpec
			dec := json.NewDecoder(os.Stdin)
			dec.DisallowUnknownFields()
			if err := dec.Decode(&spec); err != nil {
				return fmt.Errorf("job spec: %v", err)
			}
			ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
			defer stop()
			rec := bench.Execute(ctx, spec, scratch)
			return json.NewEncoder(cmd.OutOrStdout()).Encode(&rec)
		},
	}
	cmd.Flags().StringVar(&scratch, "scratch", os.TempDir(), "a directory the job may write into")
	return cmd
}
