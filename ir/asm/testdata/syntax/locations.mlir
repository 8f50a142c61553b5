// Locations: every location form, aliases used before their definition,
// block argument locations.
#loc3 = loc("alias.py":7:8)
"x.a"() : () -> () loc(unknown)
"x.b"() : () -> () loc("file.py":12:3)
"x.c"() : () -> () loc("name")
"x.d"() : () -> () loc("name"("inner.py":1:1))
"x.e"() : () -> () loc("outer"("inner"(unknown)))
"x.f"() : () -> () loc(fused["a.py":1:2, "b.py":3:4])
"x.g"() : () -> () loc(fused<"meta">["a.py":1:2])
"x.h"() : () -> () loc(fused<#x.meta>[])
"x.i"() : () -> () loc(callsite("callee.py":1:1 at "caller.py":2:2))
"x.j"() : () -> () loc(callsite("f" at callsite("g" at "h.py":1:1)))
"x.k"() : () -> () loc(#loc5)
"x.l"() ({
^bb0(%arg0: i32 loc("arg.py":5:6), %arg1: f32 loc(#loc3)):
  "x.m"() : () -> () loc(fused[#loc3, "x.py":9:9])
}) : () -> () loc("region")
#loc5 = loc("late.py":1:1)
#loc4 = loc(callsite(#loc3 at #loc3))
