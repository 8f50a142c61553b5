// RUN: mlc-opt --allow-unregistered-dialect --mlir-elide-elementsattrs-if-larger=2 %s | filecheck %s
// RUN: mlc-opt --allow-unregistered-dialect %s | filecheck %s --check-prefix=FULL

// Large constants are elided on request; small ones and splats stay.
// CHECK: "x.a"() {big = dense_resource<__elided__> : tensor<3xi32>, small = dense<[1, 2]> : tensor<2xi32>, splat = dense<7> : tensor<100xi32>} : () -> ()
// FULL:  "x.a"() {big = dense<[1, 2, 3]> : tensor<3xi32>, small = dense<[1, 2]> : tensor<2xi32>, splat = dense<7> : tensor<100xi32>} : () -> ()
"x.a"() {big = dense<[1, 2, 3]> : tensor<3xi32>, small = dense<[1, 2]> : tensor<2xi32>, splat = dense<7> : tensor<100xi32>} : () -> ()
