package report

import (
	"math"
	"strconv"
	"strings"
)

// missing stands for a figure that was not measured (NaN).
const missing = "—"

// fixed formats v with prec decimals; NaN is missing and infinities are
// signed ∞, so every figure prints the same on every machine.
func fixed(v float64, prec int) string {
	switch {
	case math.IsNaN(v):
		return missing
	case math.IsInf(v, 1):
		return "∞"
	case math.IsInf(v, -1):
		return "−∞"
	}
	s := strconv.FormatFloat(v, 'f', prec, 64)
	if isNegZero(s) {
		s = s[1:] // -0.00 reads as a sign where there is none
	}
	return s
}

// general formats v with sig significant digits (max-abs errors span
// many decades).
func general(v float64, sig int) string {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return fixed(v, 0)
	}
	return strconv.FormatFloat(v, 'g', sig, 64)
}

func isNegZero(s string) bool {
	return strings.HasPrefix(s, "-") && strings.Trim(s[1:], "0.") == ""
}

func dB(v float64) string     { return fixed(v, 2) }
func ms(v float64) string     { return fixed(v, 3) }
func cosine(v float64) string { return fixed(v, 6) }

// percent formats a share in [0, 1] as a percentage.
func percent(v float64) string {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return fixed(v, 0)
	}
	return fixed(100*v, 1) + "%"
}

// metricFormat formats a gate's figures by the gate's name; names not
// listed print with four significant digits.
var metricFormat = map[string]func(float64) string{
	"sqnr_db":    dB,
	"cosine":     cosine,
	"max_abs":    func(v float64) string { return general(v, 4) },
	"top1":       percent,
	"latency_ms": ms,
}

func formatMetric(name string, v float64) string {
	if f, ok := metricFormat[name]; ok {
		return f(v)
	}
	return general(v, 4)
}

// count groups an integer's digits in threes: 1234567 → 1,234,567.
func count(n int64) string {
	s := strconv.FormatInt(n, 10)
	sign := ""
	if n < 0 {
		sign, s = "-", s[1:]
	}
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	return sign + b.String()
}

// share is part/whole as a percentage, missing when whole is zero.
func share(part, whole float64) string {
	if whole == 0 {
		return missing
	}
	return percent(part / whole)
}

// orMissing shows an empty name as missing.
func orMissing(s string) string {
	if s == "" {
		return missing
	}
	return s
}
