package main

import (
	"cmp"
	"errors"
	"fmt"
	"os"
	"regexp"
	"strings"

	"github.com/spf13/cobra"

	"github.com/mlc-go/mlc/driver/conformance"
	"github.com/mlc-go/mlc/interp"
)

func newConformanceCmd() *cobra.Command { return conformanceCmd(conformance.ONNXConfig()) }

// conformanceCmd is the `conformance` subcommand running cfg (its Mode,
// Jobs, Filter and Timeout are defaults that the flags override).
func conformanceCmd(cfg conformance.Config) *cobra.Command {
	var (
		filter, markdown, mode, expect                string
		verbose, strict, allowUnsupported, ignoreFail bool
	)
	cmd := &cobra.Command{
		Use:   "conformance DIR",
		Short: "Run ONNX backend test cases through import, lowering and the interpreter",
		Long: `Run ONNX test cases: DIR holds one directory per case (or is one), each with
model.onnx and test_data_set_<n>/{input,output}_<i>.pb, as ONNX's backend node
tests (scripts/gen-onnx-node-tests.sh) and the exported reference models
(scripts/export-torch-models.py) are laid out.

Each case is imported, lowered, verified, run with the reference interpreter
on every data set, and its outputs compared with the references:
  --mode node   as ONNX's backend runner: |got-want| <= 1e-7 + 1e-3*|want|
  --mode model  per output: max |got-want| <= 1e-4 * (max - min of want)
Cases are passed, failed (with the stage and the first mismatch) or
unsupported (the importer reported a feature it cannot express).

The summary (per op type in node mode, per model in model mode) goes to
stdout; --markdown writes it as a page for docs/.

The exit status is 1 when a case failed or is unsupported, as with lit and
pytest; --allow-unsupported lets unsupported cases pass the run and
--ignore-fail makes it exit 0 whatever the results. With --expect-pass the
list decides instead: the exit status is 1 when an op type (model, in model
mode) it names has a case that does not pass, or with --strict when any case
does not pass.`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if mode != "" {
				cfg.Mode = conformance.Mode(mode)
			}
			if filter != "" {
				re, err := regexp.Compile(filter)
				if err != nil {
					return fmt.Errorf("--filter: %v", err)
				}
				cfg.Filter = re
			}
			var claims []conformance.Claim
			if expect != "" {
				var err error
				if claims, err = conformance.ReadClaims(expect); err != nil {
					var pe *os.PathError
					if errors.As(err, &pe) {
						return fmt.Errorf("--expect-pass: %w", err)
					}
					return err
				}
			}
			r, err := conformance.Run(args[0], cfg)
			if err != nil {
				return err
			}
			if err := r.WriteText(cmd.OutOrStdout(), verbose); err != nil {
				return err
			}
			if markdown != "" {
				if err := interp.WriteFileAtomic(markdown, []byte(r.Markdown(commandLine(cmd, args)))); err != nil {
					return fmt.Errorf("--markdown: %v", err)
				}
			}
			bad := 0
			for _, c := range claims {
				for _, msg := range r.CheckClaims([]string{c.Key}) {
					fmt.Fprintf(cmd.ErrOrStderr(), "%s:%d:1: error: %s\n", expect, c.Line, msg)
					bad++
				}
			}
			t := r.Total
			switch {
			case ignoreFail:
				return nil
			case bad > 0:
				return fmt.Errorf("%d failure(s) of claimed-supported entries of %s", bad, expect)
			case strict && t.Passed != t.Total():
				return fmt.Errorf("%d of %d cases did not pass", t.Total()-t.Passed, t.Total())
			case expect != "":
				return nil
			case t.Failed > 0 || t.Unsupported > 0 && !allowUnsupported:
				msg := fmt.Sprintf("%d of %d cases failed", t.Failed, t.Total())
				if t.Unsupported > 0 {
					msg += fmt.Sprintf(", %d unsupported", t.Unsupported)
					if !allowUnsupported {
						msg += " (--allow-unsupported lets those pass)"
					}
				}
				return fmt.Errorf("%s", msg)
			}
			return nil
		},
	}
	f := cmd.Flags()
	f.IntVarP(&cfg.Jobs, "jobs", "j", cfg.Jobs, "cases run at once (0: one per CPU)")
	f.StringVar(&filter, "filter", "", "run only cases whose name matches this regular expression")
	f.StringVar(&markdown, "markdown", "", "also write the report as Markdown to this file (atomically)")
	f.StringVar(&mode, "mode", string(cmp.Or(cfg.Mode, conformance.ModeNode)), "comparison: node (ONNX runner tolerances) or model (1e-4 of the output range)")
	f.StringVar(&expect, "expect-pass", "", "file listing op types (models in model mode), one a line, that must pass; the exit status follows it alone; # starts a comment")
	f.DurationVar(&cfg.Timeout, "timeout", cmp.Or(cfg.Timeout, conformance.DefaultTimeout), "time limit per case")
	f.StringVar(&cfg.Entry, "function", cmp.Or(cfg.Entry, "main"), "the function the importer makes and the interpreter runs")
	f.BoolVar(&strict, "strict", false, "exit 1 when any case does not pass, even with --expect-pass or --allow-unsupported")
	f.BoolVar(&allowUnsupported, "allow-unsupported", false, "exit 0 when cases are unsupported but none failed")
	f.BoolVar(&ignoreFail, "ignore-fail", false, "exit 0 whatever the results (as lit's --ignore-fail)")
	f.BoolVarP(&verbose, "verbose", "v", false, "list every case with its status and time")
	return cmd
}

// commandLine rebuilds the command for the Markdown page from the flags
// that change the report (not -j, -v, --timeout or the exit policy).
func commandLine(cmd *cobra.Command, args []string) string {
	parts := []string{cmd.CommandPath()}
	for _, name := range []string{"mode", "filter", "function", "expect-pass", "strict", "markdown"} {
		if cmd.Flags().Changed(name) {
			parts = append(parts, shellQuote("--"+name+"="+cmd.Flags().Lookup(name).Value.String()))
		}
	}
	for _, a := range args {
		parts = append(parts, shellQuote(a))
	}
	return strings.Join(parts, " ")
}

// shellQuote quotes s for a POSIX shell when it needs it.
func shellQuote(s string) string {
	plain := s != "" && strings.IndexFunc(s, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("_-./=:,+@%", r))
	}) < 0
	if plain {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
