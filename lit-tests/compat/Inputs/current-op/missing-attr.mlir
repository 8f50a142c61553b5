"func.func"() ({}) {sym_name = "x"} : () -> ()
