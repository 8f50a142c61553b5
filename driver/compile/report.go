package compile

import "github.com/mlc-go/mlc/driver/report"

// writeReport writes the reports (report.md, report.html, the SQNR
// chart) into dir.
func writeReport(dir string, b *report.Bundle) error { return report.Write(dir, b) }

// reportFiles names the files writeReport writes for b.
func reportFiles(b *report.Bundle) []string { return report.Files(b) }
