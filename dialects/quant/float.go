package quant

import (
	"math"
	"strconv"

	"github.com/mlc-go/mlc/ir"
)

// FormatScale prints a double as MLIR's AsmPrinter does (printFloatValue),
// which is how the quant dialect prints scales and calibration bounds:
//
//  1. APFloat::toString with six significant digits in exponent form
//     ("2.350000e-02") when that text reads back to the same bits;
//  2. else APFloat::toString with its defaults (up to 17 significant
//     digits, plain notation unless more than three padding zeros would be
//     needed, exponent written "E-5") when that text contains a '.';
//  3. else the IEEE bit pattern in hexadecimal ("0x419D6F3454000000").
//
// (ir.FormatFloat holds the port of LLVM's digit generation.)
func FormatScale(v float64) string { return ir.FormatFloat(ir.F64, v) }

// diagFloat prints a double in a diagnostic as LLVM's raw_ostream does
// (printf "%e", with "nan" and "INF" for the special values).
func diagFloat(v float64) string {
	switch {
	case math.IsNaN(v):
		return "nan"
	case math.IsInf(v, 1):
		return "INF"
	case math.IsInf(v, -1):
		return "-INF"
	}
	return strconv.FormatFloat(v, 'e', 6, 64)
}
