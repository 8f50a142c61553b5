package compile

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/mlc-go/mlc/ir"
)

// StageDone sees every stage once, in order, with the IR where a stage
// has one of its own.
func TestStageDone(t *testing.T) {
	var got []string
	withIR := map[string]bool{}
	_, err := Compile(context.Background(), Options{
		Model: tinyCNN, Targets: load(t, "trt-orin", "qnn-htp-v73"), Calib: tinyCalib(t),
		Out: filepath.Join(t.TempDir(), "out"),
		StageDone: func(target, stage string, m *ir.Operation) {
			got = append(got, target+":"+stage)
			withIR[stage] = m != nil
		},
	})
	require.NoError(t, err)
	require.Equal(t, []string{":import", ":decompose", ":calibrate",
		"trt-orin:quantize", "trt-orin:lower", "trt-orin:gates", "trt-orin:serialize",
		"qnn-htp-v73:quantize", "qnn-htp-v73:lower", "qnn-htp-v73:gates", "qnn-htp-v73:serialize"}, got)
	require.Equal(t, map[string]bool{"import": true, "decompose": true, "calibrate": false,
		"quantize": true, "lower": true, "gates": false, "serialize": false}, withIR)
}
