// Type and attribute aliases, dialect attributes with bodies.
!f = f32
!vec = vector<4x!f>
#one = 1 : i64
#arr = [#one, 2]
#dict = {k = #arr}
#enc = #x.enc<"sparse", [1, 2], (i32) -> i32, {a = 1}>
#plain = #x.plain
#verbose = #x<"verbose <body>">
#typed = #x.value<7> : i32
"x.use"() {a = #one, b = #arr, c = #dict, d = #enc, e = #plain, f = #verbose, g = #typed, h = #x.inline<[[1], (2)]>} : () -> (!vec, !f)
