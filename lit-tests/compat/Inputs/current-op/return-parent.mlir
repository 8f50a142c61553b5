"func.return"() : () -> ()
