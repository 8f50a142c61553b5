// Regions and blocks: multiple blocks with arguments, empty regions, an
// entry block with an explicit label, nested regions, graph-like use.
"x.outer"() ({
^entry(%a: i32, %b: f32):
  "x.br"(%a)[^next] : (i32) -> ()
^next:
  "x.nested"() ({
    "x.nested2"() ({
      "x.nested3"() ({
        %0 = "x.leaf"() : () -> i8
      }) : () -> ()
    }) : () -> ()
  }, {
  }) : () -> ()
  "x.end"() : () -> ()
^empty_args():
  "x.end"() : () -> ()
}) : () -> ()
"x.empty"() ({}) : () -> ()
"x.two_empty"() ({}, {}) : () -> ()
