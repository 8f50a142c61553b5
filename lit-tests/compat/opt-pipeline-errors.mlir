// A pipeline error echoes the pipeline exactly as typed, with a caret under
// the bad position: no ')' lost, no wrapping the user did not type.

// RUN: not mlc-opt -p 'builtin.module(func.func(cse,canonicalize)' %s 2>&1 | filecheck %s --strict-whitespace --check-prefix=OPEN
// OPEN:      <pipeline>:1:15: error: invalid pass pipeline: encountered unbalanced parentheses while parsing pipeline
// OPEN-NEXT: builtin.module(func.func(cse,canonicalize)
// OPEN-NEXT: {{^}}              ^{{$}}

// RUN: not mlc-opt -p 'builtin.module(cse))' %s 2>&1 | filecheck %s --strict-whitespace --check-prefix=EXTRA
// EXTRA:      <pipeline>:1:20: error: invalid pass pipeline: encountered extra closing ')' creating unbalanced parentheses while parsing pipeline
// EXTRA-NEXT: builtin.module(cse))
// EXTRA-NEXT: {{^}}                   ^{{$}}

// RUN: not mlc-opt -p 'builtin.module(func.func(cse,bogus))' %s 2>&1 | filecheck %s --strict-whitespace --check-prefix=UNKNOWN
// UNKNOWN:      <pipeline>:1:30: error: 'bogus' does not refer to a registered pass or pass pipeline
// UNKNOWN-NEXT: builtin.module(func.func(cse,bogus))
// UNKNOWN-NEXT: {{^}}                             ^{{$}}

// A pass flag's error quotes the flag.
// RUN: not mlc-opt --cse --canonicalize=max-iterations=x %s 2>&1 | filecheck %s --strict-whitespace --check-prefix=FLAG
// FLAG:      <pipeline>:1:31: error: pass 'canonicalize': option 'max-iterations' expects an integer, not 'x'
// FLAG-NEXT: --canonicalize=max-iterations=x
// FLAG-NEXT: {{^}}                              ^{{$}}
// RUN: not mlc-opt '--canonicalize=top-down=true bogus=1' %s 2>&1 | filecheck %s --strict-whitespace --check-prefix=FLAGOPT
// FLAGOPT:      <pipeline>:1:30: error: no such option 'bogus' for pass 'canonicalize'
// FLAGOPT-NEXT: --canonicalize=top-down=true bogus=1
// FLAGOPT-NEXT: {{^}}                             ^{{$}}

func.func @f() {
  return
}
