// File metadata: dialect resources (hex blobs) and external resources.
%0 = "x.const"() {value = dense_resource<conv1_w> : tensor<2xf32>} : () -> tensor<2xf32>
%1 = "x.const"() {value = dense_resource<bias_0> : tensor<1xi32>} : () -> tensor<1xi32>
{-#
  dialect_resources: {
    builtin: {
      conv1_w: "0x040000000000803F00000040",
      bias_0: "0x1000000007000000"
    }
  },
  external_resources: {
    mlir_reproducer: {
      pipeline: "builtin.module(cse)",
      disable_threading: true,
      verify_each: false
    }
  }
#-}
