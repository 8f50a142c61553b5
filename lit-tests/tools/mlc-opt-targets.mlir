// Targets are data: mlc-opt lists the built-in target files, describes one,
// takes a user's own with --target-file, and rejects a malformed file with
// one positioned error naming the field.
// RUN: mlc-opt --show-targets | filecheck %s --check-prefix=LIST
// RUN: mlc-opt --show-targets --target-file %S/Inputs/target-v99.yaml | filecheck %s --check-prefix=OWN
// RUN: mlc-opt --show-target=trt-orin | filecheck %s --check-prefix=ORIN
// RUN: mlc-opt --show-target=qnn-htp-v99 --target-file %S/Inputs/target-v99.yaml | filecheck %s --check-prefix=V99
// RUN: not mlc-opt --target-file %S/Inputs/target-bad.yaml %s 2>&1 | filecheck %s --check-prefix=BAD
// RUN: not mlc-opt --show-target=trt-nano 2>&1 | filecheck %s --check-prefix=UNKNOWN
// RUN: mlc-opt --target-file %S/Inputs/target-v99.yaml %s | filecheck %s --check-prefix=RUNS

// LIST: qnn-htp-v68 qnn htp-v68
// LIST: qnn-htp-v79 qnn htp-v79
// LIST-NEXT: trt-orin tensorrt ampere-sm87
// LIST-NEXT: trt-thor tensorrt blackwell-thor
// LIST-NOT: qnn-htp-v99

// OWN: trt-thor
// OWN-NEXT: qnn-htp-v99 qnn htp-v99 a made-up HTP

// ORIN: ## trt-orin
// ORIN: - Peak i8: 85 TOPS [derived, orin-brief: {{.*}}]
// ORIN: | conv | input | i8, f16, f32 |
// ORIN: | int8-activations | activation | i8 | symmetric [-128, 127] | per-tensor |

// V99: ## qnn-htp-v99
// V99: | conv | input | u8, f16 |
// V99: | matmul | | not supported |

// BAD: {{.*}}target-bad.yaml:17:13: error: field 'quantization[0].scheme': backend 'tensorrt' cannot express asymmetric quantization
// BAD-NOT: error

// UNKNOWN: error: unknown target 'trt-nano' (known: qnn-htp-v68, {{.*}}, trt-thor)

// RUNS: func.func @f
func.func @f() {
  return
}
