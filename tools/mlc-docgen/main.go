// Command mlc-docgen writes the dialect reference pages from the op tables.
package main

import (
	"fmt"
	"os"

	"github.com/spf13/cobra"

	"github.com/mlc-go/mlc/dialects/all"
	"github.com/mlc-go/mlc/driver/bench"
	_ "github.com/mlc-go/mlc/driver/passes" // every pass and pipeline
	legalizetrt "github.com/mlc-go/mlc/lowering/legalize/trt"
	"github.com/mlc-go/mlc/lowering/target"
	"github.com/mlc-go/mlc/rewrite/optmain"
	"github.com/mlc-go/mlc/rewrite/pass"
	qnnser "github.com/mlc-go/mlc/translate/qnn"
	trtonnx "github.com/mlc-go/mlc/translate/trt"
)

func main() {
	var out, passes, targets, trtTable, trtONNX, qnnSerialize, benchResults string
	cmd := &cobra.Command{
		Use:          "mlc-docgen",
		Short:        "Generate docs/dialects/<name>.md, docs/passes.md and docs/targets.md from the op tables, the pass registry and the target files",
		SilenceUsage: true,
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := all.WriteDocs(out); err != nil {
				return err
			}
			if err := optmain.WriteFileAtomic(passes, []byte(pass.Markdown())); err != nil {
				return err
			}
			md, err := target.Docs()
			if err != nil {
				return err
			}
			if err := optmain.WriteFileAtomic(targets, []byte(md)); err != nil {
				return err
			}
			if err := optmain.WriteFileAtomic(trtTable, []byte(legalizetrt.Markdown())); err != nil {
				return err
			}
			if err := optmain.WriteFileAtomic(trtONNX, []byte(trtonnx.Markdown())); err != nil {
				return err
			}
			if err := optmain.WriteFileAtomic(qnnSerialize, []byte(qnnser.Markdown())); err != nil {
				return err
			}
			return optmain.WriteFileAtomic(benchResults, []byte(bench.Markdown()))
		},
	}
	cmd.Flags().StringVarP(&out, "output-dir", "o", "docs/dialects", "directory for the generated dialect pages")
	cmd.Flags().StringVar(&passes, "passes", "docs/passes.md", "file for the generated pass reference")
	cmd.Flags().StringVar(&targets, "targets", "docs/targets.md", "file for the generated target reference")
	cmd.Flags().StringVar(&trtTable, "legalize-trt", "docs/legalize-trt.md", "file for the generated core → TensorRT table")
	cmd.Flags().StringVar(&trtONNX, "trt-onnx", "docs/trt-onnx.md", "file for the generated trt → ONNX table")
	cmd.Flags().StringVar(&benchResults, "bench-results", "docs/bench-results.md", "file for the generated mlc-bench results schema")
	cmd.Flags().StringVar(&qnnSerialize, "qnn-serialize", "docs/qnn-serialize.md", "file for the generated qnn → QNN node table")
	if err := cmd.Execute(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
