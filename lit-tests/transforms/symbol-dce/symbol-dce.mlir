// RUN: mlc-opt --symbol-dce %s | filecheck %s

// Private symbols nobody references go, transitively; public ones stay.
// CHECK-NOT: @dead
// CHECK-NOT: @only_used_by_dead
// CHECK-DAG: func.func @main
// CHECK-DAG: func.func private @used
// CHECK-DAG: func.func nested @kept_nested_unused
func.func @main() {
  call @used() : () -> ()
  return
}
func.func private @used()
func.func private @dead() {
  call @only_used_by_dead() : () -> ()
  return
}
func.func private @only_used_by_dead()
func.func nested @kept_nested_unused()
