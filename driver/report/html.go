package report

import (
	_ "embed"
	"html/template"
)

//go:embed report.html.tmpl
var htmlText string

var htmlTemplate = template.Must(template.New("report.html").Funcs(template.FuncMap{
	// svg trusts the chart: gonum writes it and escapes its text.
	"svg": func(s string) template.HTML { return template.HTML(s) },
}).Parse(htmlText))
