// Command gen-cse writes one func.func whose body is a large, deterministic
// graph of elementwise ops on small static tensors, with a controlled
// fraction of exact duplicates (for cse), of ops whose operands are all
// constants (for canonicalize's folding) and of dead ops. It benchmarks
// `--cse --canonicalize` in mlc-opt against mlir-opt-19.
//
// The same graph is written in one of two dialects, op for op:
//
//	-dialect arith   arith.constant / arith.addf, mulf, subf, addi, muli, subi
//	                 (what mlir-opt-19 knows)
//	-dialect core    core.constant / core.add, mul, sub (what mlc-opt knows)
//
// Values are tensor<4xf32> or tensor<16xi32>. The graph has two parts that
// never mix, so that no op has one constant and one variable operand (arith
// has canonicalisation patterns for those, such as addi(addi(x, c0), c1),
// which core does not): a constant part (constants and ops on them, which
// fold away) and a variable part (ops on the function arguments and on each
// other). In the variable part integers only add and multiply and
// commutative operands are ordered, so that neither side's folders (such
// as subi(x, x) -> 0 or addi(subi(a, b), b) -> a) nor operand order can
// make the two tools differ. Every live value is used by a later op or
// returned; dead ops have no use. Constants are small integers (also as
// floats), so folded floats are exact in both tools.
//
// Usage:
//
//	go run ./bench/gen-cse -ops 200000 -dialect arith -o /tmp/arith.mlir
//	go run ./bench/gen-cse -ops 200000 -dialect core -o /tmp/core.mlir
//
// -ops counts the ops in the function body, func.return included. The same
// -seed (and fractions) gives the same graph in both dialects.
package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
)

const (
	fTy = "tensor<4xf32>"
	iTy = "tensor<16xi32>"
	fN  = 4
	iN  = 16
)

type kind int

const (
	kAdd kind = iota
	kMul
	kSub
)

// opName spells a binary op per dialect and element type.
func opName(dialect string, k kind, isInt bool) string {
	if dialect == "core" {
		return [...]string{"core.add", "core.mul", "core.sub"}[k]
	}
	s := [...]string{"arith.add", "arith.mul", "arith.sub"}[k]
	if isInt {
		return s + "i"
	}
	return s + "f"
}

type binop struct {
	k        kind
	lhs, rhs int // value ids
	isInt    bool
}

type gen struct {
	dialect string
	rng     *rand.Rand
	w       *strings.Builder
	next    int // next SSA number

	// Per element type (0: f32, 1: i32).
	vars    [2][]int // variable values (arguments and live variable ops)
	consts  [2][]int // constant-valued values (constants and ops on them)
	pendVar [2][]int // live variable values not used yet
	pendCst [2][]int // constant-valued values not used yet
	used    map[int]bool

	lits  [2][]string // constant literals written so far
	vbin  []binop     // live variable ops written so far (for duplicates)
	cbin  []binop     // ops on constants written so far
	names []string    // value id -> SSA name

	stats map[string]int
}

func (g *gen) newValue() int {
	id := len(g.names)
	g.names = append(g.names, "%"+strconv.Itoa(g.next))
	g.next++
	return id
}

// take pops a not-yet-used value from pend, or picks a recent one from all.
func (g *gen) take(pend *[]int, all []int) int {
	for len(*pend) > 0 {
		// Oldest first keeps uses spread out but bounded.
		v := (*pend)[0]
		*pend = (*pend)[1:]
		if !g.used[v] {
			return v
		}
	}
	return g.recent(all)
}

// recent picks one of the last 64 values of all.
func (g *gen) recent(all []int) int {
	n := len(all)
	return all[n-1-g.rng.IntN(min(n, 64))]
}

func (g *gen) literal(isInt bool) string {
	n, lo, span := fN, 2, 8
	if isInt {
		n = iN
	}
	var b strings.Builder
	b.WriteString("dense<")
	if g.rng.IntN(2) == 0 { // splat
		v := lo + g.rng.IntN(span)
		if isInt {
			b.WriteString(strconv.Itoa(v))
		} else {
			b.WriteString(strconv.Itoa(v) + ".0")
		}
	} else {
		b.WriteByte('[')
		for i := 0; i < n; i++ {
			if i > 0 {
				b.WriteString(", ")
			}
			v := lo + g.rng.IntN(span)
			if isInt {
				b.WriteString(strconv.Itoa(v))
			} else {
				b.WriteString(strconv.Itoa(v) + ".0")
			}
		}
		b.WriteByte(']')
	}
	b.WriteString(">")
	return b.String()
}

func tyOf(isInt bool) string {
	if isInt {
		return iTy
	}
	return fTy
}

func idx(isInt bool) int {
	if isInt {
		return 1
	}
	return 0
}

// constant writes a constant with the literal lit and returns its value.
func (g *gen) constant(lit string, isInt bool) int {
	v := g.newValue()
	t := tyOf(isInt)
	fmt.Fprintf(g.w, "    %s = %s.constant %s : %s\n", g.names[v], g.dialect, lit, t)
	return v
}

// binary writes b and returns its value.
func (g *gen) binary(b binop) int {
	v := g.newValue()
	g.used[b.lhs], g.used[b.rhs] = true, true
	t := tyOf(b.isInt)
	name := opName(g.dialect, b.k, b.isInt)
	if g.dialect == "core" {
		fmt.Fprintf(g.w, "    %s = %s %s, %s : (%s, %s) -> %s\n", g.names[v], name, g.names[b.lhs], g.names[b.rhs], t, t, t)
	} else {
		fmt.Fprintf(g.w, "    %s = %s %s, %s : %s\n", g.names[v], name, g.names[b.lhs], g.names[b.rhs], t)
	}
	return v
}

// ordered puts commutative operands in id order, so that the input never
// holds both add(a, b) and add(b, a). (Such pairs still appear once cse
// replaces duplicates; both tools' cse merge them, as MLIR's CSE ignores
// the operand order of commutative ops.)
func ordered(b binop) binop {
	if b.k != kSub && b.lhs > b.rhs {
		b.lhs, b.rhs = b.rhs, b.lhs
	}
	return b
}

func (g *gen) varOp(isInt, dead bool) binop {
	t := idx(isInt)
	k := kind(g.rng.IntN(3))
	if isInt && k == kSub {
		k = kind(g.rng.IntN(2)) // no integer subtraction on variables
	}
	var b binop
	if dead {
		b = binop{k, g.recent(g.vars[t]), g.recent(g.vars[t]), isInt}
	} else {
		b = binop{k, g.take(&g.pendVar[t], g.vars[t]), g.recent(g.vars[t]), isInt}
		if len(g.pendVar[t]) > 8 { // drain faster when many wait
			b.rhs = g.take(&g.pendVar[t], g.vars[t])
		}
	}
	if k == kSub && b.lhs == b.rhs {
		b.k = kAdd
	}
	return ordered(b)
}

func (g *gen) cstOp(isInt bool) binop {
	t := idx(isInt)
	b := binop{kind(g.rng.IntN(3)), g.take(&g.pendCst[t], g.consts[t]), g.take(&g.pendCst[t], g.consts[t]), isInt}
	return ordered(b)
}

// config is what the flags set.
type config struct {
	ops                        int
	dialect                    string
	seed                       uint64
	pConst, pFold, pDup, pDead float64
}

func main() {
	var cfg config
	flag.IntVar(&cfg.ops, "ops", 200000, "ops in the function body, func.return included")
	flag.StringVar(&cfg.dialect, "dialect", "core", "arith (for mlir-opt-19) or core (for mlc-opt)")
	out := flag.String("o", "", "output file (default stdout)")
	flag.Uint64Var(&cfg.seed, "seed", 1, "random seed")
	flag.Float64Var(&cfg.pConst, "const", 0.15, "fraction of constants")
	flag.Float64Var(&cfg.pFold, "fold", 0.15, "fraction of ops whose operands are all constants")
	flag.Float64Var(&cfg.pDup, "dup", 0.20, "fraction of exact duplicates of earlier ops")
	flag.Float64Var(&cfg.pDead, "dead", 0.10, "fraction of dead ops (results unused)")
	flag.Parse()

	f := os.Stdout
	if *out != "" {
		var err error
		if f, err = os.Create(*out); err != nil {
			fmt.Fprintln(os.Stderr, "gen-cse:", err)
			os.Exit(1)
		}
	}
	w := bufio.NewWriterSize(f, 1<<20)
	stats, err := generate(w, cfg)
	if err == nil {
		err = w.Flush()
	}
	if err == nil && f != os.Stdout {
		err = f.Close()
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "gen-cse:", err)
		os.Exit(1)
	}
	if os.Getenv("GEN_CSE_STATS") != "" {
		for _, k := range []string{"constant", "constant (duplicate)", "foldable", "duplicate", "duplicate (foldable)", "dead", "live", "returned values"} {
			fmt.Fprintf(os.Stderr, "%-22s %d\n", k, stats[k])
		}
	}
}

// generate writes the graph that cfg describes to w and returns how many
// ops of each kind it wrote.
func generate(w io.Writer, cfg config) (map[string]int, error) {
	if cfg.dialect != "arith" && cfg.dialect != "core" {
		return nil, fmt.Errorf("-dialect must be arith or core, not %q", cfg.dialect)
	}
	if cfg.ops < 2 || cfg.pConst < 0 || cfg.pFold < 0 || cfg.pDup < 0 || cfg.pDead < 0 ||
		cfg.pConst+cfg.pFold+cfg.pDup+cfg.pDead > 1 {
		return nil, fmt.Errorf("need -ops >= 2 and non-negative fractions summing to at most 1")
	}
	g := &gen{dialect: cfg.dialect, rng: rand.New(rand.NewPCG(cfg.seed, 0x6373652d62656e63)), w: &strings.Builder{},
		used: map[int]bool{}, stats: map[string]int{}}
	// Arguments: two of each element type.
	var args []string
	for i := 0; i < 4; i++ {
		isInt := i >= 2
		v := len(g.names)
		g.names = append(g.names, "%arg"+strconv.Itoa(i))
		g.vars[idx(isInt)] = append(g.vars[idx(isInt)], v)
		args = append(args, fmt.Sprintf("%%arg%d: %s", i, tyOf(isInt)))
	}
	// Seed each constant pool so that duplicates and folds have operands.
	body := cfg.ops - 1
	for i := 0; i < 2 && body > 0; i++ {
		for t := 0; t < 2 && body > 0; t++ {
			isInt := t == 1
			lit := g.literal(isInt)
			g.lits[t] = append(g.lits[t], lit)
			v := g.constant(lit, isInt)
			g.consts[t] = append(g.consts[t], v)
			g.pendCst[t] = append(g.pendCst[t], v)
			g.stats["constant"]++
			body--
		}
	}
	for ; body > 0; body-- {
		isInt := g.rng.IntN(2) == 1
		t := idx(isInt)
		r := g.rng.Float64()
		switch {
		case r < cfg.pConst:
			lit := g.literal(isInt)
			if g.rng.IntN(4) == 0 { // a quarter repeat an earlier literal
				lit = g.lits[t][g.rng.IntN(len(g.lits[t]))]
				g.stats["constant (duplicate)"]++
			} else {
				g.lits[t] = append(g.lits[t], lit)
				g.stats["constant"]++
			}
			v := g.constant(lit, isInt)
			g.consts[t] = append(g.consts[t], v)
			g.pendCst[t] = append(g.pendCst[t], v)
		case r < cfg.pConst+cfg.pFold:
			b := g.cstOp(isInt)
			v := g.binary(b)
			g.cbin = append(g.cbin, b)
			g.consts[t] = append(g.consts[t], v)
			g.pendCst[t] = append(g.pendCst[t], v)
			g.stats["foldable"]++
		case r < cfg.pConst+cfg.pFold+cfg.pDup && len(g.vbin)+len(g.cbin) > 0:
			// Duplicate a recent op (of either part), same operands.
			var b binop
			cst := g.rng.IntN(4) == 0 && len(g.cbin) > 0 || len(g.vbin) == 0
			if cst {
				b = g.cbin[len(g.cbin)-1-g.rng.IntN(min(len(g.cbin), 256))]
			} else {
				b = g.vbin[len(g.vbin)-1-g.rng.IntN(min(len(g.vbin), 256))]
			}
			v := g.binary(b)
			bt := idx(b.isInt)
			if cst {
				g.consts[bt] = append(g.consts[bt], v)
				g.pendCst[bt] = append(g.pendCst[bt], v)
				g.stats["duplicate (foldable)"]++
			} else {
				g.vars[bt] = append(g.vars[bt], v)
				g.pendVar[bt] = append(g.pendVar[bt], v)
				g.stats["duplicate"]++
			}
		case r < cfg.pConst+cfg.pFold+cfg.pDup+cfg.pDead:
			g.binary(g.varOp(isInt, true))
			g.stats["dead"]++
		default:
			b := g.varOp(isInt, false)
			v := g.binary(b)
			g.vbin = append(g.vbin, b)
			g.vars[t] = append(g.vars[t], v)
			g.pendVar[t] = append(g.pendVar[t], v)
			g.stats["live"]++
		}
	}
	// Return every value that is still unused (pending and not dead).
	var rets, retTys []string
	for t := 0; t < 2; t++ {
		for _, p := range [][]int{g.pendVar[t], g.pendCst[t]} {
			for _, v := range p {
				if !g.used[v] {
					g.used[v] = true
					rets = append(rets, g.names[v])
					retTys = append(retTys, tyOf(t == 1))
				}
			}
		}
	}
	g.stats["returned values"] = len(rets)

	if _, err := fmt.Fprintf(w, "func.func @main(%s) -> (%s) {\n", strings.Join(args, ", "), strings.Join(retTys, ", ")); err != nil {
		return nil, err
	}
	if _, err := io.WriteString(w, g.w.String()); err != nil {
		return nil, err
	}
	_, err := fmt.Fprintf(w, "    func.return %s : %s\n}\n", strings.Join(rets, ", "), strings.Join(retTys, ", "))
	return g.stats, err
}
