package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mlc-go/mlc/ir/asm"
	"github.com/mlc-go/mlc/rewrite/optmain"
)

// validIRFiles lists the lit tests under lit-tests/ir that are valid IR:
// those that expect no diagnostics and no failure.
func validIRFiles(t *testing.T) []string {
	files, err := filepath.Glob("../../lit-tests/ir/*.mlir")
	if err != nil || len(files) == 0 {
		t.Fatalf("no lit tests found: %v", err)
	}
	var out []string
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		s := string(src)
		if strings.Contains(s, "expected-error") || strings.Contains(s, "RUN: not ") || strings.Contains(s, "interop: skip") {
			continue
		}
		out = append(out, f)
	}
	return out
}

func mlcOpt(t *testing.T, name string, src []byte, split bool) []byte {
	t.Helper()
	var stdout, stderr bytes.Buffer
	opts := optmain.Options{
		AllowUnregistered: true,
		SplitInputFile:    split,
		Print:             asm.PrintOptions{Generic: true},
		Register:          registerAll,
	}
	if code := optmain.Run(opts, bytes.NewReader(src), &stdout, &stderr); code != 0 {
		t.Fatalf("mlc-opt %s failed (%d):\n%s", name, code, stderr.String())
	}
	return stdout.Bytes()
}

// TestInteropWithMLIR: for every valid lit input, our generic output is
// accepted by mlir-opt-19, and mlir-opt's generic print of it, read and
// printed by us, gives back our first output exactly.
func TestInteropWithMLIR(t *testing.T) {
	mlirOpt, err := exec.LookPath("mlir-opt-19")
	if err != nil {
		t.Skip("mlir-opt-19 not installed (make deps installs it)")
	}
	for _, f := range validIRFiles(t) {
		t.Run(filepath.Base(f), func(t *testing.T) {
			src, _ := os.ReadFile(f)
			split := bytes.Contains(src, []byte("--split-input-file"))
			ours := mlcOpt(t, f, src, split)
			args := []string{"--allow-unregistered-dialect", "--mlir-print-op-generic"}
			if split {
				args = append(args, "--split-input-file")
			}
			cmd := exec.Command(mlirOpt, append(args, "-")...)
			cmd.Stdin = bytes.NewReader(ours)
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			theirs, err := cmd.Output()
			if err != nil {
				t.Fatalf("mlir-opt-19 rejected our output: %v\n%s\n--- our output:\n%s", err, stderr.String(), ours)
			}
			back := mlcOpt(t, "mlir-opt output", theirs, split)
			if !bytes.Equal(ours, back) {
				t.Errorf("mlc -> mlir-opt -> mlc is not a fixed point\n--- ours:\n%s\n--- after mlir-opt:\n%s", ours, back)
			}
		})
	}
}
