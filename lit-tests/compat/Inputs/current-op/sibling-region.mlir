func.func @f() {
  "x.two"() ({
    "foo.use" (%def) : (i32) -> ()
    "foo.yield" () : () -> ()
  }, {
    %def = "foo.def" () : () -> i32
  }) : () -> ()
  return
}
