// expected-error @+1 {{this message is not the one produced}}
"x.a"(%undefined) : (i32) -> ()

// -----

// expected-error @+1 {{nothing goes wrong here}}
"x.b"() : () -> ()
