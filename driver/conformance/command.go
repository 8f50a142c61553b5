package conformance

import (
	"bufio"
	"bytes"
	"cmp"
	"fmt"
	"os"
	"regexp"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/mlc-go/mlc/interp"
)

// Command returns the `conformance` subcommand for tools/mlc; cfg supplies
// the importer and lowering (its Mode, Jobs, Filter and Timeout are
// defaults that the flags override).
func Command(cfg Config) *cobra.Command {
	var (
		filter, markdown, mode, expect string
		verbose, strict                bool
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
unsupported (the importer reported op types it cannot express).

The summary (per op type in node mode, per model in model mode) goes to
stdout; --markdown writes it as a page for docs/. The exit status is 1 when
an op type (model, in model mode) listed in --expect-pass has a case that
does not pass, or with --strict when any case does not pass.`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if mode != "" {
				cfg.Mode = Mode(mode)
			}
			if filter != "" {
				re, err := regexp.Compile(filter)
				if err != nil {
					return fmt.Errorf("--filter: %v", err)
				}
				cfg.Filter = re
			}
			var claims []claim
			if expect != "" {
				var err error
				if claims, err = readClaims(expect); err != nil {
					return err
				}
			}
			r, err := Run(args[0], cfg)
			if err != nil {
				return err
			}
			r.Command = commandLine(cmd, args)
			if err := r.WriteText(cmd.OutOrStdout(), verbose); err != nil {
				return err
			}
			if markdown != "" {
				if err := interp.WriteFileAtomic(markdown, []byte(r.Markdown())); err != nil {
					return fmt.Errorf("--markdown: %v", err)
				}
			}
			bad := 0
			for _, c := range claims {
				for _, msg := range r.CheckClaims([]string{c.key}) {
					fmt.Fprintf(cmd.ErrOrStderr(), "%s:%d:1: error: %s\n", expect, c.line, msg)
					bad++
				}
			}
			if bad > 0 {
				return fmt.Errorf("%d failure(s) of claimed-supported entries of %s", bad, expect)
			}
			if strict && r.Total.Passed != r.Total.Total() {
				return fmt.Errorf("%d of %d cases did not pass", r.Total.Total()-r.Total.Passed, r.Total.Total())
			}
			return nil
		},
	}
	f := cmd.Flags()
	f.IntVarP(&cfg.Jobs, "jobs", "j", cfg.Jobs, "cases run at once (0: one per CPU)")
	f.StringVar(&filter, "filter", "", "run only cases whose name matches this regular expression")
	f.StringVar(&markdown, "markdown", "", "also write the report as Markdown to this file (atomically)")
	f.StringVar(&mode, "mode", string(cmp.Or(cfg.Mode, ModeNode)), "comparison: node (ONNX runner tolerances) or model (1e-4 of the output range)")
	f.StringVar(&expect, "expect-pass", "", "file listing op types (models in model mode), one a line, that must pass; # starts a comment")
	f.DurationVar(&cfg.Timeout, "timeout", cmp.Or(cfg.Timeout, DefaultTimeout), "time limit per case")
	f.StringVar(&cfg.Entry, "function", cmp.Or(cfg.Entry, "main"), "the function the importer makes and the interpreter runs")
	f.BoolVar(&strict, "strict", false, "exit 1 when any case does not pass")
	f.BoolVarP(&verbose, "verbose", "v", false, "list every case with its status and time")
	return cmd
}

// commandLine rebuilds the command for the Markdown page from the flags
// that change the report (not -j, -v, --timeout).
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

// claim is one entry of an --expect-pass file.
type claim struct {
	key  string
	line int
}

// readClaims reads an --expect-pass file: one op type (or model) a line,
// blank lines and # comments ignored.
func readClaims(path string) ([]claim, error) {
	st, err := os.Stat(path)
	if err != nil {
		return nil, fmt.Errorf("--expect-pass: %v", err)
	}
	const limit = 1 << 20
	if st.Size() > limit {
		return nil, fmt.Errorf("%s:1:1: error: %d bytes, above the limit of %d for a claims list", path, st.Size(), limit)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("--expect-pass: %v", err)
	}
	var claims []claim
	sc := bufio.NewScanner(bytes.NewReader(data))
	for n := 1; sc.Scan(); n++ {
		line, _, _ := strings.Cut(sc.Text(), "#")
		key := strings.TrimSpace(line)
		if key == "" {
			continue
		}
		if strings.ContainsAny(key, " \t") {
			return nil, fmt.Errorf("%s:%d:1: error: want one name a line, got %q", path, n, key)
		}
		if i := slices.IndexFunc(claims, func(c claim) bool { return c.key == key }); i >= 0 {
			return nil, fmt.Errorf("%s:%d:1: error: %s is listed twice (first at line %d)", path, n, key, claims[i].line)
		}
		claims = append(claims, claim{key, n})
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	return claims, nil
}
