// Pass options are typed: a value that does not fit its option's type is an
// error when the pipeline is parsed, positioned at the value, and nothing
// runs (exit 1).

// RUN: not mlc-opt --pass-pipeline='builtin.module(canonicalize{max-iterations=abc})' %s 2>&1 | filecheck %s --strict-whitespace --check-prefix=INT
// INT:      <pipeline>:1:44: error: pass 'canonicalize': option 'max-iterations' expects an integer, not 'abc'
// INT-NEXT: builtin.module(canonicalize{max-iterations=abc})
// INT-NEXT: {{^}}                                           ^{{$}}

// The flag form is checked the same way, at the value in the flag as typed.
// RUN: not mlc-opt --canonicalize='top-down=false max-iterations=abc' %s 2>&1 | filecheck %s --strict-whitespace --check-prefix=FLAG
// FLAG:      <pipeline>:1:46: error: pass 'canonicalize': option 'max-iterations' expects an integer, not 'abc'
// FLAG-NEXT: --canonicalize=top-down=false max-iterations=abc
// FLAG-NEXT: {{^}}                                             ^{{$}}

// Bool and enum options.
// RUN: not mlc-opt --pass-pipeline='builtin.module(canonicalize{top-down=maybe})' %s 2>&1 | filecheck %s --check-prefix=BOOL
// BOOL: <pipeline>:1:38: error: pass 'canonicalize': option 'top-down' expects true or false, not 'maybe'
// RUN: not mlc-opt --test-legalize-patterns=mode=total %s 2>&1 | filecheck %s --check-prefix=ENUM
// ENUM: <pipeline>:1:31: error: pass 'test-legalize-patterns': option 'mode' expects one of partial, full, analysis, not 'total'

// An unknown option points at its name.
// RUN: not mlc-opt --pass-pipeline='builtin.module(func.func(cse),inline{max-depht=2})' %s 2>&1 | filecheck %s --check-prefix=NAME
// NAME: <pipeline>:1:38: error: no such option 'max-depht' for pass 'inline'

// Ordering constraints are checked when the pipeline is built:
// torch-fold-batch-norm must see the batch norms torch-decompose removes.
// RUN: not mlc-opt --pass-pipeline='builtin.module(func.func(torch-decompose,torch-fold-batch-norm))' %s 2>&1 | filecheck %s --check-prefix=ORDER
// ORDER: <pipeline>:1:42: error: pass 'torch-fold-batch-norm' must run before 'torch-decompose', which comes earlier in the pipeline

// Good values run.
// RUN: mlc-opt --pass-pipeline='builtin.module(canonicalize{max-iterations=3 top-down=false})' %s | filecheck %s
// CHECK: func.func @f

func.func @f() {
  return
}
