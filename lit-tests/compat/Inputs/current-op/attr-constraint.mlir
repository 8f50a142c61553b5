"func.call"() {callee = 3} : () -> ()
