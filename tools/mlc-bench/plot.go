package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"github.com/mlc-go/mlc/driver/bench"
	"github.com/mlc-go/mlc/ir/asm"
)

func init() { extraCommands = append(extraCommands, newPlotCmd) }

func newPlotCmd() *cobra.Command {
	var metric, model, target, out string
	cmd := &cobra.Command{
		Use:   "plot RESULTS.jsonl... --metric M -o OUT.html",
		Short: "Plot a metric's history across revisions (OUT.html and OUT.png)",
		Long: `Plot one metric across the revisions of results files (in the order revisions
first appear), one line per model × target, as a PNG and an HTML page that
embeds it with the figures as a table. Stage metrics are named
<stage>.seconds, <stage>.peak_rss_bytes and <stage>.ops.`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if !strings.HasSuffix(out, ".html") {
				return fmt.Errorf("-o %q: want a file name ending in .html (the PNG goes beside it)", out)
			}
			var recs []bench.Record
			for _, a := range args {
				r, err := bench.ReadFile(a)
				if err != nil {
					return err
				}
				recs = append(recs, r...)
			}
			h, err := bench.HistoryOf(recs, metric, model, target)
			if err != nil {
				return err
			}
			png, err := h.PNG()
			if err != nil {
				return err
			}
			page, err := h.HTML(png)
			if err != nil {
				return err
			}
			pngPath := strings.TrimSuffix(out, ".html") + ".png"
			if err := writeBytes(pngPath, png); err != nil {
				return err
			}
			if err := writeBytes(out, page); err != nil {
				return err
			}
			fmt.Fprintf(cmd.OutOrStdout(), "%s\n%s\n", out, pngPath)
			return nil
		},
	}
	cmd.Flags().StringVar(&metric, "metric", "compile_seconds", "the metric to plot")
	cmd.Flags().StringVar(&model, "model", "", "only this model")
	cmd.Flags().StringVar(&target, "target", "", "only this target")
	cmd.Flags().StringVarP(&out, "output", "o", "history.html", "the HTML page; the PNG is written beside it")
	return cmd
}

func writeBytes(path string, b []byte) error {
	return asm.WriteFileFunc(path, func(w io.Writer) error {
		_, err := w.Write(b)
		return err
	})
}
