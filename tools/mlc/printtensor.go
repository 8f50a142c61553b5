package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/mlc-go/mlc/interp"
)

func newPrintTensorCmd() *cobra.Command {
	var o interp.FormatOptions
	cmd := &cobra.Command{
		Use:   "print-tensor FILE...",
		Short: "Print .npy or ONNX TensorProto .pb tensors as text",
		Long: `Print each tensor file as text: its dtype, its shape, then its values in
nested brackets with one innermost row per line. Floats print as the shortest
text that reads back to the same value of their dtype, or with --precision
significant digits.`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			for _, p := range args {
				t, err := interp.ReadTensorFile(p)
				if err != nil {
					return unwrapPathError(err)
				}
				if len(args) > 1 {
					fmt.Fprintf(cmd.OutOrStdout(), "%s:\n", p)
				}
				if err := interp.FormatTensor(cmd.OutOrStdout(), t, o); err != nil {
					return err
				}
			}
			return nil
		},
	}
	cmd.Flags().IntVar(&o.Precision, "precision", 0, "significant digits of floats (0: shortest exact)")
	cmd.Flags().IntVar(&o.MaxElements, "max-elements", 0, "print at most this many elements (0: all)")
	return cmd
}
