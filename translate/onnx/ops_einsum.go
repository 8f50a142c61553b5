package onnx

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/mlc-go/mlc/ir"
)

// Einsum is spelled out in torch ops, as torch-mlir decomposes
// aten.einsum: letters that no later operand and not the output use are
// summed away, two operands meet in one batched matmul (their letters
// grouped into batch, kept and contracted blocks by permute and reshape),
// more operands are folded in from the left, and the result is permuted
// into the output's order.
func init() {
	register(entry{op: "Einsum", from: 12, to: 17, convert: convEinsum})
}

// ellipsisLabel is the first label of the dims an ellipsis stands for
// (letters are their ASCII codes).
const ellipsisLabel = 256

// einsumTerm is one operand during the expansion: its value and the
// label of each dim.
type einsumTerm struct {
	v      *ir.Value
	labels []int
}

// parseEinsumTerm reads one comma-separated term into labels; an
// ellipsis takes the dims that the letters leave (rank − letters, or
// rank = -1 for the output, where it takes all ell of them). Ellipsis
// dims align from the right, as they broadcast.
func parseEinsumTerm(s string, rank, ell int) ([]int, error) {
	var labels []int
	seen := false
	for i := 0; i < len(s); i++ {
		ch := s[i]
		switch {
		case ch >= 'a' && ch <= 'z' || ch >= 'A' && ch <= 'Z':
			labels = append(labels, int(ch))
		case ch == '.' && strings.HasPrefix(s[i:], "..."):
			if seen {
				return nil, fmt.Errorf("term '%s' has more than one ellipsis", s)
			}
			seen = true
			labels = append(labels, -1) // placeholder
			i += 2
		default:
			return nil, fmt.Errorf("term '%s' has the invalid character %q", s, ch)
		}
	}
	letters := len(labels)
	if seen {
		letters--
	}
	n := 0
	if seen {
		if rank < 0 {
			n = ell
		} else {
			n = rank - letters
		}
	}
	if rank >= 0 && letters+n != rank {
		return nil, fmt.Errorf("term '%s' has %d labels for an input of rank %d", s, letters, rank)
	}
	if n < 0 {
		return nil, fmt.Errorf("term '%s' has %d labels for an input of rank %d", s, letters, rank)
	}
	if !seen {
		return labels, nil
	}
	k := slices.Index(labels, -1)
	dots := make([]int, n)
	for j := range dots {
		dots[j] = ellipsisLabel + ell - n + j
	}
	return slices.Concat(labels[:k], dots, labels[k+1:]), nil
}

func convEinsum(c *nodeCtx) error {
	eq, err := c.attrString("equation", "")
	if err != nil {
		return err
	}
	if !c.hasAttr("equation") {
		return c.errorf("requires attribute 'equation'")
	}
	eq = strings.ReplaceAll(eq, " ", "")
	lhs, rhs, explicit := strings.Cut(eq, "->")
	parts := strings.Split(lhs, ",")
	if len(parts) != len(c.in) {
		return c.errorf("equation '%s' has %d terms for %d inputs", eq, len(parts), len(c.in))
	}
	terms := make([]einsumTerm, len(parts))
	size := map[int]int64{}
	// Ellipsis rank first: every term's ellipsis aligns with the longest.
	ell := 0
	for i := range parts {
		if !c.has(i) {
			return c.errorf("input #%d is required", i)
		}
		letters := 0
		for _, ch := range parts[i] {
			if ch != '.' {
				letters++
			}
		}
		if strings.Contains(parts[i], "...") {
			ell = max(ell, len(c.typ(i).Shape)-letters)
		}
	}
	count := map[int]int{}
	for i, p := range parts {
		x := c.arg(i)
		if c.err != nil {
			return c.err
		}
		shape := shapeOf(x)
		if !isStatic(shape) {
			return c.errorf("input #%d has dynamic dims, which Einsum does not support", i)
		}
		if i > 0 && elemOf(x) != elemOf(terms[0].v) {
			return c.errorf("inputs have different element types %s and %s", elemOf(terms[0].v), elemOf(x))
		}
		labels, err := parseEinsumTerm(p, len(shape), ell)
		if err != nil {
			return c.errorf("equation '%s': %v", eq, err)
		}
		for k, l := range labels {
			d, ok := size[l]
			switch {
			case !ok || d == 1:
				size[l] = shape[k]
			case shape[k] != d && shape[k] != 1:
				return c.errorf("equation '%s': label sizes %d and %d do not match", eq, d, shape[k])
			}
			count[l]++
		}
		terms[i] = c.einsumDiagonal(einsumTerm{x, labels})
	}
	var out []int
	if explicit {
		if out, err = parseEinsumTerm(rhs, -1, ell); err != nil {
			return c.errorf("equation '%s': %v", eq, err)
		}
		for k, l := range out {
			if slices.Index(out, l) != k {
				return c.errorf("equation '%s': output label repeated", eq)
			}
			if count[l] == 0 {
				return c.errorf("equation '%s': output label '%c' is in no input", eq, l)
			}
		}
	} else {
		// Implicit output: the ellipsis dims, then the letters used
		// once, in ASCII order (as numpy).
		for l := ellipsisLabel; l < ellipsisLabel+ell; l++ {
			out = append(out, l)
		}
		var once []int
		for l, n := range count {
			if n == 1 && l < ellipsisLabel {
				once = append(once, l)
			}
		}
		slices.Sort(once)
		out = append(out, once...)
	}
	// later[i]: labels that operands after i or the output still need.
	later := make([]map[int]bool, len(terms))
	need := map[int]bool{}
	for _, l := range out {
		need[l] = true
	}
	for i := len(terms) - 1; i >= 0; i-- {
		later[i] = maps.Clone(need)
		for _, l := range terms[i].labels {
			need[l] = true
		}
	}
	cur := c.einsumSum(terms[0], later[0], nil)
	for i := 1; i < len(terms); i++ {
		cur = c.einsumPair(cur, c.einsumSum(terms[i], later[i], cur.labels), later[i], size)
	}
	if c.err != nil {
		return c.err
	}
	return c.result(c.permuteTo(cur, out))
}

// einsumDiagonal takes the diagonal for each label repeated within a
// term: both dims moved last, flattened to n·n and sliced with step n+1.
func (c *nodeCtx) einsumDiagonal(t einsumTerm) einsumTerm {
	for c.err == nil {
		k1, k2 := -1, -1
		for k, l := range t.labels {
			if j := slices.Index(t.labels, l); j != k {
				k1, k2 = j, k
				break
			}
		}
		if k1 < 0 {
			break
		}
		shape := shapeOf(t.v)
		n := shape[k1]
		if n > maxMaskElems {
			c.fail("a diagonal of %d elements is too large", n)
			break
		}
		if shape[k2] != n {
			c.fail("a repeated label has sizes %d and %d", n, shape[k2])
			break
		}
		var rest []int
		var dims []int64
		for k, l := range t.labels {
			if k != k1 && k != k2 {
				rest = append(rest, l)
				dims = append(dims, shape[k])
			}
		}
		// Distinct stand-in labels let permuteTo move the pair last.
		pair := einsumTerm{t.v, slices.Clone(t.labels)}
		pair.labels[k1], pair.labels[k2] = -2, -3
		v := c.permuteTo(pair, slices.Concat(rest, []int{-2, -3}))
		v = c.reshapeTo(v, append(slices.Clone(dims), n*n))
		v = c.emit("torch.aten.slice.Tensor", []*ir.Value{v}, c.i64("dim", int64(len(dims))), c.i64("start", 0), c.i64("end", n*n), c.i64("step", n+1))
		t = einsumTerm{v, append(rest, t.labels[k1])}
	}
	return t
}

// einsumSum sums away the dims whose labels neither keep nor other uses.
func (c *nodeCtx) einsumSum(t einsumTerm, keep map[int]bool, other []int) einsumTerm {
	var dims []int64
	var rest []int
	for k, l := range t.labels {
		if keep[l] || slices.Contains(other, l) {
			rest = append(rest, l)
		} else {
			dims = append(dims, int64(k))
		}
	}
	if len(dims) == 0 || c.err != nil {
		return t
	}
	elem := elemOf(t.v)
	y := c.emit("torch.aten.sum.dim_IntList", []*ir.Value{t.v}, c.arr("dim", dims), c.flag("keepdim", false))
	if c.err == nil && elemOf(y) != elem {
		y = c.emit("torch.aten.to.dtype", []*ir.Value{y}, c.dtype("dtype", elem))
	}
	return einsumTerm{y, rest}
}

// permuteTo permutes t's dims into the order of labels (a permutation of
// t's labels).
func (c *nodeCtx) permuteTo(t einsumTerm, labels []int) *ir.Value {
	if c.err != nil {
		return nil
	}
	perm := make([]int64, len(labels))
	identity := true
	for k, l := range labels {
		perm[k] = int64(slices.Index(t.labels, l))
		identity = identity && perm[k] == int64(k)
	}
	if identity {
		return t.v
	}
	return c.emit("torch.aten.permute", []*ir.Value{t.v}, c.arr("dims", perm))
}

// reshapeTo reshapes v unless it has the shape already.
func (c *nodeCtx) reshapeTo(v *ir.Value, shape []int64) *ir.Value {
	if c.err != nil || slices.Equal(shapeOf(v), shape) {
		return v
	}
	return c.emit("torch.aten.reshape", []*ir.Value{v}, c.arr("shape", shape))
}

// einsumPair contracts two terms: [batch, a-only, shared] × [batch,
// shared, b-only] as one matmul of [B, M, K] × [B, K, N]. Shared labels
// that later operands or the output need are batch dims; size-1 dims
// broadcast against the other side first.
func (c *nodeCtx) einsumPair(a, b einsumTerm, keep map[int]bool, size map[int]int64) einsumTerm {
	if c.err != nil {
		return a
	}
	var batch, aOnly, bOnly, contract []int
	for _, l := range a.labels {
		switch {
		case !slices.Contains(b.labels, l):
			aOnly = append(aOnly, l)
		case keep[l]:
			batch = append(batch, l)
		default:
			contract = append(contract, l)
		}
	}
	for _, l := range b.labels {
		if !slices.Contains(a.labels, l) {
			bOnly = append(bOnly, l)
		}
	}
	prod := func(ls []int) int64 {
		n := int64(1)
		for _, l := range ls {
			n *= size[l]
		}
		return n
	}
	dims := func(ls []int) []int64 {
		out := make([]int64, len(ls))
		for k, l := range ls {
			out[k] = size[l]
		}
		return out
	}
	// broadcast stretches the size-1 dims of shared labels.
	broadcast := func(t einsumTerm) einsumTerm {
		s := shapeOf(t.v)
		want := slices.Clone(s)
		for k, l := range t.labels {
			if slices.Contains(a.labels, l) && slices.Contains(b.labels, l) {
				want[k] = size[l]
			}
		}
		if slices.Equal(s, want) {
			return t
		}
		return einsumTerm{c.emit("torch.aten.expand", []*ir.Value{t.v}, c.arr("size", want)), t.labels}
	}
	a, b = broadcast(a), broadcast(b)
	x := c.permuteTo(a, slices.Concat(batch, aOnly, contract))
	y := c.permuteTo(b, slices.Concat(batch, contract, bOnly))
	x = c.reshapeTo(x, []int64{prod(batch), prod(aOnly), prod(contract)})
	y = c.reshapeTo(y, []int64{prod(batch), prod(contract), prod(bOnly)})
	z := c.emit("torch.aten.matmul", []*ir.Value{x, y})
	labels := slices.Concat(batch, aOnly, bOnly)
	z = c.reshapeTo(z, dims(labels))
	return einsumTerm{z, labels}
}
