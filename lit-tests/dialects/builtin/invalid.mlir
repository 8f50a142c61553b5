// RUN: mlc-opt --split-input-file --verify-diagnostics %s

// expected-error @+1 {{'builtin.module' op region should have no arguments}}
"builtin.module"() ({
^bb0(%a: i32):
}) : () -> ()

// -----

// expected-error @+1 {{'builtin.module' op attribute 'sym_name' failed to satisfy constraint: string attribute}}
"builtin.module"() <{sym_name = 3}> ({
^bb0:
}) : () -> ()

// -----

// expected-error @+1 {{'builtin.module' op requires 1 region}}
"builtin.module"() : () -> ()

// -----

// expected-error @+1 {{custom op 'nomodule' is unknown}}
nomodule @x {}
