// A small quantized model in the shape the design brief describes: aliases
// for quantized types, dense_resource weights, generic ops with locations.
!q8 = !quant.uniform<i8:f32, 0.0235:-3>
!qw = !quant.uniform<i8<-127:127>:f32:0, {0.1:0, 0.2:0}>
#loc_conv = loc("resnet.conv1")
module @model {
  func.func @main(%x: tensor<1x3x224x224xf32> loc("input")) -> tensor<1x2x112x112xf32> {
    %w = "core.constant"() {value = dense_resource<conv1_w> : tensor<2x3x7x7xf32>} : () -> tensor<2x3x7x7xf32>
    %q = "quant.qcast"(%x) : (tensor<1x3x224x224xf32>) -> tensor<1x3x224x224x!q8>
    %qw = "quant.qcast"(%w) : (tensor<2x3x7x7xf32>) -> tensor<2x3x7x7x!qw>
    %0 = "core.conv2d"(%q, %qw) {strides = [2, 2], padding = [3, 3, 3, 3]} : (tensor<1x3x224x224x!q8>, tensor<2x3x7x7x!qw>) -> tensor<1x2x112x112x!q8> loc(#loc_conv)
    %1 = "quant.dcast"(%0) : (tensor<1x2x112x112x!q8>) -> tensor<1x2x112x112xf32>
    %2 = "core.relu"(%1) : (tensor<1x2x112x112xf32>) -> tensor<1x2x112x112xf32> loc("resnet.relu1")
    func.return %2 : tensor<1x2x112x112xf32>
  }
}
{-#
  dialect_resources: {
    builtin: {
      conv1_w: "0x04000000"
    }
  }
#-}
