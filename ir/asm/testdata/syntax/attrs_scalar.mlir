// Scalar attributes: integers, floats, booleans, strings, unit.
"x.ints"() {a = 5 : i64, b = -3, c = 0x1F, d = -0x1F : i8, e = 18446744073709551615 : ui64, f = 123456789012345678901234567890 : i128, g = 0 : index} : () -> ()
"x.floats"() {a = 1.5, b = -2.0e-3, c = 1.0e+10 : f64, d = 1. : f32, e = 0x7FC00000 : f32, f = 0xFFFF : bf16, g = 2.5 : f16} : () -> ()
"x.bools"() {t = true, f = false} : () -> ()
"x.strings"() {a = "plain", b = "a\"b\0A", c = "back\\slash", d = "tab\there", e = "", f = "typed" : i32, g = "\00\FF\7f"} : () -> ()
"x.unit"() {a, b = unit, "quoted key" = 1 : i32} : () -> ()
