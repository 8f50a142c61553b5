// Command filecheck is a FileCheck-compatible checker: it verifies that an
// input (stdin or --input-file) matches the CHECK directives of a check
// file, with LLVM FileCheck 19's directives, pattern syntax, flags,
// diagnostics and exit codes (0 match, 1 failed check, 2 bad check file or
// input). It imports nothing from mlc so that it can check mlc itself.
package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"regexp"
	"runtime/debug"
	"slices"
	"strings"
	"syscall"
	"unsafe"
)

func main() {
	// The live heap is dominated by the input, one pointer-free block that
	// is cheap to mark; collecting at +25% instead of +100% keeps peak RSS
	// close to the input size at negligible cost.
	debug.SetGCPercent(25)
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

const progName = "filecheck"

// run is the whole tool; it returns the exit status.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) (status int) {
	// Last resort: an internal error must still end in one clear message
	// and status 2, not a stack trace. (FuzzCheckFile calls runWith, which
	// has no such net, so the fuzzer does see any panic.)
	defer func() {
		if r := recover(); r != nil {
			fmt.Fprintf(stderr, "%s: internal error: %v\n", progName, r)
			status = 2
		}
	}()
	var releases []func()
	defer func() {
		for _, r := range releases {
			r()
		}
	}()
	read := func(name string) ([]byte, error) {
		data, release, err := readSourceBuf(name, stdin)
		releases = append(releases, release)
		return data, err
	}
	return runWith(args, read, stdout, stderr)
}

// runWith is run with file access abstracted: read returns the contents of
// a named file ("-" is stdin). The fuzz test drives it from memory.
func runWith(args []string, read func(string) ([]byte, error), stdout, stderr io.Writer) int {
	if env := os.Getenv("FILECHECK_OPTS"); env != "" {
		args = append(tokenizeGNU(env), args...)
	}
	o, errs := parseArgs(progName, args)
	for _, e := range errs {
		fmt.Fprintln(stderr, e)
	}
	if o.help {
		io.WriteString(stdout, usageText)
		return 0
	}
	if o.version {
		fmt.Fprintln(stdout, "filecheck (mlc), compatible with LLVM FileCheck 19")
		return 0
	}
	if len(errs) > 0 {
		return 1
	}
	mode := dumpFail
	if len(o.dumpInputs) > 0 {
		mode = slices.Max(o.dumpInputs)
	}
	filter := filterError
	if len(o.dumpFilters) > 0 {
		filter = slices.Max(o.dumpFilters)
	} else if mode == dumpAlways {
		filter = filterAll
	}
	context := 5
	if len(o.dumpContexts) > 0 {
		context = slices.Max(o.dumpContexts)
	}
	if mode == dumpHelp {
		io.WriteString(stdout, dumpHelpFor(o.color.useColor(stdout)))
		return 0
	}
	if o.checkFile == "" {
		fmt.Fprintln(stderr, "<check-file> not specified")
		return 2
	}

	req := &request{
		checkPrefixes:       o.checkPrefixes,
		commentPrefixes:     o.commentPrefixes,
		implicitCheckNot:    o.implicitCheckNot,
		allowEmptyInput:     o.allowEmpty,
		allowUnusedPrefixes: o.allowUnused,
		matchFullLines:      o.matchFullLines,
		ignoreCase:          o.ignoreCase,
		enableVarScope:      o.enableVarScope,
		allowDagOverlap:     o.allowDagOverlap,
		verbose:             o.verbose || o.verboseVerbose,
		verboseVerbose:      o.verboseVerbose,
		strictWhitespace:    o.strictWS,
	}
	defErr := false
	for _, g := range o.defines {
		eq := strings.IndexByte(g, '=')
		if eq < 0 {
			fmt.Fprintf(stderr, "Missing equal sign in command-line definition '-D%s'\n", g)
			defErr = true
			continue
		}
		if eq == 0 {
			fmt.Fprintf(stderr, "Missing variable name in command-line definition '-D%s'\n", g)
			defErr = true
			continue
		}
		req.globalDefines = append(req.globalDefines, g)
	}
	if defErr {
		return 2
	}
	if !validatePrefixes(req, stderr) {
		return 2
	}

	d := &diagSink{w: stderr, color: o.color.useColor(stderr)}
	checkData, err := read(o.checkFile)
	if err != nil {
		fmt.Fprintf(stderr, "Could not open check file '%s': %s\n", o.checkFile, errMessage(err))
		return 2
	}
	checkData = canonicalize(checkData, req.strictWhitespace)
	checkName := o.checkFile
	if checkName == "-" {
		checkName = "<stdin>"
	}
	c := &checker{
		req:      req,
		d:        d,
		ctx:      newPatternContext(),
		checkBuf: newBuf(checkName, string(checkData)),
	}
	if st := c.readCheckFile(); st != 0 {
		return st
	}

	inputName := o.inputFile
	inData, err := read(o.inputFile)
	if inputName == "-" {
		inputName = "<stdin>"
	}
	if err != nil {
		fmt.Fprintf(stderr, "Could not open input file '%s': %s\n", inputName, errMessage(err))
		return 2
	}
	if len(inData) == 0 && !req.allowEmptyInput {
		fmt.Fprintf(stderr, "FileCheck error: '%s' is empty.\n", inputName)
		fmt.Fprintf(stderr, "FileCheck command line:  %s %s\n", progName, strings.Join(args, " "))
		return 2
	}
	inData = canonicalize(inData, req.strictWhitespace)
	var inText string
	if len(inData) > 0 {
		inText = unsafe.String(&inData[0], len(inData))
	}
	c.input = newBuf(inputName, inText)
	c.ctx.input = c.input
	var diags []fcDiag
	if mode != dumpNever {
		c.diags = &diags
	}
	exit := 0
	if !c.checkInput() {
		exit = 1
	}
	if mode == dumpAlways || (exit == 1 && mode == dumpFail) {
		w := bufio.NewWriterSize(stderr, 64<<10)
		w.WriteString("\nInput file: " + inputName + "\nCheck file: " + o.checkFile + "\n\n")
		w.WriteString("-dump-input=help explains the following input dump.\n\n")
		c.dumpInput(w, filter, context)
		w.Flush()
	}
	return exit
}

var prefixRE = regexp.MustCompile(`^[a-zA-Z0-9_-]*$`)

// validatePrefixes mirrors FileCheck::ValidateCheckPrefixes.
func validatePrefixes(req *request, w io.Writer) bool {
	unique := map[string]bool{}
	if len(req.checkPrefixes) == 0 {
		unique["CHECK"] = true
	}
	if len(req.commentPrefixes) == 0 {
		unique["COM"], unique["RUN"] = true, true
	}
	check := func(kind string, ps []string) bool {
		for _, p := range ps {
			if p == "" {
				fmt.Fprintf(w, "error: supplied %s prefix must not be the empty string\n", kind)
				return false
			}
			if !prefixRE.MatchString(p) {
				fmt.Fprintf(w, "error: supplied %s prefix must start with a letter and contain only alphanumeric characters, hyphens, and underscores: '%s'\n", kind, p)
				return false
			}
			if unique[p] {
				fmt.Fprintf(w, "error: supplied %s prefix must be unique among check and comment prefixes: '%s'\n", kind, p)
				return false
			}
			unique[p] = true
		}
		return true
	}
	return check("check", req.checkPrefixes) && check("comment", req.commentPrefixes)
}

// readSourceBuf reads a file, or stdin for "-", in one go. A large input
// may be put in memory that release frees (see allocInput).
func readSourceBuf(name string, stdin io.Reader) (data []byte, release func(), err error) {
	release = func() {}
	var f *os.File
	if name == "-" {
		if stdin == nil {
			return nil, release, nil
		}
		if sf, ok := stdin.(*os.File); ok {
			f = sf // a redirected file has a size to go by
		} else {
			data, err = io.ReadAll(stdin)
			return data, release, err
		}
	} else {
		f, err = os.Open(name)
		if err != nil {
			return nil, release, err
		}
		defer f.Close()
	}
	st, err := f.Stat()
	if err != nil {
		return nil, release, err
	}
	if st.IsDir() {
		return nil, release, syscall.EISDIR
	}
	size := 0
	if st.Mode().IsRegular() {
		size = int(st.Size())
	}
	buf, release := allocInput(size + 1)
	n := 0
	for {
		if n == len(buf) {
			// The file grew (or has no size): continue on the Go heap.
			nb := make([]byte, 2*len(buf)+4096)
			copy(nb, buf[:n])
			release()
			buf, release = nb, func() {}
		}
		m, err := f.Read(buf[n:])
		n += m
		if err == io.EOF {
			return buf[:n], release, nil
		}
		if err != nil {
			release()
			return nil, func() {}, err
		}
	}
}

// errMessage renders an OS error like std::error_code::message (strerror).
func errMessage(err error) string {
	var errno syscall.Errno
	if errors.As(err, &errno) {
		s := errno.Error()
		if s != "" {
			return strings.ToUpper(s[:1]) + s[1:]
		}
	}
	return err.Error()
}
