package calibrate

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mlc-go/mlc/ir"
	"github.com/mlc-go/mlc/ir/asm"
	"github.com/mlc-go/mlc/lowering/quantize/observe"
)

// Recalibrating a clone for another storage writes what calibrating for
// that storage writes, for every method, without running the model.
func TestRecalibrateMatchesCalibrate(t *testing.T) {
	dir := t.TempDir()
	good(t, dir, "test_data_set_0", -1)
	good(t, dir, "test_data_set_1", 2)
	good(t, dir, "test_data_set_2", 0.5)
	u8 := observe.Storage{Bits: 8}
	for _, method := range observe.Methods() {
		t.Run(method, func(t *testing.T) {
			m := parse(t, twoArgs)
			ds, err := LoadDataset(dir, mainOf(t, m))
			require.NoError(t, err)
			cfg := observe.Config{Method: observe.Method(method), Storage: observe.Int8}
			rep, err := Calibrate(m, ds, Options{Observer: cfg})
			require.NoError(t, err)

			mapping := ir.NewMapping()
			clone := m.Ctx().Clone(m, mapping)
			got, err := Recalibrate(clone, mapping, rep, u8)
			require.NoError(t, err)

			direct := parse(t, twoArgs)
			cfg.Storage = u8
			want, err := Calibrate(direct, ds, Options{Observer: cfg})
			require.NoError(t, err)
			assert.Equal(t, asm.String(direct, asm.PrintOptions{}), asm.String(clone, asm.PrintOptions{}))
			require.Len(t, got.Values, len(want.Values))
			for i := range want.Values {
				assert.Equal(t, want.Values[i].Range, got.Values[i].Range)
				assert.Equal(t, want.Values[i].Observed, got.Values[i].Observed)
			}
			assert.Equal(t, u8, got.Config.Storage)
			// The original keeps its int8 ranges.
			assert.NotEqual(t, asm.String(m, asm.PrintOptions{}), asm.String(clone, asm.PrintOptions{}))
		})
	}
}
