package main

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
)

// featuresFile is read from a suite's root (the directory holding its
// lit.cfg.py). lit-tests/lit.cfg.py reads the same file, so both runners
// agree on suffixes, excludes, features, substitutions and environment.
const featuresFile = "lit.features"

// defaultFeatures is used for a suite without a lit.features file. It is
// the same table as lit-tests/lit.features (a test checks that they agree).
const defaultFeatures = `
name mlc
param mlc_bin MLC_BIN tools-dir
param exec_root MLC_LIT_EXEC_ROOT exec-root
suffixes .mlir .txt .test .ll
excludes Inputs lit.cfg.py lit.site.cfg.py lit.local.cfg
feature mlir-opt mlir-opt-19 mlir-opt
feature mlir-translate mlir-translate-19 mlir-translate
feature FileCheck FileCheck-19 FileCheck
host linux linux
host darwin darwin
subst FileCheck FileCheck-19 FileCheck
subst mlir-opt mlir-opt-19 mlir-opt
subst mlir-translate mlir-translate-19 mlir-translate
passenv GOCOVERDIR
`

// llvmBinDir is put on the tests' PATH after mlc-lit's own directory
// (a variable only so that tests can do without it).
var llvmBinDir = "/usr/lib/llvm-19/bin"

// featureRule makes Name available when any of Exes is on the test PATH.
type featureRule struct {
	Name string
	Exes []string
}

// hostRule makes Name available when the host OS is OS.
type hostRule struct {
	Name string
	OS   string
}

// substRule replaces the command word Word by the path of the first of Exes
// found on the test PATH.
type substRule struct {
	Word string
	Exes []string
}

// paramRule declares a lit parameter (--param NAME=VALUE, else the
// environment variable Env) and what it sets, its Role.
type paramRule struct {
	Name string
	Env  string
	Role string
}

// Parameter roles: what a parameter's value means to both runners.
const (
	roleToolsDir = "tools-dir" // directory put first on the tests' PATH
	roleExecRoot = "exec-root" // where tests run and keep their %t files
)

// features is the parsed content of a lit.features file.
type features struct {
	Name     string // suite name, printed before each test name
	Params   []paramRule
	Suffixes []string
	Excludes []string
	Features []featureRule
	Hosts    []hostRule
	Substs   []substRule
	PassEnv  []string
}

// parseFeatures parses the lit.features format:
//
//	# comment
//	name NAME                the suite's name (lit's config.name); default <unnamed>
//	param NAME ENV ROLE      lit parameter NAME (else $ENV) sets ROLE: tools-dir or exec-root
//	suffixes EXT...          test file suffixes (".mlir")
//	excludes NAME...         file and directory names never searched for tests
//	feature NAME EXE...      NAME is available when any EXE is on the test PATH
//	host NAME OS             NAME is available on that host OS (Go's GOOS)
//	subst WORD EXE...        WORD used as a command becomes the path of the first EXE found
//	passenv VAR...           environment variables passed to tests besides lit's defaults
func parseFeatures(src, where string) (*features, error) {
	f := &features{Name: "<unnamed>"}
	for i, line := range strings.Split(src, "\n") {
		if j := strings.IndexByte(line, '#'); j >= 0 {
			line = line[:j]
		}
		fields := strings.Fields(line)
		if len(fields) == 0 {
			continue
		}
		bad := func(msg string) error {
			return fmt.Errorf("%s:%d: %s", where, i+1, msg)
		}
		kw, args := fields[0], fields[1:]
		switch kw {
		case "name":
			if len(args) != 1 {
				return nil, bad("want: name NAME")
			}
			f.Name = args[0]
		case "param":
			if len(args) != 3 {
				return nil, bad("want: param NAME ENV ROLE")
			}
			if args[2] != roleToolsDir && args[2] != roleExecRoot {
				return nil, bad(fmt.Sprintf("unknown parameter role %q (want %s or %s)", args[2], roleToolsDir, roleExecRoot))
			}
			f.Params = append(f.Params, paramRule{args[0], args[1], args[2]})
		case "suffixes":
			f.Suffixes = append(f.Suffixes, args...)
		case "excludes":
			f.Excludes = append(f.Excludes, args...)
		case "passenv":
			f.PassEnv = append(f.PassEnv, args...)
		case "feature":
			if len(args) < 2 {
				return nil, bad("want: feature NAME EXE...")
			}
			f.Features = append(f.Features, featureRule{args[0], args[1:]})
		case "host":
			if len(args) != 2 {
				return nil, bad("want: host NAME OS")
			}
			f.Hosts = append(f.Hosts, hostRule{args[0], args[1]})
		case "subst":
			if len(args) < 2 {
				return nil, bad("want: subst WORD EXE...")
			}
			f.Substs = append(f.Substs, substRule{args[0], args[1:]})
		default:
			return nil, bad(fmt.Sprintf("unknown directive %q", kw))
		}
	}
	return f, nil
}

var builtinFeatures = func() *features {
	f, err := parseFeatures(defaultFeatures, "built-in lit.features")
	if err != nil {
		panic(err) // a constant; covered by tests
	}
	return f
}()

// suiteConfigNames mark a directory as the root of a test suite, as for lit.
var suiteConfigNames = []string{"lit.site.cfg.py", "lit.site.cfg", "lit.cfg.py", "lit.cfg"}

func isSuiteRoot(dir string) bool {
	for _, n := range suiteConfigNames {
		if fi, err := os.Stat(filepath.Join(dir, n)); err == nil && !fi.IsDir() {
			return true
		}
	}
	return false
}

// findSuiteRoot returns the nearest directory at or above dir that holds a
// lit config, or dir itself when there is none.
func findSuiteRoot(dir string) string {
	for d := dir; ; {
		if isSuiteRoot(d) {
			return d
		}
		parent := filepath.Dir(d)
		if parent == d {
			return dir
		}
		d = parent
	}
}

// suite is a test suite and the environment its tests run in.
type suite struct {
	Name     string // lit's config.name
	Root     string // absolute source root
	ExecRoot string // absolute root of the tests' exec dirs (under the temp dir)
	Conf     *features

	Path      []string          // the tests' PATH, in order
	Env       []string          // the tests' whole environment
	Available map[string]bool   // available features
	Substs    []substitution    // tool substitutions, in order
	Resolved  map[string]string // subst word -> path, for -v and tests
	Bash      string
}

// litPassVars are the variables lit passes from its own environment to
// tests (lit's TestingConfig.fromdefaults); everything else is dropped.
var litPassVars = []string{
	"LIBRARY_PATH", "LD_LIBRARY_PATH", "SYSTEMROOT", "TERM", "CLANG", "LLDB",
	"LD_PRELOAD", "LLVM_SYMBOLIZER_PATH", "LLVM_PROFILE_FILE",
	"ASAN_SYMBOLIZER_PATH", "HWASAN_SYMBOLIZER_PATH", "LSAN_SYMBOLIZER_PATH",
	"MSAN_SYMBOLIZER_PATH", "TSAN_SYMBOLIZER_PATH", "UBSAN_SYMBOLIZER_PATH",
	"ASAN_OPTIONS", "LSAN_OPTIONS", "HWASAN_OPTIONS", "MSAN_OPTIONS",
	"TSAN_OPTIONS", "UBSAN_OPTIONS", "ADB", "ADB_SERVER_SOCKET",
	"ANDROID_SERIAL", "SSH_AUTH_SOCK", "SANITIZER_IGNORE_CVE_2016_2143",
	"TMPDIR", "TMP", "TEMP", "TEMPDIR", "AVRLIT_BOARD", "AVRLIT_PORT",
	"FILECHECK_OPTS", "VCINSTALLDIR", "VCToolsinstallDir", "VSINSTALLDIR",
	"WindowsSdkDir", "WindowsSDKLibVersion", "SOURCE_DATE_EPOCH",
	"GTEST_FILTER", "DFLTCC",
}

// testPath is the PATH tests see: selfDir (where mlc-lit and its sibling
// tools live), then LLVM 19's bin directory when present, then ours.
func testPath(selfDir, inherited string) []string {
	var dirs []string
	if selfDir != "" {
		dirs = append(dirs, selfDir)
	}
	if fi, err := os.Stat(llvmBinDir); err == nil && fi.IsDir() {
		dirs = append(dirs, llvmBinDir)
	}
	if inherited != "" {
		dirs = append(dirs, filepath.SplitList(inherited)...)
	}
	return dirs
}

// lookPath finds an executable file named name in dirs.
func lookPath(name string, dirs []string) string {
	isExe := func(p string) bool {
		fi, err := os.Stat(p)
		return err == nil && !fi.IsDir() && fi.Mode()&0o111 != 0
	}
	if strings.ContainsRune(name, '/') {
		if isExe(name) {
			return name
		}
		return ""
	}
	for _, d := range dirs {
		if d == "" {
			d = "."
		}
		p := filepath.Join(d, name)
		if isExe(p) {
			if abs, err := filepath.Abs(p); err == nil {
				return abs
			}
			return p
		}
	}
	return ""
}

// newSuite resolves a suite's configuration: its lit.features (or the
// built-in one), its parameters (params, from --param, win over the
// environment), the tests' PATH and environment, features and tools.
func newSuite(root, execRoot, selfDir string, params map[string]string, getenv func(string) string) (*suite, error) {
	conf := builtinFeatures
	fpath := filepath.Join(root, featuresFile)
	if data, err := os.ReadFile(fpath); err == nil {
		conf, err = parseFeatures(string(data), fpath)
		if err != nil {
			return nil, err
		}
	} else if !os.IsNotExist(err) {
		return nil, err
	}
	for _, pr := range conf.Params {
		val, ok := params[pr.Name]
		if !ok || val == "" {
			val = getenv(pr.Env)
		}
		if val == "" {
			continue
		}
		abs, err := filepath.Abs(val)
		if err != nil {
			return nil, err
		}
		switch pr.Role {
		case roleToolsDir:
			selfDir = abs
		case roleExecRoot:
			execRoot = abs
		}
	}
	s := &suite{
		Name:      conf.Name,
		Root:      root,
		ExecRoot:  execRoot,
		Conf:      conf,
		Available: map[string]bool{},
		Resolved:  map[string]string{},
	}
	s.Path = testPath(selfDir, getenv("PATH"))
	for _, fr := range conf.Features {
		for _, exe := range fr.Exes {
			if lookPath(exe, s.Path) != "" {
				s.Available[fr.Name] = true
				break
			}
		}
	}
	for _, hr := range conf.Hosts {
		if hr.OS == runtime.GOOS {
			s.Available[hr.Name] = true
		}
	}
	for _, sr := range conf.Substs {
		for _, exe := range sr.Exes {
			if p := lookPath(exe, s.Path); p != "" {
				s.Resolved[sr.Word] = p
				s.Substs = append(s.Substs, toolSubst(sr.Word, p))
				break
			}
		}
	}
	env := map[string]string{
		"PATH":                      strings.Join(s.Path, string(os.PathListSeparator)),
		"LLVM_DISABLE_CRASH_REPORT": "1",
	}
	for _, v := range append(append([]string{}, litPassVars...), conf.PassEnv...) {
		if val := getenv(v); val != "" {
			env[v] = val
		}
	}
	keys := make([]string, 0, len(env))
	for k := range env {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		s.Env = append(s.Env, k+"="+env[k])
	}
	s.Bash = lookPath("bash", s.Path)
	if s.Bash == "" {
		s.Bash = lookPath("bash", filepath.SplitList(getenv("PATH")))
	}
	if s.Bash == "" {
		return nil, fmt.Errorf("cannot find bash on PATH")
	}
	return s, nil
}

// featureList returns the available features, sorted.
func (s *suite) featureList() []string {
	var l []string
	for f := range s.Available {
		l = append(l, f)
	}
	sort.Strings(l)
	return l
}
