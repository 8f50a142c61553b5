package decompose

import (
	"fmt"
	"io"
	"math"
	"math/rand"
	"strings"
	"testing"

	"github.com/mlc-go/mlc/dialects/all"
	"github.com/mlc-go/mlc/dialects/ods"
	"github.com/mlc-go/mlc/dialects/torch"
	"github.com/mlc-go/mlc/internal/tensor"
	"github.com/mlc-go/mlc/interp"
	"github.com/mlc-go/mlc/ir"
	"github.com/mlc-go/mlc/ir/asm"
	"github.com/mlc-go/mlc/rewrite/pass"
)

// opCase is one instance of a torch op: its operand types and its
// properties. An operand type may carry a value range prefix:
//
//	pos:   floats in [0.1, 3], integers in [1, 9]
//	nz:    no zero: |x| in [0.5, 3] for floats, [1, 9] for integers, random sign
//	wide:  floats in [-6, 6]
//	idxN:  integers in [0, N)
//
// Other floats lie in [-2, 2], integers in [-9, 9], i1 is random.
type opCase struct {
	op    string
	args  []string
	attrs string
}

func c(op string, attrs string, args ...string) opCase {
	return opCase{op: op, args: args, attrs: attrs}
}

// cases holds at least one instance of every torch op, with non-default
// attributes where the op has them.
var cases = []opCase{
	c("torch.aten.abs", "", "2x3xf32"),
	c("torch.aten.abs", "", "4xi32"),
	c("torch.aten.adaptive_avg_pool2d", "{output_size = array<i64: 1, 1>}", "1x2x6x6xf32"),
	c("torch.aten.adaptive_avg_pool2d", "{output_size = array<i64: 2, 3>}", "1x2x6x6xf32"),
	c("torch.aten.adaptive_avg_pool2d", "{output_size = array<i64: 3, 4>}", "2x5x7xf32"),
	c("torch.aten.adaptive_avg_pool2d", "{output_size = array<i64: 5, 2>}", "1x1x5x9xf32"),
	c("torch.aten.add.Scalar", "{other = 1.5 : f64, alpha = 2 : i64}", "2x3xf32"),
	c("torch.aten.add.Scalar", "{other = 3 : i64, alpha = -2 : i64}", "2x3xi32"),
	c("torch.aten.add.Scalar", "{other = 0.5 : f64}", "2x3xi32"),
	c("torch.aten.add.Scalar", "{other = 2 : i64}", "2x3xi1"),
	c("torch.aten.add.Scalar", "{other = 0.1 : f64}", "2x3xf16"),
	c("torch.aten.add.Tensor", "", "2x3xf32", "3xf32"),
	c("torch.aten.add.Tensor", "{alpha = 2.5 : f64}", "2x3xf32", "2x1xf32"),
	c("torch.aten.add.Tensor", "{alpha = 3 : i64}", "2x3xi64", "2x3xi64"),
	c("torch.aten.add.Tensor", "", "4xi1", "4xi1"),
	c("torch.aten.addmm", "{beta = 0.5 : f64, alpha = 2.0 : f64}", "4xf32", "3x5xf32", "5x4xf32"),
	c("torch.aten.addmm", "{beta = 0 : i64}", "3x4xi32", "3x2xi32", "2x4xi32"),
	c("torch.aten.addmm", "", "3x1xf32", "3x2xf32", "2x4xf32"),
	c("torch.aten.argmax", "{dim = 1 : i64}", "3x4xf32"),
	c("torch.aten.argmax", "{dim = -1 : i64, keepdim = true}", "2x3x4xf32"),
	c("torch.aten.argmax", "{keepdim = true}", "3x4xi32"),
	c("torch.aten.argmax", "", "3x4xf32"),
	c("torch.aten.avg_pool2d", "{kernel_size = array<i64: 3>, stride = array<i64: 2>, padding = array<i64: 1>}", "1x2x6x6xf32"),
	c("torch.aten.avg_pool2d", "{kernel_size = array<i64: 2, 2>, ceil_mode = true, count_include_pad = false}", "1x1x5x5xf32"),
	c("torch.aten.avg_pool2d", "{kernel_size = array<i64: 3, 3>, stride = array<i64: 2, 2>, padding = array<i64: 1, 1>, ceil_mode = true, divisor_override = 5 : i64}", "2x3x6x6xf32"),
	c("torch.aten.avg_pool2d", "{kernel_size = array<i64: 2, 3>}", "3x5x7xf32"),
	c("torch.aten.avg_pool3d", "{kernel_size = array<i64: 3>, stride = array<i64: 2>, padding = array<i64: 1>}", "1x2x6x6x6xf32"),
	c("torch.aten.avg_pool3d", "{kernel_size = array<i64: 2, 2, 2>, ceil_mode = true, count_include_pad = false}", "1x1x5x5x5xf32"),
	c("torch.aten.avg_pool3d", "{kernel_size = array<i64: 3>, stride = array<i64: 2>, padding = array<i64: 1>, ceil_mode = true}", "2x3x6x7x6xf32"),
	c("torch.aten.avg_pool3d", "{kernel_size = array<i64: 2, 3, 3>, stride = array<i64: 1, 2, 2>, padding = array<i64: 1, 1, 1>, ceil_mode = true, divisor_override = 5 : i64}", "1x2x4x6x6xf32"),
	c("torch.aten.avg_pool3d", "{kernel_size = array<i64: 1, 2, 3>}", "3x4x5x7xf32"),
	c("torch.aten.avg_pool3d", "{kernel_size = array<i64: 3, 1, 1>, stride = array<i64: 1>, padding = array<i64: 1, 0, 0>, count_include_pad = false}", "1x2x4x3x3xf64"),
	c("torch.aten.batch_norm", "{eps = 1.0e-03 : f64}", "2x3x4x4xf32", "3xf32", "pos:3xf32", "3xf32", "3xf32"),
	c("torch.aten.batch_norm", "", "2x3x5xf32", "3xf32", "pos:3xf32"),
	c("torch.aten.batch_norm", "", "2x3xf32", "3xf32", "pos:3xf32", "3xf32"),
	c("torch.aten.batch_norm", "", "1x2x3x3xf16", "2xf32", "pos:2xf32", "2xf32", "2xf32"),
	c("torch.aten.bmm", "", "2x3x4xf32", "2x4x5xf32"),
	c("torch.aten.bmm", "", "2x3x4xi32", "2x4x5xi32"),
	c("torch.aten.cat", "{dim = 1 : i64}", "2x3xf32", "2x2xf32"),
	c("torch.aten.cat", "{dim = -2 : i64}", "2x3xi32", "1x3xi32", "4x3xi32"),
	c("torch.aten.cat", "", "2x3xf32"),
	c("torch.aten.clamp", "{min = -0.5 : f64, max = 0.5 : f64}", "2x3xf32"),
	c("torch.aten.clamp", "{min = 1 : i64}", "2x3xi32"),
	c("torch.aten.clamp", "{min = 0.7 : f64, max = 0.2 : f64}", "2x3xf32"),
	c("torch.aten.clamp", "{max = 0.1 : f64}", "2x3xf64"),
	c("torch.aten.clone", "", "2x3xf32"),
	c("torch.aten.constant_pad_nd", "{pad = array<i64: 1, 2, -1, 0>, value = 1.5 : f64}", "2x3x4xf32"),
	c("torch.aten.constant_pad_nd", "{pad = array<i64: 0, 1>}", "3x4xi32"),
	c("torch.aten.constant_pad_nd", "{pad = array<i64: -1, -1, 2, 0, 1, 1>, value = 3 : i64}", "2x3x4xi8"),
	c("torch.aten.contiguous", "", "2x3xi32"),
	c("torch.aten.conv2d", "{stride = array<i64: 2>, padding = array<i64: 1>, dilation = array<i64: 1, 2>, groups = 2 : i64}", "1x4x7x7xf32", "6x2x3x3xf32", "6xf32"),
	c("torch.aten.conv2d", "", "3x5x5xf32", "4x3x3x3xf32"),
	c("torch.aten.conv2d", "{padding = array<i64: 0, 2>}", "2x2x4x4xf64", "3x2x1x3xf64", "3xf64"),
	c("torch.aten.conv3d", "{stride = array<i64: 2, 1, 2>, padding = array<i64: 1, 0, 2>, dilation = array<i64: 2, 1, 1>, groups = 2 : i64}", "1x4x7x5x6xf32", "6x2x3x2x3xf32", "6xf32"),
	c("torch.aten.conv3d", "", "3x4x5x5xf32", "4x3x3x3x3xf32"),
	c("torch.aten.conv3d", "{padding = array<i64: 1>}", "2x2x3x4x4xf64", "3x2x1x3x3xf64", "3xf64"),
	c("torch.aten.conv3d", "{padding = array<i64: 1, 0, 0>, stride = array<i64: 2, 1, 1>}", "1x3x4x5x5xf32", "2x3x3x1x1xf32", "2xf32"),
	c("torch.aten.conv3d", "{padding = array<i64: 1>, dilation = array<i64: 1, 2, 1>, groups = 4 : i64}", "2x4x3x6x5xf32", "4x1x3x3x3xf32"),
	c("torch.aten.div.Scalar", "{other = 3.0 : f64}", "2x3xf32"),
	c("torch.aten.div.Scalar", "{other = 2 : i64}", "2x3xi32"),
	c("torch.aten.div.Tensor", "", "2x3xf32", "nz:2x3xf32"),
	c("torch.aten.div.Tensor", "", "2x3xi32", "nz:3xi32"),
	c("torch.aten.div.Tensor", "{rounding_mode = \"trunc\"}", "wide:2x3xf32", "nz:2x3xf32"),
	c("torch.aten.div.Tensor", "{rounding_mode = \"trunc\"}", "2x3xi32", "nz:2x3xi32"),
	c("torch.aten.div.Tensor", "{rounding_mode = \"floor\"}", "wide:2x3xf32", "nz:2x3xf32"),
	c("torch.aten.div.Tensor", "{rounding_mode = \"floor\"}", "4x5xi16", "nz:4x5xi16"),
	c("torch.aten.dropout", "{p = 3.000000e-01 : f64}", "2x3xf32"),
	c("torch.aten.embedding", "", "5x3xf32", "idx5:2x4xi64"),
	c("torch.aten.embedding", "{padding_idx = 1 : i64}", "6x2xi32", "idx6:3xi32"),
	c("torch.aten.erf", "", "2x3xf32"),
	c("torch.aten.exp", "", "2x3xf32"),
	c("torch.aten.expand", "{size = array<i64: 2, -1, 4>}", "3x1xf32"),
	c("torch.aten.flatten.using_ints", "{start_dim = 1 : i64}", "2x3x4xf32"),
	c("torch.aten.flatten.using_ints", "{start_dim = -3 : i64, end_dim = -2 : i64}", "2x3x4xi32"),
	c("torch.aten.gelu", "", "wide:2x3xf32"),
	c("torch.aten.gelu", "{approximate = \"tanh\"}", "wide:2x3xf32"),
	c("torch.aten.gelu", "{approximate = \"tanh\"}", "wide:2x3xbf16"),
	c("torch.aten.hardsigmoid", "", "wide:2x8xf32"),
	c("torch.aten.hardswish", "", "wide:2x8xf32"),
	c("torch.aten.hardswish", "", "wide:2x8xf16"),
	c("torch.aten.hardtanh", "{min_val = -0.5 : f64, max_val = 2 : i64}", "wide:2x3xf32"),
	c("torch.aten.hardtanh", "", "2x3xf32"),
	c("torch.aten.layer_norm", "{normalized_shape = array<i64: 3, 4>, eps = 1.0e-03 : f64}", "2x3x4xf32", "3x4xf32", "3x4xf32"),
	c("torch.aten.layer_norm", "{normalized_shape = array<i64: 5>}", "2x5xf32"),
	c("torch.aten.layer_norm", "{normalized_shape = array<i64: 8>}", "2x8xf16", "8xf16"),
	c("torch.aten.leaky_relu", "{negative_slope = 2.000000e-01 : f64}", "2x3xf32"),
	c("torch.aten.leaky_relu", "", "2x3xf32"),
	c("torch.aten.linear", "", "2x3x4xf32", "5x4xf32", "5xf32"),
	c("torch.aten.linear", "", "4xf32", "5x4xf32"),
	c("torch.aten.log", "", "pos:2x3xf32"),
	c("torch.aten.log_softmax.int", "{dim = 1 : i64}", "wide:2x3xf32"),
	c("torch.aten.log_softmax.int", "{dim = -1 : i64, dtype = f32}", "2x3xf16"),
	c("torch.aten.masked_fill.Scalar", "{value = -1.5 : f64}", "2x3xf32", "3xi1"),
	c("torch.aten.masked_fill.Scalar", "{value = 7 : i64}", "2x3xi32", "2x3xi1"),
	c("torch.aten.matmul", "", "3xf32", "3xf32"),
	c("torch.aten.matmul", "", "4xf32", "2x4x5xf32"),
	c("torch.aten.matmul", "", "2x3x4xf32", "4xf32"),
	c("torch.aten.matmul", "", "2x1x3x4xf32", "5x4x2xf32"),
	c("torch.aten.matmul", "", "3x4xi32", "4x2xi32"),
	c("torch.aten.max_pool2d", "{kernel_size = array<i64: 3>, stride = array<i64: 2>, padding = array<i64: 1>, dilation = array<i64: 2>, ceil_mode = true}", "1x2x7x7xf32"),
	c("torch.aten.max_pool2d", "{kernel_size = array<i64: 2, 2>}", "1x1x4x4xi32"),
	c("torch.aten.max_pool2d", "{kernel_size = array<i64: 3, 2>, stride = array<i64: 1, 2>}", "2x5x6xf32"),
	c("torch.aten.max_pool3d", "{kernel_size = array<i64: 3>, stride = array<i64: 2>, padding = array<i64: 1>, dilation = array<i64: 2, 1, 1>, ceil_mode = true}", "1x2x7x7x7xf32"),
	c("torch.aten.max_pool3d", "{kernel_size = array<i64: 2, 2, 2>}", "1x1x4x4x4xi32"),
	c("torch.aten.max_pool3d", "{kernel_size = array<i64: 3, 2, 2>, stride = array<i64: 1, 2, 2>}", "2x5x6x6xf32"),
	c("torch.aten.max_pool3d", "{kernel_size = array<i64: 2>, ceil_mode = true}", "1x1x5x5x5xf32"),
	c("torch.aten.max_pool3d", "{kernel_size = array<i64: 3, 3, 3>, stride = array<i64: 2, 1, 1>, padding = array<i64: 1, 1, 0>}", "1x2x5x4x4xf16"),
	c("torch.aten.mean.dim", "{dim = array<i64: 1, -1>, keepdim = true}", "2x3x4xf32"),
	c("torch.aten.mean.dim", "", "2x3x4xf32"),
	c("torch.aten.mean.dim", "{dim = array<i64: 0>, dtype = f32}", "2x3xi32"),
	c("torch.aten.mm", "", "3x4xf32", "4x2xf32"),
	c("torch.aten.mul.Scalar", "{other = 2.5 : f64}", "2x3xf32"),
	c("torch.aten.mul.Scalar", "{other = -3 : i64}", "2x3xi8"),
	c("torch.aten.mul.Tensor", "", "2x3xf32", "2x1xf32"),
	c("torch.aten.mul.Tensor", "", "2x3xi1", "2x3xi1"),
	c("torch.aten.neg", "", "2x3xf32"),
	c("torch.aten.neg", "", "2x3xi32"),
	c("torch.aten.permute", "{dims = array<i64: 2, 0, -2>}", "2x3x4xf32"),
	c("torch.aten.pow.Tensor_Scalar", "{exponent = 5.000000e-01 : f64}", "pos:2x3xf32"),
	c("torch.aten.pow.Tensor_Scalar", "{exponent = 3 : i64}", "2x3xi32"),
	c("torch.aten.pow.Tensor_Scalar", "{exponent = 2 : i64}", "2x3xf32"),
	c("torch.aten.pow.Tensor_Scalar", "{exponent = 0 : i64}", "2x3xi64"),
	c("torch.aten.pow.Tensor_Scalar", "{exponent = 1.5 : f64}", "pos:2x3xi32"),
	c("torch.aten.pow.Tensor_Tensor", "", "pos:2x3xf32", "2x3xf32"),
	c("torch.aten.relu", "", "2x3xf32"),
	c("torch.aten.relu", "", "2x3xi8"),
	c("torch.aten.relu6", "", "wide:2x3xf32"),
	c("torch.aten.reshape", "{shape = array<i64: 3, -1>}", "2x3x2xf32"),
	c("torch.aten.rsqrt", "", "pos:2x3xf32"),
	c("torch.aten.rsub.Scalar", "{other = 1 : i64, alpha = 2.0 : f64}", "2x3xf32"),
	c("torch.aten.rsub.Scalar", "{other = 5 : i64}", "2x3xi32"),
	c("torch.aten.scaled_dot_product_attention", "", "2x3x5x4xf32", "2x3x6x4xf32", "2x3x6x7xf32"),
	c("torch.aten.scaled_dot_product_attention", "", "2x3x5x4xf32", "2x3x6x4xf32", "2x3x6x7xf32", "5x6xi1"),
	c("torch.aten.scaled_dot_product_attention", "", "2x5x4xf32", "2x6x4xf32", "2x6x3xf32", "2x1x6xf32"),
	c("torch.aten.scaled_dot_product_attention", "{is_causal = true, scale = 3.000000e-01 : f64}", "1x2x4x8xf32", "1x2x6x8xf32", "1x2x6x8xf32"),
	c("torch.aten.scaled_dot_product_attention", "{enable_gqa = true}", "1x4x3x8xf32", "1x2x5x8xf32", "1x2x5x8xf32"),
	c("torch.aten.scaled_dot_product_attention", "", "1x2x3x8xf16", "1x2x5x8xf16", "1x2x5x8xf16"),
	c("torch.aten.select.int", "{dim = 1 : i64, index = -1 : i64}", "3x4x5xf32"),
	c("torch.aten.select.int", "{dim = 0 : i64, index = 2 : i64}", "3xi32"),
	c("torch.aten.sigmoid", "", "wide:2x3xf32"),
	c("torch.aten.silu", "", "wide:2x3xf32"),
	c("torch.aten.silu", "", "wide:2x3xf16"),
	c("torch.aten.slice.Tensor", "{dim = 0 : i64, start = 1 : i64, end = -2 : i64, step = 3 : i64}", "10x3xf32"),
	c("torch.aten.slice.Tensor", "{dim = -1 : i64, start = -100 : i64}", "2x5xi32"),
	c("torch.aten.slice.Tensor", "{dim = 1 : i64, start = 4 : i64, end = 2 : i64}", "2x5xf32"),
	c("torch.aten.softmax.int", "{dim = 1 : i64}", "wide:2x3x4xf32"),
	c("torch.aten.softmax.int", "{dim = 0 : i64}", "wide:4x3xf16"),
	c("torch.aten.softmax.int", "{dim = 0 : i64, dtype = f32}", "2x3xi32"),
	c("torch.aten.sqrt", "", "pos:2x3xf32"),
	c("torch.aten.squeeze", "", "1x3x1xf32"),
	c("torch.aten.squeeze.dim", "{dim = 0 : i64}", "1x3xf32"),
	c("torch.aten.squeeze.dim", "{dim = 1 : i64}", "1x3xf32"),
	c("torch.aten.sub.Scalar", "{other = 0.25 : f64, alpha = 4 : i64}", "2x3xf32"),
	c("torch.aten.sub.Scalar", "{other = 3 : i64}", "2x3xi16"),
	c("torch.aten.sub.Tensor", "", "2x3xf32", "2x3xf32"),
	c("torch.aten.sub.Tensor", "{alpha = -2 : i64}", "2x3xi32", "3xi32"),
	c("torch.aten.sum.dim_IntList", "{dim = array<i64: -1>}", "2x3xf32"),
	c("torch.aten.sum.dim_IntList", "{keepdim = true}", "2x3xi32"),
	c("torch.aten.sum.dim_IntList", "{dim = array<i64: 0>}", "4x3xi1"),
	c("torch.aten.sum.dim_IntList", "{dim = array<i64: 1>, dtype = f64}", "2x3xf32"),
	c("torch.aten.tanh", "", "2x3xf32"),
	c("torch.aten.to.dtype", "{dtype = i32}", "wide:2x3xf32"),
	c("torch.aten.to.dtype", "{dtype = f16}", "2x3xi32"),
	c("torch.aten.to.dtype", "{dtype = i1}", "2x3xf32"),
	c("torch.aten.to.dtype", "{dtype = f32}", "2x3xi1"),
	c("torch.aten.transpose.int", "{dim0 = 0 : i64, dim1 = -1 : i64}", "2x3x4xf32"),
	c("torch.aten.unsqueeze", "{dim = -1 : i64}", "2x3xf32"),
	c("torch.aten.view", "{size = array<i64: -1>}", "2x3xi32"),
	c("torch.aten.where.self", "", "2x3xi1", "2x3xf32", "3xf32"),
	c("torch.aten.where.self", "", "3xi1", "2x3xi64", "2x1xi64"),
	// 0-D tensors and f64.
	c("torch.aten.softmax.int", "{dim = 0 : i64}", "f32"),
	c("torch.aten.log_softmax.int", "{dim = -1 : i64}", "f64"),
	c("torch.aten.sum.dim_IntList", "", "i32"),
	c("torch.aten.mean.dim", "{dim = array<i64: 0>}", "f32"),
	c("torch.aten.argmax", "{dim = 0 : i64}", "f32"),
	c("torch.aten.layer_norm", "{normalized_shape = array<i64: 3>}", "4x3xf64", "3xf64", "3xf64"),
	c("torch.aten.gelu", "", "wide:3x2xf64"),
	c("torch.constant", "{value = dense<[1.5, -2.0]> : tensor<2xf32>}"),
	c("torch.constant", "{value = dense<7> : tensor<2x2xi32>}"),

	// comparisons, logical and bitwise ops
	c("torch.aten.eq.Tensor", "", "idx3:2x3xi32", "idx3:3xi32"),
	c("torch.aten.ne.Tensor", "", "2x3xf32", "2x1xf32"),
	c("torch.aten.lt.Tensor", "", "4xi1", "3x1xi1"),
	c("torch.aten.le.Tensor", "", "idx3:2x3xi64", "idx3:3xi64"),
	c("torch.aten.gt.Tensor", "", "2x3xf16", "3xf16"),
	c("torch.aten.ge.Tensor", "", "idx4:3x1xi8", "idx4:4xi8"),
	c("torch.aten.eq.Scalar", "{other = 2 : i64}", "idx4:2x3xi32"),
	c("torch.aten.ne.Scalar", "{other = 1 : i64}", "2x3xi1"),
	c("torch.aten.lt.Scalar", "{other = 5.000000e-01 : f64}", "2x3xi32"),
	c("torch.aten.le.Scalar", "{other = 2.500000e-01 : f64}", "2x3xf32"),
	c("torch.aten.gt.Scalar", "{other = 0 : i64}", "2x3xf32"),
	c("torch.aten.ge.Scalar", "{other = 1.500000e+00 : f64}", "2x3xi1"),
	c("torch.aten.logical_and", "", "2x3xi1", "3xi1"),
	c("torch.aten.logical_or", "", "idx2:2x3xi32", "idx2:3xi64"),
	c("torch.aten.logical_xor", "", "2x1xi1", "idx2:3xi8"),
	c("torch.aten.logical_not", "", "idx2:2x3xi32"),
	c("torch.aten.logical_not", "", "2x3xi1"),
	c("torch.aten.bitwise_not", "", "2x3xi32"),
	c("torch.aten.bitwise_not", "", "4xi1"),
	c("torch.aten.maximum", "", "2x3xf32", "3xf32"),
	c("torch.aten.maximum", "", "3xi1", "2x1xi1"),
	c("torch.aten.minimum", "", "2x1xi16", "4xi16"),
	c("torch.aten.minimum", "", "3xi1", "3xi1"),
	c("torch.aten.remainder.Tensor", "", "wide:2x3xf32", "nz:2x3xf32"),
	c("torch.aten.remainder.Tensor", "", "2x3xi32", "nz:3xi32"),
	c("torch.aten.remainder.Tensor", "", "wide:4xf16", "nz:4xf16"),
	c("torch.aten.fmod.Tensor", "", "wide:2x3xf64", "nz:2x3xf64"),
	c("torch.aten.fmod.Tensor", "", "2x3xi64", "nz:2x1xi64"),
	c("torch.aten.fmod.Tensor", "", "wide:2x3xf32", "nz:3xf32"),

	// unary math
	c("torch.aten.reciprocal", "", "nz:2x3xf32"),
	c("torch.aten.floor", "", "wide:2x3xf32"),
	c("torch.aten.floor", "", "2x3xi32"),
	c("torch.aten.ceil", "", "wide:2x3xf16"),
	c("torch.aten.round", "", "wide:2x3xf32"),
	c("torch.aten.round", "", "3xi8"),
	c("torch.aten.sign", "", "2x3xf32"),
	c("torch.aten.sign", "", "2x3xi32"),
	c("torch.aten.sign", "", "4xi1"),
	c("torch.aten.sin", "", "wide:2x3xf32"),
	c("torch.aten.cos", "", "wide:2x3xf32"),
	c("torch.aten.tan", "", "2x3xf32"),
	c("torch.aten.sinh", "", "wide:2x3xf32"),
	c("torch.aten.sinh", "", "wide:2x3xf16"),
	c("torch.aten.cosh", "", "wide:2x3xf32"),
	c("torch.aten.asinh", "", "wide:2x3xf32"),
	c("torch.aten.acosh", "", "pos:2x3xf32"),
	c("torch.aten.atanh", "", "2x3xf32"),
	c("torch.aten.isnan", "", "2x3xf32"),
	c("torch.aten.isnan", "", "3xi32"),
	c("torch.aten.isinf", "", "2x3xf16"),
	c("torch.aten.isposinf", "", "2x3xf32"),
	c("torch.aten.isneginf", "", "3xi64"),

	// activations
	c("torch.aten.elu", "{alpha = 2.000000e+00 : f64, scale = 1.500000e+00 : f64, input_scale = 5.000000e-01 : f64}", "wide:2x3xf32"),
	c("torch.aten.elu", "", "2x3xf16"),
	c("torch.aten.selu", "", "wide:2x3xf32"),
	c("torch.aten.celu", "{alpha = 5.000000e-01 : f64}", "2x3xf32"),
	c("torch.aten.softplus", "{beta = 2 : i64, threshold = 1.000000e+00 : f64}", "wide:2x3xf32"),
	c("torch.aten.softplus", "", "wide:2x3xf32"),
	c("torch.aten.mish", "", "wide:2x3xf32"),
	c("torch.aten.prelu", "", "2x3x4xf32", "3xf32"),
	c("torch.aten.prelu", "", "5xf32", "1xf32"),
	c("torch.aten.threshold", "{threshold = 5.000000e-01 : f64, value = -1.000000e+00 : f64}", "2x3xf32"),
	c("torch.aten.threshold", "{threshold = 2 : i64, value = 100 : i64}", "2x3xi32"),
	c("torch.aten.hardshrink", "{lambd = 1.000000e+00 : f64}", "wide:2x3xf32"),
	c("torch.aten.hardshrink", "", "2x3xf32"),
	c("torch.aten.softshrink", "{lambd = 1.000000e+00 : f64}", "wide:2x3xf32"),
	c("torch.aten.softshrink", "", "2x3xf16"),

	// reductions
	c("torch.aten.amax", "{dim = array<i64: 1, -1>}", "2x3x4xf32"),
	c("torch.aten.amax", "{dim = array<i64: 0>}", "3x2xi1"),
	c("torch.aten.amin", "{keepdim = true}", "2x3xi32"),
	c("torch.aten.amin", "", "f32"),
	c("torch.aten.max", "", "2x3xf32"),
	c("torch.aten.max", "", "4xi1"),
	c("torch.aten.min", "", "2x3xi64"),
	c("torch.aten.prod.dim_int", "{dim = 1 : i64, keepdim = true}", "2x3xf32"),
	c("torch.aten.prod.dim_int", "{dim = -1 : i64}", "2x3xi8"),
	c("torch.aten.prod", "", "2x3xi1"),
	c("torch.aten.prod", "{dtype = f64}", "2x3xf32"),
	c("torch.aten.logsumexp", "{dim = array<i64: 1>}", "wide:2x3x4xf32"),
	c("torch.aten.logsumexp", "{dim = array<i64>, keepdim = true}", "2x3xf16"),
	c("torch.aten.linalg_vector_norm", "", "2x3xf32"),
	c("torch.aten.linalg_vector_norm", "{ord = 1 : i64, dim = array<i64: 1>, keepdim = true}", "2x3x4xf32"),
	c("torch.aten.linalg_vector_norm", "{ord = 0x7FF0000000000000 : f64, dim = array<i64: 0>}", "2x3xf32"),
	c("torch.aten.linalg_vector_norm", "{ord = 0xFFF0000000000000 : f64}", "2x3xf32"),
	c("torch.aten.linalg_vector_norm", "{ord = 0 : i64}", "2x3xf32"),
	c("torch.aten.linalg_vector_norm", "{ord = 3.500000e+00 : f64, dtype = f64}", "2x3xf32"),
	c("torch.aten.linalg_vector_norm", "{ord = -1 : i64}", "nz:2x3xf32"),
	c("torch.aten.linalg_vector_norm", "", "f32"),

	// scans, selection and data movement
	c("torch.aten.cumsum", "{dim = 1 : i64}", "2x5xf32"),
	c("torch.aten.cumsum", "{dim = 0 : i64}", "7xi8"),
	c("torch.aten.cumsum", "{dim = -1 : i64, dtype = f32}", "3x4xi1"),
	c("torch.aten.topk", "{k = 3 : i64}", "2x6xf32"),
	c("torch.aten.topk", "{k = 2 : i64, dim = 0 : i64, largest = false}", "4x3xi32"),
	c("torch.aten.topk", "{k = 5 : i64}", "idx3:5xi64"),
	c("torch.aten.gather", "{dim = 1 : i64}", "2x5xf32", "idx5:2x3xi64"),
	c("torch.aten.gather", "{dim = 0 : i64}", "3x4xi32", "idx3:2x4xi64"),
	c("torch.aten.gather", "{dim = -1 : i64}", "2x3x4xi1", "idx4:2x2x5xi64"),
	c("torch.aten.index_select", "{dim = 1 : i64}", "2x5x3xf32", "idx5:7xi64"),
	c("torch.aten.index_select", "{dim = -1 : i64}", "3x4xi32", "idx4:i64"),
	c("torch.aten.index_select", "{dim = 0 : i64}", "f32", "idx1:1xi64"),
	c("torch.aten.repeat", "{repeats = array<i64: 2, 1, 3>}", "2x3xf32"),
	c("torch.aten.repeat", "{repeats = array<i64: 2>}", "3xi1"),
	c("torch.aten.flip", "{dims = array<i64: 0, -1>}", "2x3x4xf32"),
	c("torch.aten.flip", "{dims = array<i64: 1>}", "2x3xi1"),
	c("torch.aten.tril", "", "3x4xf32"),
	c("torch.aten.tril", "{diagonal = -1 : i64}", "2x3x3xi32"),
	c("torch.aten.triu", "{diagonal = 2 : i64}", "3x4xi1"),
	c("torch.aten.triu", "", "4x3xf32"),
	c("torch.aten.pixel_shuffle", "{upscale_factor = 2 : i64}", "1x8x2x3xf32"),
	c("torch.aten.pixel_shuffle", "{upscale_factor = 3 : i64}", "9x2x2xi32"),
	c("torch.aten.pixel_unshuffle", "{downscale_factor = 2 : i64}", "2x2x4x6xf32"),

	// normalisation
	c("torch.aten.instance_norm", "{eps = 1.000000e-03 : f64}", "2x3x4x4xf32", "3xf32", "3xf32"),
	c("torch.aten.instance_norm", "", "2x3x5xf16"),
	c("torch.aten.group_norm", "{num_groups = 2 : i64}", "2x4x3x3xf32", "4xf32", "4xf32"),
	c("torch.aten.group_norm", "{num_groups = 3 : i64, eps = 1.000000e-03 : f64}", "1x6x5xf32", "6xf32"),
}

// TestEveryTorchOpDecomposesEquivalently is the main proof of the
// decompositions: every op of the torch dialect (from its op table, so a
// new op without a case fails) has cases, and each case computes the same
// values before and after torch-to-core on seeded random inputs.
func TestEveryTorchOpDecomposesEquivalently(t *testing.T) {
	covered := map[string]bool{}
	for _, tc := range cases {
		covered[tc.op] = true
	}
	for _, o := range torch.Dialect.Ops {
		if !covered[o.FullName()] {
			t.Errorf("%s has no numeric case", o.FullName())
		}
		if !Decomposes(o.FullName()) {
			t.Errorf("%s has no decomposition", o.FullName())
		}
	}
	rng := rand.New(rand.NewSource(7))
	for i, tc := range cases {
		name := fmt.Sprintf("%d:%s%s", i, tc.op, tc.attrs)
		t.Run(name, func(t *testing.T) {
			src, err := caseSource(tc)
			if err != nil {
				t.Fatal(err)
			}
			kinds := make([]string, len(tc.args))
			for i, a := range tc.args {
				kinds[i], _ = argSpec(a)
			}
			checkEquivalent(t, src, kinds, rng)
		})
	}
}

// caseSource writes tc as @main in generic form; the result type comes
// from the op's own inference.
func caseSource(tc opCase) (string, error) {
	ctx := newContext()
	var params, types []string
	for i, a := range tc.args {
		_, ty := argSpec(a)
		params = append(params, fmt.Sprintf("%%a%d: %s", i, ty))
		types = append(types, ty)
	}
	probe := fmt.Sprintf("func.func @probe(%s) {\n  \"x.attrs\"() %s : () -> ()\n  func.return\n}\n", strings.Join(params, ", "), orEmpty(tc.attrs))
	ctx.AllowUnregistered = true
	m, err := asm.Parse(ctx, "probe.mlir", []byte(probe), 1)
	if err != nil {
		return "", fmt.Errorf("probe: %v\n%s", err, probe)
	}
	var argTypes []ir.Type
	var attrs []ir.NamedAttr
	ir.WalkPreOrder(m, func(o *ir.Operation) ir.WalkResult {
		switch o.Name() {
		case "func.func":
			for _, a := range o.Region(0).Front().Args() {
				argTypes = append(argTypes, a.Type())
			}
		case "x.attrs":
			attrs = o.Attrs()
		}
		return ir.Advance
	})
	info := ctx.LookupOp(tc.op)
	if info == nil {
		return "", fmt.Errorf("no op %s", tc.op)
	}
	rs, err := info.Def.(*ods.OpDef).Infer(ctx, argTypes, func(n string) ir.Attribute { return lookup(attrs, n) })
	if err != nil {
		return "", fmt.Errorf("infer %s: %v", tc.op, err)
	}
	var operands []string
	for i := range tc.args {
		operands = append(operands, fmt.Sprintf("%%a%d", i))
	}
	props := ""
	if tc.attrs != "" {
		props = " <" + tc.attrs + ">"
	}
	// An op with several results (topk) returns them all.
	var results, values []string
	for i, r := range rs {
		results = append(results, r.String())
		values = append(values, fmt.Sprintf("%%0#%d", i))
	}
	resList := strings.Join(results, ", ")
	if len(rs) != 1 {
		resList = "(" + resList + ")"
	} else {
		values = []string{"%0"}
	}
	return fmt.Sprintf("func.func @main(%s) -> %s {\n  %%0%s = \"%s\"(%s)%s : (%s) -> %s\n  func.return %s : %s\n}\n",
		strings.Join(params, ", "), resList, map[bool]string{true: "", false: fmt.Sprintf(":%d", len(rs))}[len(rs) == 1], tc.op,
		strings.Join(operands, ", "), props, strings.Join(types, ", "), resList, strings.Join(values, ", "), strings.Join(results, ", ")), nil
}

func orEmpty(attrs string) string {
	if attrs == "" {
		return "{}"
	}
	return attrs
}

func newContext() *ir.Context {
	ctx := all.NewContext()
	return ctx
}

// argSpec splits "pos:2x3xf32" into its range kind and tensor type.
func argSpec(a string) (kind, typ string) {
	if i := strings.IndexByte(a, ':'); i >= 0 {
		kind, a = a[:i], a[i+1:]
	}
	return kind, "tensor<" + a + ">"
}

// checkEquivalent runs @main of src before and after TorchToCore on the
// same seeded random inputs (kinds[i] names argument i's range) and
// compares the results. It returns the lowered module's text.
func checkEquivalent(t *testing.T, src string, kinds []string, rng *rand.Rand) string {
	t.Helper()
	m := parseVerified(t, src)
	fn, err := interp.LookupFunc(m, "main")
	if err != nil {
		t.Fatal(err)
	}
	var inputs []*tensor.Tensor
	for i, a := range fn.Region(0).Front().Args() {
		kind := ""
		if i < len(kinds) {
			kind = kinds[i]
		}
		inputs = append(inputs, randomTensor(t, a.Type(), kind, rng))
	}
	want, err := interp.RunModule(m, "main", inputs)
	if err != nil {
		t.Fatalf("torch run: %v\n%s", err, src)
	}
	if err := TorchToCore(m); err != nil {
		t.Fatalf("torch-to-core: %v\n%s", describeErr(err), src)
	}
	lowered := asm.String(m, asm.PrintOptions{})
	if strings.Contains(lowered, "torch.") {
		t.Fatalf("torch ops left:\n%s", lowered)
	}
	got, err := interp.RunModule(m, "main", inputs)
	if err != nil {
		t.Fatalf("core run: %v\n%s", err, lowered)
	}
	for i := range want {
		if msg := compareTensors(want[i], got[i]); msg != "" {
			t.Fatalf("result %d: %s\ninputs: %v\nbefore:\n%s\nafter:\n%s\nwant %v\ngot  %v", i, msg, inputs, src, lowered, want[i], got[i])
		}
	}
	// The composites' pieces compute the same values.
	if !strings.Contains(lowered, "core.layer_norm") && !strings.Contains(lowered, "core.softmax") && !strings.Contains(lowered, "core.gelu") {
		return lowered
	}
	pm, err := pass.ParsePipeline("builtin.module(func.func(core-decompose-composites))")
	if err != nil {
		t.Fatal(err)
	}
	if err := pm.Run(m, &pass.Config{VerifyEach: true, Out: io.Discard}); err != nil {
		t.Fatalf("core-decompose-composites: %v\n%s", describeErr(err), lowered)
	}
	pieces := asm.String(m, asm.PrintOptions{})
	if strings.Contains(pieces, "core.layer_norm") || strings.Contains(pieces, "core.softmax") || strings.Contains(pieces, "core.gelu") {
		t.Fatalf("composites left:\n%s", pieces)
	}
	got, err = interp.RunModule(m, "main", inputs)
	if err != nil {
		t.Fatalf("pieces run: %v\n%s", err, pieces)
	}
	for i := range want {
		if msg := compareTensors(want[i], got[i]); msg != "" {
			t.Fatalf("result %d after core-decompose-composites: %s\ninputs: %v\nbefore:\n%s\nafter:\n%s\nwant %v\ngot  %v", i, msg, inputs, src, pieces, want[i], got[i])
		}
	}
	return lowered
}

func parseVerified(t *testing.T, src string) *ir.Operation {
	t.Helper()
	ctx := newContext()
	m, err := asm.Parse(ctx, "case.mlir", []byte(src), 1)
	if err != nil {
		t.Fatalf("parse: %v\n%s", err, src)
	}
	if err := ir.Verify(m); err != nil {
		t.Fatalf("verify: %v\n%s", err, src)
	}
	return m
}

func describeErr(err error) string {
	d, ok := err.(*ir.Diagnostic)
	if !ok {
		return err.Error()
	}
	var b strings.Builder
	b.WriteString(d.Message)
	for _, n := range d.Notes {
		fmt.Fprintf(&b, "\n  note: %s: %s", n.Loc, n.Message)
	}
	return b.String()
}

// randomTensor fills a tensor of type ty with seeded values in the range
// kind names (see opCase).
func randomTensor(t *testing.T, ty ir.Type, kind string, rng *rand.Rand) *tensor.Tensor {
	t.Helper()
	rt := ty.(*ir.RankedTensorType)
	dt, err := interp.DTypeOf(rt.Elem)
	if err != nil {
		t.Fatal(err)
	}
	n := rt.NumElements()
	vals := make([]float64, n)
	isFloat := ir.IsFloat(rt.Elem)
	for i := range vals {
		switch {
		case dt == tensor.Bool:
			vals[i] = float64(rng.Intn(2))
		case strings.HasPrefix(kind, "idx"):
			var lim int
			fmt.Sscanf(kind, "idx%d", &lim)
			vals[i] = float64(rng.Intn(lim))
		case kind == "pos" && isFloat:
			vals[i] = 0.1 + 2.9*rng.Float64()
		case kind == "pos":
			vals[i] = float64(1 + rng.Intn(9))
		case kind == "nz" && isFloat:
			vals[i] = (0.5 + 2.5*rng.Float64()) * float64(1-2*rng.Intn(2))
		case kind == "nz":
			vals[i] = float64((1 + rng.Intn(9)) * (1 - 2*rng.Intn(2)))
		case kind == "wide" && isFloat:
			vals[i] = -6 + 12*rng.Float64()
		case isFloat:
			vals[i] = -2 + 4*rng.Float64()
		default:
			vals[i] = float64(rng.Intn(19) - 9)
		}
	}
	x, err := tensor.FromValues(dt, rt.Shape, vals...)
	if err != nil {
		t.Fatal(err)
	}
	return x
}

// compareTensors is "" when got equals want: same dtype and shape,
// integers exactly, floats within a relative and absolute tolerance of
// the dtype's precision (1e-5 for f32 and f64), NaN matching NaN.
func compareTensors(want, got *tensor.Tensor) string {
	if want.DType() != got.DType() || !tensor.ShapeEqual(want.Shape(), got.Shape()) {
		return fmt.Sprintf("got %s %v, want %s %v", got.DType(), got.Shape(), want.DType(), want.Shape())
	}
	if !want.DType().IsFloat() {
		w, g := want.IntValues(), got.IntValues()
		for i := range w {
			if w[i] != g[i] {
				return fmt.Sprintf("element %d: got %d, want %d", i, g[i], w[i])
			}
		}
		return ""
	}
	tol := 1e-5
	switch want.DType() {
	case tensor.F16:
		tol = 2e-3
	case tensor.BF16:
		tol = 1.6e-2
	}
	w, g := want.Values(), got.Values()
	for i := range w {
		if math.IsNaN(w[i]) && math.IsNaN(g[i]) {
			continue
		}
		if math.IsInf(w[i], 0) && w[i] == g[i] {
			continue
		}
		if d := math.Abs(w[i] - g[i]); !(d <= tol+tol*math.Abs(w[i])) {
			return fmt.Sprintf("element %d: got %v, want %v (|diff| %.3g)", i, g[i], w[i], d)
		}
	}
	return ""
}
