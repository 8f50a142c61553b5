package qnnser_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	qnnser "github.com/mlc-go/mlc/translate/qnn"
)

const python = "/usr/bin/python3"

// runChecker runs scripts/check-qnn-json.py on a _net.json and returns
// its output and whether it accepted the files.
func runChecker(t *testing.T, netJSON string) (string, bool) {
	t.Helper()
	if _, err := os.Stat(python); err != nil {
		t.Skipf("%s is absent", python)
	}
	out, err := exec.Command(python, "../../scripts/check-qnn-json.py", netJSON).CombinedOutput()
	if err != nil {
		if _, exit := err.(*exec.ExitError); !exit {
			t.Fatalf("running the checker: %v", err)
		}
		return string(out), false
	}
	return string(out), true
}

func checkWithScript(t *testing.T, netJSON string) {
	t.Helper()
	if _, err := os.Stat(python); err != nil {
		return
	}
	out, ok := runChecker(t, netJSON)
	require.True(t, ok, out)
}

// TestCheckerCatchesCorruption: the checker rejects a JSON with wrong
// dims (the bin entry no longer matches), an undefined node input, an
// unknown data type, duplicate ids, a per-axis scale count that differs
// from the axis size, an offset outside the stored range, and a bin
// entry of the wrong size.
func TestCheckerCatchesCorruption(t *testing.T) {
	src, err := os.ReadFile("testdata/ops.mlir")
	require.NoError(t, err)
	m := parse(t, newContext(), "testdata/ops.mlir", src)
	fn, err := qnnser.FindFunc(m, "conv")
	require.NoError(t, err)
	b, err := qnnser.Serialize(fn, qnnser.Options{})
	require.NoError(t, err)
	js := string(b.NetJSON)
	cases := []struct {
		name, old, new, want string
	}{
		{"wrong dims", `"dims": [
          3,
          3,
          4,
          8
        ]`, `"dims": [
          3,
          3,
          4,
          9
        ]`, "dims x element size"},
		{"undefined input", `"Transpose_2_out",`, `"nowhere",`, "input 'nowhere' is not defined before use"},
		{"unknown data type", `"data_type": 562,`, `"data_type": 563,`, "unknown data type 563"},
		{"duplicate id", `"id": 1,`, `"id": 0,`, "id 0 is also"},
		{"per-axis count", `"num_scale_offsets": 8,`, `"num_scale_offsets": 7,`, "num_scale_offsets 7"},
		{"offset range", `"offset": -128,`, `"offset": -300,`, "outside the 8-bit stored range"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			require.Contains(t, js, c.old)
			dir := t.TempDir()
			bad := *b
			bad.NetJSON = []byte(strings.Replace(js, c.old, c.new, 1))
			_, err := bad.Write(dir)
			require.NoError(t, err)
			out, ok := runChecker(t, filepath.Join(dir, "conv_net.json"))
			require.False(t, ok, out)
			require.Contains(t, out, c.want)
		})
	}
	t.Run("encodings bit width", func(t *testing.T) {
		dir := t.TempDir()
		bad := *b
		bad.Encodings = []byte(strings.Replace(string(b.Encodings), `"bitwidth": 8,`, `"bitwidth": 16,`, 1))
		require.NotEqual(t, b.Encodings, bad.Encodings)
		_, err := bad.Write(dir)
		require.NoError(t, err)
		out, ok := runChecker(t, filepath.Join(dir, "conv_net.json"))
		require.False(t, ok, out)
		require.Contains(t, out, "bitwidth 16 differs")
	})
	t.Run("bin entry size", func(t *testing.T) {
		dir := t.TempDir()
		_, err := b.Write(dir)
		require.NoError(t, err)
		// Drop the last byte of the last entry's data area: the tar's
		// declared sizes stay, but the JSON now disagrees with a
		// shortened copy of one tensor.
		js2 := regexp.MustCompile(`("Conv2d_3_bias": \{\s*"id": \d+,\s*"type": 4,\s*"dataFormat": 0,\s*"data_type": )818`).
			ReplaceAllString(js, "${1}790")
		require.NotEqual(t, js, js2)
		require.NoError(t, os.WriteFile(filepath.Join(dir, "conv_net.json"), []byte(js2), 0o644))
		out, ok := runChecker(t, filepath.Join(dir, "conv_net.json"))
		require.False(t, ok, out)
		require.Contains(t, out, "Conv2d_3_bias")
	})
}
