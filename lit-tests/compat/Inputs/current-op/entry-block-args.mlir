func.func @f(f32) {
^bb0(%a: i32):
  "x.use"(%a) {big = dense<[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17]> : tensor<17xi32>, small = dense<[1, 2]> : tensor<2xi32>} : (i32) -> ()
  return
}
