// Generic operation form: results, result groups, uses with #N, successors,
// properties, several regions, attribute dictionaries, trailing locations.
"x.top"() : () -> ()
%0 = "x.def"() : () -> i32
%1:2 = "x.pair"(%0) : (i32) -> (i32, f32)
%2, %3:2, %4 = "x.groups"(%1#0, %1#1) : (i32, f32) -> (i32, i64, i64, index)
"x.use"(%2, %3#1, %4) : (i32, i64, index) -> ()
%5 = "x.props"(%0) <{prop = 1 : i64, other = [1, 2]}> : (i32) -> i32
"x.noprops"() <[1]> : () -> ()
"x.with-dash"() : () -> ()
"x.regions"() ({
^bb0(%arg0: i32):
  "x.inner"(%arg0) : (i32) -> ()
}, {
}, {
  %v = "x.value"() : () -> i1
}) {note = "after regions"} : () -> ()
"x.cfg"() ({
  %c = "x.cond"() : () -> i1
  "x.br"(%c)[^bb1, ^bb2] : (i1) -> ()
^bb1:
  "x.br"()[^bb2] : () -> ()
^bb2:
  "x.ret"() : () -> ()
}) : () -> ()
%6 = "x.typed"() {a = 1 : i64, b} : () -> (i32) loc("generic.py":1:2)
"x.fn_result"() : () -> (() -> ())
