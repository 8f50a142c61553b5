// Dialect types with opaque bodies, verbose forms and type aliases.
!q8 = !quant.uniform<i8:f32, 0.0235:-3>
!qaxis = !quant.uniform<i8<-127:127>:f32:0, {0.1:0, 0.2:1}>
!t = tensor<2x!q8>
%0 = "x.q"() : () -> !q8
%1 = "x.qa"() : () -> !qaxis
%2 = "x.t"() : () -> !t
%3:4 = "x.dialect"() : () -> (!x.plain, !x.body<"str", (i32) -> i64, [1, 2], {a}>, !x<"verbose">, !x.nested<!x.inner<1>>)
%4 = "x.arrow"() : () -> !x.fn<() -> (i32)>
%5 = "x.multiline"() : () -> !x.long<
  1,
  2>
