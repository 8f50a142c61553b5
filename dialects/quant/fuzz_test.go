package quant

import (
	"strings"
	"testing"

	"github.com/mlc-go/mlc/ir"
)

// FuzzParseType: any body that parses prints to a text that parses back to
// the same interned type, and parsing never panics.
func FuzzParseType(f *testing.F) {
	for _, s := range []string{
		".uniform<i8:f32, 0.0235:-3>", ".uniform<u8<1:255>:f16, 1.0:128>", ".uniform<i8:f32:1, {0.1:1, 0.2}>",
		"<uniform<i4:bf16, 0x3FF0000000000000>>", ".any<ui16:f32>", ".calibrated<f32<-1.0:1.0>>",
		".uniform<i32:f64, 3.0517578125E-5>", ".uniform<si8<-127:127>:f8E4M3FN, 123456789.0:-7>",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, body string) {
		ctx := ir.NewContext()
		ty, err := parseBody(ctx, body)
		if err != nil {
			return
		}
		text := ty.String()
		rest, ok := strings.CutPrefix(text, "!quant")
		if !ok {
			t.Fatalf("%q printed as %q", body, text)
		}
		back, err := parseBody(ctx, rest)
		if err != nil {
			t.Fatalf("%q printed as %q, which does not parse: %v", body, text, err)
		}
		if back != ty {
			t.Fatalf("%q printed as %q, which parses to a different type %q", body, text, back)
		}
	})
}
