package report

import (
	_ "embed"
	"strings"
	"text/template"
)

//go:embed report.md.tmpl
var markdownText string

var markdownTemplate = template.Must(template.New("report.md").Funcs(template.FuncMap{
	"code":  mdCode,
	"text":  mdText,
	"fence": mdFence,
	"join":  strings.Join,
}).Parse(markdownText))

// oneLine folds line breaks into spaces: a GitHub table row is one line.
var oneLine = strings.NewReplacer("\r\n", " ", "\n", " ", "\r", " ")

// mdCode shows s as a code span in a table cell: literal, whatever it
// holds, except that its line breaks become spaces.
func mdCode(s string) string {
	if s == missing {
		return s
	}
	s = oneLine.Replace(s)
	// The fence is one backtick longer than any run inside; padding keeps
	// a backtick or a space at either end from merging with it (one
	// space each side is stripped again).
	fence := strings.Repeat("`", longestRun(s, '`')+1)
	// (CommonMark strips nothing from a span of spaces only.)
	edge := strings.HasPrefix(s, "`") || strings.HasSuffix(s, "`") || strings.HasPrefix(s, " ") || strings.HasSuffix(s, " ")
	if edge && strings.Trim(s, " ") != "" {
		s = " " + s + " "
	}
	// In a table, a pipe ends the cell even inside a code span, unless
	// escaped; GitHub drops the backslash.
	return fence + strings.ReplaceAll(s, "|", `\|`) + fence
}

// mdSpecial are the characters that mean something inline in GitHub
// Markdown (code, emphasis, links, HTML, entities, strikethrough, cells).
var mdSpecial = strings.NewReplacer(
	`\`, `\\`, "`", "\\`", "*", `\*`, "_", `\_`, "[", `\[`, "]", `\]`,
	"<", `\<`, ">", `\>`, "&", `\&`, "|", `\|`, "~", `\~`,
)

// mdText shows s as plain text in a table cell.
func mdText(s string) string {
	return mdSpecial.Replace(oneLine.Replace(s))
}

// mdFence is a code fence longer than any backtick run in s, so s cannot
// close it.
func mdFence(s string) string {
	return strings.Repeat("`", max(3, longestRun(s, '`')+1))
}

func longestRun(s string, c byte) int {
	longest, run := 0, 0
	for i := 0; i < len(s); i++ {
		if s[i] == c {
			run++
			longest = max(longest, run)
		} else {
			run = 0
		}
	}
	return longest
}
