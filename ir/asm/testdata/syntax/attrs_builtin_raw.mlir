// Builtin attributes kept as raw bodies: affine maps and sets, strided
// layouts, sparse elements; and distinct attributes.
#map = affine_map<(d0, d1)[s0] -> (d0 + s0, d1 floordiv 2)>
#set = affine_set<(d0)[s0] : (d0 - 10 >= 0, s0 - d0 - 1 >= 0, d0 == 0)>
"x.raw"() {
  m = #map,
  s = #set,
  inline = affine_map<() -> ()>,
  id = affine_map<(d0) -> (d0)>,
  st = strided<[?, 1], offset: ?>,
  st2 = strided<[4, 1]>,
  sp = sparse<[[0, 0], [1, 2]], [1.0, 2.0]> : tensor<3x4xf32>,
  di = distinct[0]<42 : i32>,
  di2 = distinct[1]<>
} : () -> ()
