// Command mlc-bench benchmarks a model zoo × target matrix and compares
// results across revisions:
//
//	mlc-bench run [--zoo FILE] [--targets LIST] [--runs N] [--shard K/N] [--cache DIR] -o results.jsonl
//	mlc-bench compare OLD.jsonl NEW.jsonl      exit 1 on a regression
//	mlc-bench merge -o all.jsonl SHARD.jsonl...
//	mlc-bench plot results.jsonl --metric M -o history.html
//
// The logic lives in driver/bench; this package parses flags and prints.
package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/mlc-go/mlc/driver/bench"
	"github.com/mlc-go/mlc/ir/asm"
)

// exitCode is an exit status whose message was already printed.
type exitCode int

func (e exitCode) Error() string { return fmt.Sprintf("exit status %d", int(e)) }

func main() {
	root := &cobra.Command{
		Use:           "mlc-bench",
		Short:         "Benchmark a model zoo on every target and compare results across revisions",
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	root.AddCommand(newCompareCmd(), newMergeCmd())
	for _, c := range extraCommands {
		root.AddCommand(c())
	}
	if err := root.Execute(); err != nil {
		var code exitCode
		if errors.As(err, &code) {
			os.Exit(int(code))
		}
		if msg := err.Error(); strings.Contains(msg, ": error: ") {
			fmt.Fprintln(os.Stderr, msg) // already a positioned diagnostic
		} else {
			fmt.Fprintf(os.Stderr, "mlc-bench: error: %s\n", msg)
		}
		os.Exit(1)
	}
}

// extraCommands are added by the other files of this package.
var extraCommands []func() *cobra.Command

func newCompareCmd() *cobra.Command {
	var all bool
	var alpha float64
	var thresholdText map[string]string
	cmd := &cobra.Command{
		Use:   "compare OLD.jsonl NEW.jsonl",
		Short: "Compare two results files; exit 1 when anything got worse",
		Long: `Compare two results files job by job (model × target) and metric by metric.
Times and memory are noisy: their runs are compared with a Mann-Whitney test
and count only when significant (p < --alpha) and larger than the metric's
threshold. Accuracy, sizes, op counts and the latency estimate are
deterministic and compare by value. The table shows what changed; the exit
status is 1 when something got worse, a job failed that passed, or a job is
missing.`,
		Args: cobra.ExactArgs(2),
		RunE: func(cmd *cobra.Command, args []string) error {
			old, err := bench.ReadFile(args[0])
			if err != nil {
				return err
			}
			cur, err := bench.ReadFile(args[1])
			if err != nil {
				return err
			}
			thresholds := map[string]float64{}
			for name, text := range thresholdText {
				v, err := strconv.ParseFloat(text, 64)
				if err != nil || v < 0 {
					return fmt.Errorf("--threshold %s=%s: want a non-negative number", name, text)
				}
				thresholds[name] = v
			}
			c := bench.Compare(old, cur, bench.CompareOptions{Alpha: alpha, Thresholds: thresholds})
			if err := bench.WriteTable(cmd.OutOrStdout(), c, all); err != nil {
				return err
			}
			if len(c.Regressions()) > 0 {
				return exitCode(1)
			}
			return nil
		},
	}
	cmd.Flags().BoolVar(&all, "all", false, "show unchanged metrics too")
	cmd.Flags().Float64Var(&alpha, "alpha", 0.05, "significance level for noisy metrics")
	cmd.Flags().StringToStringVar(&thresholdText, "threshold", nil, "override a metric's threshold, e.g. compile_seconds=0.1,sqnr_db=0.5")
	return cmd
}

func newMergeCmd() *cobra.Command {
	var out string
	cmd := &cobra.Command{
		Use:   "merge -o OUT.jsonl SHARD.jsonl...",
		Short: "Join the results of shards into one file, in matrix order",
		Args:  cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			var parts [][]bench.Record
			for _, a := range args {
				recs, err := bench.ReadFile(a)
				if err != nil {
					return err
				}
				parts = append(parts, recs)
			}
			merged, err := bench.Merge(parts...)
			if err != nil {
				return err
			}
			return writeResults(out, merged)
		},
	}
	cmd.Flags().StringVarP(&out, "output", "o", "-", "output file ('-': stdout)")
	return cmd
}

// writeResults writes records to path atomically, or to stdout for "-".
func writeResults(path string, recs []bench.Record) error {
	if path == "-" || path == "" {
		return bench.Write(os.Stdout, recs)
	}
	return asm.WriteFileFunc(path, func(w io.Writer) error { return bench.Write(w, recs) })
}
