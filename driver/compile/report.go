package compile

import "github.com/mlc-go/mlc/driver/report"

// writeReport writes report.md and report.html into dir.
//
// MERGE: driver/report.Write(dir, b) is being written on another branch;
// once it is on main this function's body becomes
//
//	return report.Write(dir, b)
//
// Until then the bundle holds manifest.json (every figure the reports
// show) and no rendered report.
func writeReport(dir string, b *report.Bundle) error {
	_, _ = dir, b
	return nil
}
