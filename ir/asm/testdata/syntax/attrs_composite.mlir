// Arrays, dictionaries, type attributes and symbol references.
"x.arrays"() {a = [], b = [1, 2, 3], c = [[1, 2], [3]], d = [1 : i32, "s", 2.5, [true]], e = [[[[[]]]]]} : () -> ()
"x.dicts"() {a = {}, b = {x = 1, y}, c = {nested = {deeper = {k = "v"}}}, d = {"q k" = @sym}} : () -> ()
"x.types"() {a = i32, b = tensor<4xf32>, c = (i32) -> f32, d = !x.t, e = none, f = index} : () -> ()
"x.symbols"() {a = @a, b = @a::@b::@c, c = @"quoted sym", d = @"q"::@"r s", e = [@x, @y::@z]} : () -> ()
