"builtin.module"() ({
^bb0(%arg0: i32):
  "x.op"(%arg0) : (i32) -> ()
}) : () -> ()
