// Command mlc-docgen writes the dialect reference pages from the op tables.
package main

import (
	"fmt"
	"os"

	"github.com/spf13/cobra"

	"github.com/mlc-go/mlc/dialects/all"
)

func main() {
	var out string
	cmd := &cobra.Command{
		Use:          "mlc-docgen",
		Short:        "Generate docs/dialects/<name>.md from the dialect op tables",
		SilenceUsage: true,
		RunE: func(cmd *cobra.Command, args []string) error {
			return all.WriteDocs(out)
		},
	}
	cmd.Flags().StringVarP(&out, "output-dir", "o", "docs/dialects", "directory for the generated pages")
	if err := cmd.Execute(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
