package quant_test

import (
	"bytes"
	"errors"
	"os"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/mlc-go/mlc/dialects/all"
	"github.com/mlc-go/mlc/ir"
	"github.com/mlc-go/mlc/ir/asm"
)

// testdata/types.mlirbc is mlir-opt-19's bytecode of every kind of quant
// type (lit-tests/compat/bytecode-quant-mlir-opt.mlir), in the quant
// dialect's binary encoding.
func TestReadMLIRBytecode(t *testing.T) {
	b, err := os.ReadFile("testdata/types.mlirbc")
	require.NoError(t, err)
	m, err := asm.Parse(all.NewContext(), "types.mlirbc", b, 1)
	require.NoError(t, err)
	got := asm.String(m, asm.PrintOptions{})
	for _, want := range []string{
		"tensor<2x!quant.uniform<i8:f32, 5.000000e-01:-3>>",
		"tensor<3x!quant.uniform<i8<-127:127>:f32:0, {1.000000e-01,2.000000e-01,3.000000e-01}>>",
		"!quant.uniform<u8:f16, 1.000000e-01:128>",
		"!quant.uniform<i4<-7:7>:f32, 2.500000e-01>",
		"!quant.any<i8:f32>",
		"!quant.any<u16>",
		"!quant.calibrated<f32<-1.000000e+00:2.000000e+00>>",
	} {
		require.Contains(t, got, want)
	}
	// Damaged copies are errors at a byte, never a panic.
	for i := 4; i < len(b); i++ {
		for _, x := range []byte{0, 0xFF, b[i] ^ 1} {
			c := bytes.Clone(b)
			c[i] = x
			if _, err := asm.Parse(all.NewContext(), "bad.mlirbc", c, 1); err != nil {
				var d *ir.Diagnostic
				require.True(t, errors.As(err, &d), "%v", err)
			}
		}
		_, err := asm.Parse(all.NewContext(), "cut.mlirbc", b[:i], 1)
		require.Error(t, err)
	}
}
