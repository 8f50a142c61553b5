package main

import (
	"fmt"
	"math/rand"
	"os"
	"os/signal"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mlc-go/mlc/internal/tensor"
)

const tinyCNN = "../../docs/examples/tiny-cnn-onnx/model.onnx"

func calibSets(t *testing.T, dir string, n int) string {
	t.Helper()
	rng := rand.New(rand.NewSource(1))
	calib := filepath.Join(dir, "calib")
	for k := range n {
		set := filepath.Join(calib, fmt.Sprintf("test_data_set_%d", k))
		require.NoError(t, os.MkdirAll(set, 0o755))
		x := tensor.New(tensor.F32, 1, 3, 16, 16)
		for i := range x.Float32s() {
			x.Float32s()[i] = float32(rng.NormFloat64())
		}
		require.NoError(t, tensor.WriteNpyFile(filepath.Join(set, "input.npy"), x))
	}
	return calib
}

func entries(t *testing.T, dir string) []string {
	t.Helper()
	ents, err := os.ReadDir(dir)
	require.NoError(t, err)
	var names []string
	for _, e := range ents {
		names = append(names, e.Name())
	}
	return names
}

func TestCompileCommand(t *testing.T) {
	dir := t.TempDir()
	calib := calibSets(t, dir, 4)
	out := filepath.Join(dir, "bundle")
	stdout, stderr, err := mlc(t, "compile", tinyCNN, "--target", "trt-orin", "--calib", calib, "-o", out)
	require.NoError(t, err, stderr)
	assert.Contains(t, stdout, "trt-orin: "+filepath.Join(out, "trt-orin")+" (gates passed)")
	assert.FileExists(t, filepath.Join(out, "trt-orin", "model.qdq.onnx"))

	// Unknown target: the known ones listed, exit 1, nothing written.
	_, stderr, err = mlc(t, "compile", tinyCNN, "--target", "trt-orin,trt-nano", "--calib", calib, "-o", filepath.Join(dir, "x"))
	assert.Equal(t, exitError{1}, err)
	assert.Contains(t, stderr, "unknown target 'trt-nano' (known: qnn-htp-v68, qnn-htp-v73, qnn-htp-v75, qnn-htp-v79, trt-orin, trt-thor)")
	// A gate the model cannot meet: exit 1, the report directory only.
	stdout, stderr, err = mlc(t, "compile", tinyCNN, "--target", "trt-orin", "--calib", calib, "--min-sqnr", "90", "-o", filepath.Join(dir, "strict"))
	assert.Equal(t, exitError{1}, err)
	assert.Contains(t, stdout, "GATES FAILED")
	assert.Contains(t, stderr, "gates failed: trt-orin: sqnr_db of output")
	assert.Equal(t, []string{"trt-orin.failed"}, entries(t, filepath.Join(dir, "strict")))
	_, stderr, err = mlc(t, "compile", tinyCNN, "--target", "trt-orin", "--calib", calib, "--min-top1", "1.5", "-o", filepath.Join(dir, "y"))
	assert.Equal(t, exitError{1}, err)
	assert.Contains(t, stderr, "--min-top1 must be in [0, 1]")
	assert.ElementsMatch(t, []string{"calib", "bundle", "strict"}, entries(t, dir))
}

// SIGINT while compiling: exit 130, nothing left (no bundle, no
// temporary directory).
func TestCompileInterrupted(t *testing.T) {
	// Keep the signal from ending the test binary should it land after
	// the command stops listening.
	swallow := make(chan os.Signal, 8)
	signal.Notify(swallow, os.Interrupt)
	defer signal.Stop(swallow)

	dir := t.TempDir()
	calib := calibSets(t, dir, 64)
	out := filepath.Join(dir, "bundle")
	done := make(chan struct{})
	go func() {
		for {
			select {
			case <-done:
				return
			default:
			}
			if m, _ := filepath.Glob(filepath.Join(dir, ".bundle.tmp-*")); len(m) > 0 {
				syscall.Kill(os.Getpid(), syscall.SIGINT)
				return
			}
			time.Sleep(200 * time.Microsecond)
		}
	}()
	_, stderr, err := mlc(t, "compile", tinyCNN, "--target", "trt-orin", "--calib", calib, "-o", out)
	close(done)
	require.Equal(t, exitError{130}, err, stderr)
	assert.Contains(t, stderr, "interrupted; nothing written")
	assert.Equal(t, []string{"calib"}, entries(t, dir))
}
