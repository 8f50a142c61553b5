// RUN: mlc-opt --allow-unregistered-dialect --split-input-file %s | filecheck %s
// RUN: mlc-opt --allow-unregistered-dialect --split-input-file --mlir-print-op-generic %s | filecheck %s --check-prefix=GENERIC

// Top-level ops are wrapped in an implicit module.
// CHECK-LABEL: module {
// CHECK-NEXT:    "x.a"() : () -> ()
// CHECK-NEXT:    "x.b"() : () -> ()
// CHECK-NEXT:  }
// GENERIC-LABEL: "builtin.module"() ({
// GENERIC-NEXT:    "x.a"() : () -> ()
"x.a"() : () -> ()
"x.b"() : () -> ()

// -----

// An explicit, named module with attributes is kept as written.
// CHECK-LABEL: module @named attributes {mlc.target = "trt-orin"} {
// CHECK-NEXT:    "x.c"() : () -> ()
// CHECK-NEXT:  }
// GENERIC-LABEL: "builtin.module"() <{sym_name = "named"}> ({
// GENERIC:       }) {mlc.target = "trt-orin"} : () -> ()
module @named attributes {mlc.target = "trt-orin"} {
  "x.c"() : () -> ()
}

// -----

// Nested modules and the generic spelling of a module.
// CHECK-LABEL: module {
// CHECK-NEXT:    module @inner {
// CHECK-NEXT:      func.func private @f()
// CHECK-NEXT:    }
// CHECK-NEXT:  }
"builtin.module"() ({
  builtin.module @inner {
    func.func private @f()
  }
}) : () -> ()

// -----

// An empty file is an empty module.
// CHECK-LABEL: module {
// CHECK-NEXT:  }
