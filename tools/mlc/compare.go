package main

import (
	"fmt"
	"io"

	"github.com/spf13/cobra"

	"github.com/mlc-go/mlc/driver/conformance"
	"github.com/mlc-go/mlc/interp"
	"github.com/mlc-go/mlc/interp/metrics"
)

func newCompareCmd() *cobra.Command {
	var mode string
	cmd := &cobra.Command{
		Use:   "compare GOT WANT",
		Short: "Compare a tensor with a reference, as mlc conformance does",
		Long: `Compare two tensors (.npy or .pb): same dtype and shape, then
  --mode node   per element |got-want| <= 1e-7 + 1e-3*|want| (ONNX's backend tests)
  --mode model  max |got-want| <= 1e-4 * (max - min of WANT)
Prints the largest absolute error, and for float tensors the error relative
to WANT's range, the SQNR and the cosine similarity; exits 1 when the
tensors differ.`,
		Args: cobra.ExactArgs(2),
		RunE: func(cmd *cobra.Command, args []string) error {
			return compareTensors(args[0], args[1], conformance.Mode(mode), cmd.OutOrStdout())
		},
	}
	cmd.Flags().StringVar(&mode, "mode", "model", "tolerance: node or model")
	return cmd
}

func compareTensors(gotPath, wantPath string, mode conformance.Mode, w io.Writer) error {
	if mode != conformance.ModeNode && mode != conformance.ModeModel {
		return fmt.Errorf("--mode must be node or model, not %q", mode)
	}
	got, err := interp.ReadTensorFile(gotPath)
	if err != nil {
		return err
	}
	want, err := interp.ReadTensorFile(wantPath)
	if err != nil {
		return err
	}
	rtol, atol := conformance.Tolerances(mode, want)
	d, err := metrics.AllClose(got, want, rtol, atol)
	if err != nil {
		fmt.Fprintf(w, "MISMATCH %s vs %s: %v\n", gotPath, wantPath, err)
		return exitError{code: 1}
	}
	if !d.OK() {
		fmt.Fprintf(w, "MISMATCH %s vs %s: %d of %d elements differ; max abs error %.3g\n", gotPath, wantPath, d.Count, d.Len, d.MaxAbs)
	} else if mode == conformance.ModeModel {
		fmt.Fprintf(w, "ok: max abs error %.3g <= %.3g (1e-4 of the reference's range)\n", d.MaxAbs, atol)
	} else {
		fmt.Fprintf(w, "ok: max abs error %.3g, every element within rtol 1e-3, atol 1e-7\n", d.MaxAbs)
	}
	if want.DType().IsFloat() {
		// Same dtype and shape were checked, so these cannot fail.
		rel, _ := metrics.RangeRelative(got, want)
		sqnr, _ := metrics.SQNR(got, want)
		cos, _ := metrics.Cosine(got, want)
		fmt.Fprintf(w, "error/range %.3g, sqnr %.1f dB, cosine %.6f\n", rel, sqnr, cos)
	}
	if !d.OK() {
		return exitError{code: 1}
	}
	return nil
}
