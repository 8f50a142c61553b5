package main

// Command-line parsing with LLVM cl::opt's spellings and errors, which cobra
// and pflag cannot reproduce: single- or double-dash long options,
// "-name=value" and "-name value" for valued options, booleans only with
// "=value", "-DVAR=VAL" as an always-prefix option, FILECHECK_OPTS, and
// exit status 1 for any command-line error.

import (
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
)

type options struct {
	checkFile        string
	inputFile        string
	checkPrefixes    []string
	commentPrefixes  []string
	implicitCheckNot []string
	defines          []string
	strictWS         bool
	ignoreCase       bool
	allowEmpty       bool
	allowUnused      bool
	matchFullLines   bool
	enableVarScope   bool
	allowDagOverlap  bool
	verbose          bool
	color            colorMode // --color[=bool]; default: when stderr is a terminal
	verboseVerbose   bool
	dumpInputs       []dumpMode
	dumpFilters      []dumpFilter
	dumpContexts     []int
	help             bool
	version          bool
}

type optKind int

const (
	okBool optKind = iota
	okString
	okList      // repeatable string
	okCommaList // repeatable, comma separated
	okPrefix    // -DVALUE, value never taken from the next argument
	okEnum
	okUint
)

type optSpec struct {
	name string
	kind optKind
	set  func(o *options, v string, b bool) error
}

var optSpecs = []optSpec{
	{"input-file", okString, func(o *options, v string, _ bool) error { o.inputFile = v; return nil }},
	{"check-prefix", okList, func(o *options, v string, _ bool) error {
		o.checkPrefixes = append(o.checkPrefixes, v)
		return nil
	}},
	{"check-prefixes", okCommaList, func(o *options, v string, _ bool) error {
		o.checkPrefixes = append(o.checkPrefixes, v)
		return nil
	}},
	{"comment-prefixes", okCommaList, func(o *options, v string, _ bool) error {
		o.commentPrefixes = append(o.commentPrefixes, v)
		return nil
	}},
	{"implicit-check-not", okList, func(o *options, v string, _ bool) error {
		o.implicitCheckNot = append(o.implicitCheckNot, v)
		return nil
	}},
	{"D", okPrefix, func(o *options, v string, _ bool) error { o.defines = append(o.defines, v); return nil }},
	{"strict-whitespace", okBool, func(o *options, _ string, b bool) error { o.strictWS = b; return nil }},
	{"ignore-case", okBool, func(o *options, _ string, b bool) error { o.ignoreCase = b; return nil }},
	{"allow-empty", okBool, func(o *options, _ string, b bool) error { o.allowEmpty = b; return nil }},
	{"allow-unused-prefixes", okBool, func(o *options, _ string, b bool) error { o.allowUnused = b; return nil }},
	{"match-full-lines", okBool, func(o *options, _ string, b bool) error { o.matchFullLines = b; return nil }},
	{"enable-var-scope", okBool, func(o *options, _ string, b bool) error { o.enableVarScope = b; return nil }},
	{"allow-deprecated-dag-overlap", okBool, func(o *options, _ string, b bool) error { o.allowDagOverlap = b; return nil }},
	{"v", okBool, func(o *options, _ string, b bool) error { o.verbose = b; return nil }},
	{"vv", okBool, func(o *options, _ string, b bool) error { o.verboseVerbose = b; return nil }},
	{"color", okBool, func(o *options, _ string, b bool) error {
		o.color = colorOff
		if b {
			o.color = colorOn
		}
		return nil
	}},
	{"dump-input", okEnum, func(o *options, v string, _ bool) error {
		m := map[string]dumpMode{"help": dumpHelp, "always": dumpAlways, "fail": dumpFail, "never": dumpNever}[v]
		if m == 0 {
			return fmt.Errorf("Cannot find option named '%s'!", v)
		}
		o.dumpInputs = append(o.dumpInputs, m)
		return nil
	}},
	{"dump-input-filter", okEnum, func(o *options, v string, _ bool) error {
		m, ok := map[string]dumpFilter{"all": filterAll, "annotation-full": filterAnnotationFull,
			"annotation": filterAnnotation, "error": filterError}[v]
		if !ok {
			return fmt.Errorf("Cannot find option named '%s'!", v)
		}
		o.dumpFilters = append(o.dumpFilters, m)
		return nil
	}},
	{"dump-input-context", okUint, func(o *options, v string, _ bool) error {
		n, err := strconv.ParseUint(v, 0, 32)
		if err != nil {
			return fmt.Errorf("'%s' value invalid for uint argument!", v)
		}
		o.dumpContexts = append(o.dumpContexts, int(n))
		return nil
	}},
	{"help", okBool, func(o *options, _ string, b bool) error { o.help = b; return nil }},
	{"h", okBool, func(o *options, _ string, b bool) error { o.help = b; return nil }},
	{"version", okBool, func(o *options, _ string, b bool) error { o.version = b; return nil }},
}

func findOpt(name string) *optSpec {
	for i := range optSpecs {
		if optSpecs[i].name == name {
			return &optSpecs[i]
		}
	}
	return nil
}

func parseBool(v string) (bool, bool) {
	switch v {
	case "", "true", "TRUE", "True", "1":
		return true, true
	case "false", "FALSE", "False", "0":
		return false, true
	}
	return false, false
}

// tokenizeGNU splits an environment string like TokenizeGNUCommandLine.
func tokenizeGNU(s string) []string {
	var out []string
	var cur strings.Builder
	inTok := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			if inTok {
				out = append(out, cur.String())
				cur.Reset()
				inTok = false
			}
		case c == '\\' && i+1 < len(s):
			i++
			cur.WriteByte(s[i])
			inTok = true
		case c == '"' || c == '\'':
			q := c
			inTok = true
			for i++; i < len(s) && s[i] != q; i++ {
				if q == '"' && s[i] == '\\' && i+1 < len(s) {
					i++
				}
				cur.WriteByte(s[i])
			}
		default:
			cur.WriteByte(c)
			inTok = true
		}
	}
	if inTok {
		out = append(out, cur.String())
	}
	return out
}

// knownOptionNames are the options FileCheck-19 lists in --help-list-hidden
// (its own and LLVM's generic ones), used for "Did you mean" suggestions.
var knownOptionNames = []string{
	"D", "allow-deprecated-dag-overlap", "allow-empty", "allow-unused-prefixes",
	"check-prefix", "check-prefixes", "color", "comment-prefixes",
	"crash-diagnostics-dir", "debug-counter", "debug-counter-break-on-last",
	"disable-symbolication", "dump-input", "dump-input-context", "dump-input-filter",
	"enable-var-scope", "h", "help", "help-hidden", "help-list", "help-list-hidden",
	"ignore-case", "implicit-check-not", "info-output-file", "input-file",
	"match-full-lines", "print-all-options", "print-debug-counter", "print-options",
	"rng-seed", "sort-timers", "stats", "stats-json", "strict-whitespace",
	"track-memory", "treat-scalable-fixed-error-as-warning", "v", "version", "vv",
}

// nearestOption mirrors CommandLineParser::LookupNearestOption.
func nearestOption(arg string) string {
	lhs, rhs, _ := strings.Cut(arg, "=")
	best, bestDist := "", -1
	for _, name := range knownOptionNames {
		d := editDistance(name, lhs)
		if bestDist < 0 || d < bestDist {
			bestDist = d
			best = name
			if rhs != "" {
				best = name + "=" + rhs
			}
		}
	}
	if len(strings.SplitN(best, "=", 2)[0]) == 1 {
		return "-" + best
	}
	return "--" + best
}

func isGroupingOpt(s *optSpec) bool { return len(s.name) == 1 && s.kind == okBool }

// getOptionPred chops characters off the end of name until it names an
// option satisfying pred, like CommandLine.cpp's getOptionPred.
func getOptionPred(name string, pred func(*optSpec) bool) (*optSpec, int) {
	for len(name) > 0 {
		if s := findOpt(name); s != nil && pred(s) {
			return s, len(name)
		}
		if len(name) == 1 {
			break
		}
		name = name[:len(name)-1]
	}
	return nil, 0
}

// parseArgs parses args (without the program name) the way LLVM's
// cl::ParseCommandLineOptions does. It returns the options and the
// cl-style error messages (exit status 1 if any). Parsing stops at --help
// or --version, as LLVM prints and exits there.
func parseArgs(prog string, args []string) (*options, []string) {
	o := &options{inputFile: "-"}
	var errs []string
	var positional []string
	onlyPositional := false
	for i := 0; i < len(args); i++ {
		a := args[i]
		if onlyPositional || a == "-" || !strings.HasPrefix(a, "-") {
			positional = append(positional, a)
			continue
		}
		if a == "--" {
			onlyPositional = true
			continue
		}
		body := strings.TrimPrefix(a[1:], "-")
		var spec *optSpec
		val, hasVal := "", false
		if eq := strings.IndexByte(body, '='); eq < 0 {
			spec = findOpt(body)
		} else if s := findOpt(body[:eq]); s != nil && s.kind != okPrefix {
			spec, val, hasVal = s, body[eq+1:], true
		}
		if spec == nil && body != "" {
			// HandlePrefixedOrGroupedOption: "-DVAR=VAL", "-vv" as "-v -v", ...
			arg := body
			s, n := getOptionPred(arg, func(s *optSpec) bool { return s.kind == okPrefix || isGroupingOpt(s) })
			for s != nil {
				mv := arg[n:]
				if mv == "" || s.kind == okPrefix {
					spec, val, hasVal = s, mv, mv != ""
					break
				}
				if mv[0] == '=' {
					spec, val, hasVal = s, mv[1:], true
					break
				}
				s.set(o, "", true)
				if o.help || o.version {
					return o, errs
				}
				arg = mv
				s, n = getOptionPred(arg, isGroupingOpt)
			}
		}
		if spec == nil {
			errs = append(errs, fmt.Sprintf("%s: Unknown command line argument '%s'.  Try: '%s --help'", prog, a, prog))
			if body != "" {
				errs = append(errs, fmt.Sprintf("%s: Did you mean '%s'?", prog, nearestOption(body)))
			}
			continue
		}
		// LLVM's cl names an option in its messages with one dash when
		// the name is one letter and two otherwise, however it was typed.
		optName := "--" + spec.name
		if len(spec.name) == 1 {
			optName = "-" + spec.name
		}
		switch spec.kind {
		case okBool:
			b, ok := parseBool(val)
			if hasVal && !ok {
				errs = append(errs, fmt.Sprintf("%s: for the %s option: '%s' is invalid value for boolean argument! Try 0 or 1", prog, optName, val))
				continue
			}
			spec.set(o, "", b)
			if o.help || o.version {
				return o, errs
			}
			continue
		case okPrefix:
			if !hasVal {
				errs = append(errs, fmt.Sprintf("%s: for the %s option: requires a value!", prog, optName))
				continue
			}
		default:
			if !hasVal {
				if i+1 >= len(args) {
					errs = append(errs, fmt.Sprintf("%s: for the %s option: requires a value!", prog, optName))
					continue
				}
				i++
				val = args[i]
			}
		}
		vals := []string{val}
		if spec.kind == okCommaList {
			vals = strings.Split(val, ",")
		}
		for _, v := range vals {
			if err := spec.set(o, v, false); err != nil {
				errs = append(errs, fmt.Sprintf("%s: for the %s option: %s", prog, optName, err))
			}
		}
	}
	if len(positional) > 1 {
		errs = append(errs, fmt.Sprintf("%s: Too many positional arguments specified!\nCan specify at most 1 positional arguments: See: %s --help", prog, prog))
	} else if len(positional) == 1 {
		o.checkFile = positional[0]
	}
	return o, errs
}

const usageText = `USAGE: filecheck [options] <check-file>

A FileCheck-compatible checker: reads the input to check from stdin (or
--input-file) and verifies it against the CHECK directives in <check-file>.
Exit status: 0 on match, 1 on a failed check (or a command-line error),
2 on a bad check file, missing files or empty input.

OPTIONS:
  --allow-deprecated-dag-overlap  Allow overlapping CHECK-DAG matches
  --allow-empty                   Allow the input to be empty
  --allow-unused-prefixes         Allow prefixes that do not appear in the check file
  --check-prefix=<prefix>         Prefix to use from check file (defaults to 'CHECK')
  --check-prefixes=<a,b,...>      Comma separated list of prefixes
  --comment-prefixes=<a,b,...>    Comment prefixes (defaults to 'COM,RUN')
  -D<VAR=VALUE>                   Define a string variable
  -D#<FMT,><VAR=EXPR>             Define a numeric variable
  --dump-input=<help|always|fail|never>
                                  Dump annotated input to stderr (default fail)
  --dump-input-context=<N>        Lines of context around filtered lines
  --dump-input-filter=<all|annotation-full|annotation|error>
  --enable-var-scope              Reset non-$ variables at each CHECK-LABEL
  --ignore-case                   Case-insensitive matching
  --implicit-check-not=<pattern>  Add an implicit CHECK-NOT (repeatable)
  --input-file=<file>             File to check (defaults to stdin)
  --match-full-lines              Require positive matches to cover whole lines
  --strict-whitespace             Do not canonicalise horizontal whitespace
  -v, -vv                         Verbose diagnostics
  --color                         Use colors in diagnostics and the input dump (default: when stderr is a terminal)

Options are also read from the FILECHECK_OPTS environment variable.
`

// colorMode is LLVM's --color, a bool-or-default option.
type colorMode int

const (
	colorAuto colorMode = iota // colors when stderr is a terminal
	colorOn
	colorOff
)

// useColor decides --color for w: on or off as given, else on only for a
// terminal, as WithColor does.
func (m colorMode) useColor(w io.Writer) bool {
	switch m {
	case colorOn:
		return true
	case colorOff:
		return false
	}
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}
