// Package rules compiles declarative rewrite rules, written in a small
// text format in the spirit of Go's SSA .rules files and MLIR's DRR, into
// ir.Pattern values at start-up. Dialects embed their .rules files and
// attach the compiled rules to their ops' canonicalisation patterns; each
// rule keeps its "file.rules:line" as its pattern name.
//
// # Format
//
// One rule per line; a line ending in a backslash continues on the next.
// "//" starts a comment. A rule is a match, optional conditions, an arrow
// and a result, then an optional benefit:
//
//	(core.add $x (core.constant splat -0.0)) -> $x
//	(core.transpose (core.transpose $x perm=$p1) perm=$p2) && composesToIdentity($p1, $p2) -> $x
//	(core.reshape (core.reshape $x)) -> (core.reshape $x)
//	(t.f $x $y) && !sameType($x, $y) -> (t.g $y $x : type($x)) [benefit 3]
//
// The match is an op pattern (dialect.op arg...) whose arguments are:
//
//	$x            an operand, captured as $x; a name bound twice must be
//	              the same value both times: (core.max $x $x)
//	_             any operand
//	(op ...)      an operand produced by an op matching the nested pattern
//	$x:(op ...)   the same, capturing the operand as $x
//	name=$a       the op's attribute name (it must be present), captured as
//	              $a; twice-bound attribute captures must be equal
//	splat V       the op (constant-like) has a splat dense "value" equal to
//	              V in its element type: a number (0, -0.0, 1.5, inf, nan)
//	              or true/false for i1. Float elements compare with V
//	              rounded to the type, the sign of zero included, and NaN
//	              never; integer elements need an integral V. A constant's
//	              value of any kind is captured with value=$c.
//
// The whole match may be bound too, $r:(op ...), to use the matched op's
// first result in conditions. Ops with the ir.Commutative trait and two
// operands match in either operand order (the written order first),
// nested ones included.
//
// Conditions are "&& pred(args)" or "&& !pred(args)", calls of Go
// predicates; arguments are captures or literals. A file's own predicates
// are given to Compile with it (Predicates), so they are scoped to the
// package that owns the file. Built-in predicates every file may use:
// sameType($a, $b), hasOneUse($x), isFloat($x), isInteger($x) (of the
// element type).
//
// The result ("->"; "=>" is accepted as well) is either a capture, which
// replaces the matched op's single result, or an op tree built from
// captures: (op $x (op2 $y) name=$a). Attributes are copied from
// captures; result types are the matched op's, unless written as
// ": type($x), ..." before the closing parenthesis. A rule applies only
// when its result has the matched op's result types, so a capture of
// another type (x + 0 -> x where the 0 broadcasts x) leaves the IR alone.
//
// The benefit, "[benefit N]" at the end of a rule, orders the patterns
// of one op (higher first); by default it is the number of ops the match
// names, so the more specific rule wins, and file order breaks ties.
//
// # Checks
//
// Syntax errors, unknown ops, operand counts and attribute names that the
// op table does not have, splat on an op that is not constant-like,
// unknown predicates, predicate arguments of the wrong number or kind, and
// captures used but not bound are reported by Compile as
// "file.rules:line:col: error: ...", every one of them.
//
// A compiled rule checks every precondition (the match, the conditions,
// result types, that the ops it creates are registered) before it touches
// the IR; it then creates the result ops before the matched op, with the
// matched op's location fused with those of the other matched ops, and
// replaces the matched op. Producers that become dead are left to the
// driver.
package rules
