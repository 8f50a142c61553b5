// Comments and layout: comments everywhere, ops split over lines, tabs,
// CRLF line endings, several ops on one line.
%0 = "x.a"() // a comment after an op
  : () -> i32
%1 =
	"x.b"(
		%0 // operand comment
	) {
		// comment inside a dictionary
		k = 1 // trailing
	} : (i32) -> i32
"x.c"() : () -> () "x.d"() : () -> ()
// "x.commented"() : () -> ()
%2 = "x.e"() {s = "not // a comment"} : () -> i32 // end
