package onnx

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os/exec"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mlc-go/mlc/ir"
)

// The importer rejects what onnx.checker rejects: testdata/checker_cases.py
// crafts models that break one checker rule each (and some that keep
// them), asks onnx.checker, and each model the checker rejects must fail
// to import with an error positioned in the file; each it accepts must
// import. lenient lists the rules the importer relaxes on purpose.
func TestImporterAgreesWithChecker(t *testing.T) {
	lenient := map[string]string{
		"unsorted": "nodes out of topological order are sorted, as ONNX Runtime sorts them",
	}
	const python = "/usr/bin/python3"
	if err := exec.Command(python, "-c", "import onnx, numpy").Run(); err != nil {
		t.Skipf("%s with onnx and numpy is not available: %v", python, err)
	}
	dir := t.TempDir()
	out, err := exec.Command(python, "testdata/checker_cases.py", dir).Output()
	require.NoError(t, err)
	sc := bufio.NewScanner(bytes.NewReader(out))
	cases := 0
	for sc.Scan() {
		var c struct{ Name, File, Checker string }
		require.NoError(t, json.Unmarshal(sc.Bytes(), &c))
		cases++
		_, err := ImportFile(ir.NewContext(), c.File, Options{})
		if why, ok := lenient[c.Name]; ok {
			assert.NotEmpty(t, c.Checker, "%s: onnx.checker now accepts it; drop it from lenient", c.Name)
			assert.NoError(t, err, "%s: %s", c.Name, why)
			continue
		}
		if c.Checker == "" {
			assert.NoError(t, err, "%s: onnx.checker accepts it", c.Name)
			continue
		}
		if !assert.Error(t, err, "%s: onnx.checker says %q", c.Name, c.Checker) {
			continue
		}
		var d *ir.Diagnostic
		require.ErrorAs(t, err, &d, c.Name)
		loc, ok := ir.FileLineCol(d.Loc)
		assert.True(t, ok && loc.File == c.File, "%s: %v is not positioned in the model", c.Name, d.Loc)
		t.Logf("%s: checker %q; importer %q", c.Name, c.Checker, d.Message)
	}
	require.NoError(t, sc.Err())
	assert.GreaterOrEqual(t, cases, 10)
}
