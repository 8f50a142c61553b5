package report

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
)

// The files Write writes into a bundle's directory.
const (
	MarkdownFile = "report.md"
	HTMLFile     = "report.html"
	// ChartFile is the per-op SQNR chart report.md links to; it is
	// written only when some op has a finite SQNR.
	ChartFile = "sqnr.svg"
)

// Files are the names Write writes for b, in the order it writes them.
func Files(b *Bundle) []string {
	files := []string{MarkdownFile, HTMLFile}
	if len(chartSeries(b.Ops)) > 0 {
		files = append(files, ChartFile)
	}
	return files
}

// Render returns the reports of b by file name (the names Files lists).
// The same Bundle renders to the same bytes.
func Render(b *Bundle) (map[string][]byte, error) {
	chart, err := Chart(b)
	if err != nil {
		return nil, fmt.Errorf("report: drawing the SQNR chart: %w", err)
	}
	v := newView(b, chart)
	var md, html bytes.Buffer
	if err := markdownTemplate.Execute(&md, v); err != nil {
		return nil, fmt.Errorf("report: %s: %w", MarkdownFile, err)
	}
	if err := htmlTemplate.Execute(&html, v); err != nil {
		return nil, fmt.Errorf("report: %s: %w", HTMLFile, err)
	}
	files := map[string][]byte{MarkdownFile: md.Bytes(), HTMLFile: html.Bytes()}
	if chart != nil {
		files[ChartFile] = chart
	}
	return files, nil
}

// Write writes b's reports (report.md, report.html and the chart) into
// dir, which must exist. Every file is written to a temporary file in dir
// and renamed into place only once all of them are written; a failure
// removes what Write wrote, so it leaves no partial report behind.
func Write(dir string, b *Bundle) error {
	files, err := Render(b)
	if err != nil {
		return err
	}
	names := Files(b)
	temps := make([]string, 0, len(names))
	cleanup := func() {
		for _, t := range temps {
			os.Remove(t)
		}
	}
	for _, name := range names {
		tmp, err := writeTemp(dir, name, files[name])
		if err != nil {
			cleanup()
			return fmt.Errorf("report: writing %s: %w", filepath.Join(dir, name), err)
		}
		temps = append(temps, tmp)
	}
	for i, name := range names {
		if err := os.Rename(temps[i], filepath.Join(dir, name)); err != nil {
			// Take back the reports already in place, so that none
			// stays without the others.
			for _, done := range names[:i] {
				os.Remove(filepath.Join(dir, done))
			}
			temps = temps[i:]
			cleanup()
			return fmt.Errorf("report: %w", err)
		}
	}
	return nil
}

// writeTemp writes data to a new hidden temporary file beside name.
func writeTemp(dir, name string, data []byte) (string, error) {
	f, err := os.CreateTemp(dir, "."+name+".tmp*")
	if err != nil {
		return "", err
	}
	_, err = f.Write(data)
	err = errors.Join(err, f.Chmod(0o644), f.Close())
	if err != nil {
		os.Remove(f.Name())
		return "", err
	}
	return f.Name(), nil
}
