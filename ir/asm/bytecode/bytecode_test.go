package bytecode_test

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/mlc-go/mlc/ir"
	"github.com/mlc-go/mlc/ir/asm"
	"github.com/mlc-go/mlc/ir/asm/bytecode"
)

// The inputs are dialect-neutral (builtin, func and unregistered ops), so
// mlir-opt-19 reads them too: every builtin attribute kind, dense
// elements, resources, locations, block arguments, regions, successors.
func inputs(t *testing.T) []string {
	files, err := filepath.Glob("testdata/*.mlir")
	require.NoError(t, err)
	require.NotEmpty(t, files)
	return files
}

func parse(t *testing.T, name string, src []byte) *ir.Operation {
	t.Helper()
	m, err := asm.Parse(newCtx(), name, src, 1)
	require.NoError(t, err, "parse %s", name)
	return m
}

func newCtx() *ir.Context {
	ctx := ir.NewContext()
	ctx.AllowUnregistered = true
	return ctx
}

var generic = asm.PrintOptions{Generic: true, DebugInfo: true, LocalScope: true}

func text(t *testing.T, m *ir.Operation, opts asm.PrintOptions) string {
	t.Helper()
	var b bytes.Buffer
	require.NoError(t, asm.Print(&b, m, opts))
	return strings.TrimSpace(b.String())
}

// Ours to ours, at every version we write.
func TestRoundTrip(t *testing.T) {
	for _, f := range inputs(t) {
		src, err := os.ReadFile(f)
		require.NoError(t, err)
		want := text(t, parse(t, f, src), generic)
		for v := 1; v <= bytecode.Version; v++ {
			b, err := bytecode.Encode(parse(t, f, src), bytecode.WriteOptions{Version: v})
			require.NoError(t, err)
			require.True(t, asm.IsBytecode(b))
			m, err := asm.Parse(newCtx(), f+".mlirbc", b, 1)
			require.NoError(t, err, "%s at version %d", f, v)
			got := text(t, m, generic)
			if v < 5 {
				// Before native properties, properties travel as attributes.
				want := text(t, parse(t, f, src), generic)
				require.Equal(t, strings.Count(want, "<{"), strings.Count(got, "<{")+strings.Count(want, "<{"), "%s v%d", f, v)
				continue
			}
			require.Equal(t, want, got, "%s at version %d", f, v)
			require.NoError(t, ir.Verify(m))
		}
	}
}

func mlirOpt(t *testing.T) string {
	p, err := exec.LookPath("mlir-opt-19")
	if err != nil {
		t.Skip("mlir-opt-19 not installed")
	}
	return p
}

func run(t *testing.T, name string, stdin []byte, args ...string) []byte {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Stdin = bytes.NewReader(stdin)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	require.NoError(t, err, "%s %v: %s", name, args, stderr.String())
	return out
}

var resources = regexp.MustCompile(`(?s)\{-#.*#-\}`)

// Our bytecode read by mlir-opt-19 prints as our text; mlir-opt-19's
// bytecode read by us prints as its text. Both sides print generic ops
// with locations (mlir-opt-19 without aliases, and then without
// resources, so resources are compared in a second print without
// locations).
func TestAgainstMLIROpt(t *testing.T) {
	mlir := mlirOpt(t)
	base := []string{"--allow-unregistered-dialect", "--mlir-print-op-generic"}
	withLocs := append(append([]string(nil), base...), "--mlir-print-debuginfo", "--mlir-print-local-scope")
	for _, f := range inputs(t) {
		t.Run(filepath.Base(f), func(t *testing.T) {
			src, err := os.ReadFile(f)
			require.NoError(t, err)
			ours := parse(t, f, src)
			oursLocs := resources.ReplaceAllString(text(t, ours, generic), "")
			oursPlain := text(t, ours, asm.PrintOptions{Generic: true})

			// Ours → mlir-opt-19.
			b, err := bytecode.Encode(ours, bytecode.WriteOptions{})
			require.NoError(t, err)
			require.Equal(t, strings.TrimSpace(oursLocs), strings.TrimSpace(string(run(t, mlir, b, append(withLocs, "-")...))))
			require.Equal(t, oursPlain, strings.TrimSpace(string(run(t, mlir, b, append(base, "-")...))))

			// mlir-opt-19 → ours.
			theirs := run(t, mlir, src, "--allow-unregistered-dialect", "--emit-bytecode", "-")
			require.True(t, asm.IsBytecode(theirs))
			m, err := asm.Parse(newCtx(), "theirs.mlirbc", theirs, 1)
			require.NoError(t, err)
			theirLocs := strings.TrimSpace(string(run(t, mlir, src, append(withLocs, "-")...)))
			require.Equal(t, theirLocs, strings.TrimSpace(resources.ReplaceAllString(text(t, m, generic), "")))
			require.Equal(t, strings.TrimSpace(string(run(t, mlir, src, append(base, "-")...))), text(t, m, asm.PrintOptions{Generic: true}))
		})
	}
}

// Empty dense elements (whose text mlc and mlir-opt-19 print differently)
// go to mlir-opt-19 and back: ours → its bytecode → ours.
func TestThroughMLIROpt(t *testing.T) {
	mlir := mlirOpt(t)
	src := []byte(`"tst.c"() {a = dense<> : tensor<0xf32>, b = dense<> : tensor<0x3xi1>, c = dense<[[true, false, true, true, false, false, true, true, true]]> : tensor<1x9xi1>} : () -> ()`)
	ours := parse(t, "empty.mlir", src)
	b, err := bytecode.Encode(ours, bytecode.WriteOptions{})
	require.NoError(t, err)
	theirs := run(t, mlir, b, "--allow-unregistered-dialect", "--emit-bytecode", "-")
	m, err := asm.Parse(newCtx(), "theirs.mlirbc", theirs, 1)
	require.NoError(t, err)
	require.Equal(t, text(t, ours, generic), text(t, m, generic))
}

// mlir-opt-19's files of testdata/*.mlirbc (its output on the .mlir
// inputs, kept so the test runs without it) read back to the same IR as
// the text.
func TestReadMLIRFiles(t *testing.T) {
	files, _ := filepath.Glob("testdata/*.mlirbc")
	require.NotEmpty(t, files)
	for _, f := range files {
		b, err := os.ReadFile(f)
		require.NoError(t, err)
		m, err := asm.Parse(newCtx(), f, b, 1)
		require.NoError(t, err, f)
		src, err := os.ReadFile(strings.TrimSuffix(f, "bc"))
		require.NoError(t, err)
		want := text(t, parse(t, f, src), asm.PrintOptions{Generic: true})
		require.Equal(t, want, text(t, m, asm.PrintOptions{Generic: true}), f)
	}
}

var positioned = regexp.MustCompile(`^[^:]+:1:[0-9]+$`)

// Every truncation and every single-byte corruption of a valid file is
// an error at a byte position or a well-formed module; never a panic.
func TestCorruptInput(t *testing.T) {
	files, _ := filepath.Glob("testdata/*.mlirbc")
	for _, f := range files {
		b, err := os.ReadFile(f)
		require.NoError(t, err)
		for n := 4; n < len(b); n++ {
			_, err := asm.Parse(newCtx(), "cut.mlirbc", b[:n], 1)
			require.Error(t, err, "%s cut at %d", f, n)
			var d *ir.Diagnostic
			require.True(t, errors.As(err, &d))
			flc, ok := ir.FileLineCol(d.Loc)
			require.True(t, ok)
			require.Equal(t, "cut.mlirbc", flc.File)
			require.Equal(t, 1, flc.Line)
			require.LessOrEqual(t, flc.Col, n+1, "%s cut at %d: %s", f, n, d.Message)
		}
		for i := 4; i < len(b); i++ {
			for _, x := range []byte{0x00, 0xFF, b[i] ^ 0x01, b[i] ^ 0x80} {
				c := bytes.Clone(b)
				c[i] = x
				if _, err := asm.Parse(newCtx(), "bad.mlirbc", c, 1); err != nil {
					var d *ir.Diagnostic
					require.True(t, errors.As(err, &d), "%v", err)
				}
			}
		}
	}
}

func TestErrorFormat(t *testing.T) {
	files, _ := filepath.Glob("testdata/*.mlirbc")
	b, err := os.ReadFile(files[0])
	require.NoError(t, err)
	_, err = asm.Parse(newCtx(), "x.mlirbc", b[:len(b)-3], 1)
	var d *ir.Diagnostic
	require.True(t, errors.As(err, &d))
	got := ir.NewSourceMgr().Format(d)
	require.Regexp(t, `^x\.mlirbc:1:[0-9]+: error: .+\nx\.mlirbc:1:[0-9]+: note: in bytecode version 6 produced by: MLIR19`, got)

	_, err = asm.Parse(newCtx(), "v.mlirbc", []byte("ML\xefR\x0fmlc\x00"), 1)
	require.ErrorContains(t, err, "bytecode version 7 is newer than the current version 6")
}

func FuzzReadBytecode(f *testing.F) {
	files, _ := filepath.Glob("testdata/*.mlirbc")
	for _, p := range files {
		b, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	f.Add([]byte(bytecode.Magic))
	f.Fuzz(func(t *testing.T, b []byte) {
		m, err := asm.Parse(newCtx(), "fuzz.mlirbc", append([]byte(bytecode.Magic), b...), 1)
		if err != nil {
			var d *ir.Diagnostic
			if !errors.As(err, &d) {
				t.Fatalf("unpositioned error: %v", err)
			}
			return
		}
		// What reads must write and read back the same.
		enc, err := bytecode.Encode(m, bytecode.WriteOptions{})
		if err != nil {
			return // e.g. a value used outside its isolated region
		}
		m2, err := asm.Parse(newCtx(), "again.mlirbc", enc, 1)
		if err != nil {
			t.Fatalf("re-reading our own encoding: %v", err)
		}
		if a, b := asm.String(m, asm.PrintOptions{Generic: true, DebugInfo: true}), asm.String(m2, asm.PrintOptions{Generic: true, DebugInfo: true}); a != b {
			t.Fatalf("round trip changed the IR:\n%s\n---\n%s", a, b)
		}
	})
}

// Whatever text the parser accepts, the writer encodes and the reader
// reads back to the same IR.
func FuzzWriteBytecode(f *testing.F) {
	files, _ := filepath.Glob("testdata/*.mlir")
	for _, p := range files {
		b, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		if asm.IsBytecode(src) {
			return
		}
		m, err := asm.Parse(newCtx(), "fuzz.mlir", src, 1)
		if err != nil || ir.Verify(m) != nil {
			return
		}
		enc, err := bytecode.Encode(m, bytecode.WriteOptions{})
		if err != nil {
			t.Fatalf("encoding verified IR: %v", err)
		}
		m2, err := asm.Parse(newCtx(), "fuzz.mlirbc", enc, 1)
		if err != nil {
			t.Fatalf("reading our encoding: %v", err)
		}
		opts := asm.PrintOptions{Generic: true, DebugInfo: true}
		if a, b := asm.String(m, opts), asm.String(m2, opts); a != b {
			t.Fatalf("round trip changed the IR:\n%s\n---\n%s", a, b)
		}
	})
}
