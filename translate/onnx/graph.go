package onnx

import (
	"container/heap"
	"strings"

	"github.com/mlc-go/mlc/internal/onnxpb"
	"github.com/mlc-go/mlc/ir"
)

// validate checks that every name is defined once, that every node input
// and graph output is defined, and returns the nodes in a topological
// order (the file's order where it allows), reporting a cycle otherwise.
func (im *importer) validate(g *onnxpb.Graph) ([]int, error) {
	const (
		fromInput = -1
		fromInit  = -2
	)
	producer := map[string]int{}
	for _, in := range g.Inputs {
		if in.Name == "" {
			return nil, ir.Errorf(im.at(in.Offset), "graph input has an empty name")
		}
		if _, dup := producer[in.Name]; dup {
			return nil, ir.Errorf(im.at(in.Offset), "graph input '%s' is listed twice", in.Name)
		}
		producer[in.Name] = fromInput
	}
	seenInit := map[string]bool{}
	for _, t := range g.Initializers {
		if t.Name == "" {
			return nil, ir.Errorf(im.at(t.Offset), "initializer has an empty name")
		}
		if seenInit[t.Name] {
			return nil, ir.Errorf(im.at(t.Offset), "initializer '%s' is defined twice", t.Name)
		}
		seenInit[t.Name] = true
		if _, isInput := producer[t.Name]; !isInput {
			producer[t.Name] = fromInit
		}
	}
	for i, n := range g.Nodes {
		for _, out := range n.Outputs {
			if out == "" {
				continue
			}
			if p, dup := producer[out]; dup {
				what := "another node"
				switch {
				case p == fromInput:
					what = "a graph input"
				case p == fromInit:
					what = "an initializer"
				case p == i:
					what = "the same node"
				default:
					what = nodeDesc(g.Nodes[p], p)
				}
				return nil, ir.Errorf(im.at(n.Offset), "%s: output '%s' is already defined by %s", nodeDesc(n, i), out, what)
			}
			producer[out] = i
		}
	}
	// Dependencies between nodes.
	deps := make([][]int, len(g.Nodes)) // node -> nodes it feeds
	indeg := make([]int, len(g.Nodes))
	for i, n := range g.Nodes {
		seen := map[int]bool{}
		for _, in := range n.Inputs {
			if in == "" {
				continue
			}
			p, ok := producer[in]
			if !ok {
				return nil, ir.Errorf(im.at(n.Offset), "%s: missing input '%s': it is neither a graph input, an initializer nor the output of a node", nodeDesc(n, i), in)
			}
			if p >= 0 && !seen[p] {
				seen[p] = true
				deps[p] = append(deps[p], i)
				indeg[i]++
			}
		}
	}
	for _, out := range g.Outputs {
		if _, ok := producer[out.Name]; !ok {
			return nil, ir.Errorf(im.at(out.Offset), "graph output '%s' is not produced by any node, input or initializer", out.Name)
		}
	}
	ready := &intHeap{}
	for i := range g.Nodes {
		if indeg[i] == 0 {
			heap.Push(ready, i)
		}
	}
	order := make([]int, 0, len(g.Nodes))
	for ready.Len() > 0 {
		i := heap.Pop(ready).(int)
		order = append(order, i)
		for _, j := range deps[i] {
			indeg[j]--
			if indeg[j] == 0 {
				heap.Push(ready, j)
			}
		}
	}
	if len(order) < len(g.Nodes) {
		return nil, im.cycleError(g, producer, indeg)
	}
	return order, nil
}

// cycleError walks producer edges among the unsorted nodes until one
// repeats and reports the cycle found.
func (im *importer) cycleError(g *onnxpb.Graph, producer map[string]int, indeg []int) error {
	start := -1
	for i, d := range indeg {
		if d > 0 {
			start = i
			break
		}
	}
	pos := map[int]int{}
	var path []int
	for cur := start; ; {
		if k, seen := pos[cur]; seen {
			path = path[k:]
			break
		}
		pos[cur] = len(path)
		path = append(path, cur)
		next := -1
		for _, in := range g.Nodes[cur].Inputs {
			if p, ok := producer[in]; ok && p >= 0 && indeg[p] > 0 {
				next = p
				break
			}
		}
		if next < 0 { // cannot happen: an unsorted node has an unsorted producer
			break
		}
		cur = next
	}
	// path runs against the data flow; list it along the flow, from and
	// back to path[0].
	names := []string{nodeDesc(g.Nodes[path[0]], path[0])}
	for i := len(path) - 1; i >= 0; i-- {
		names = append(names, nodeDesc(g.Nodes[path[i]], path[i]))
	}
	n := g.Nodes[path[0]]
	return ir.Errorf(im.at(n.Offset), "graph has a cycle through %s: %s", names[0], strings.Join(names, " -> "))
}

type intHeap []int

func (h intHeap) Len() int           { return len(h) }
func (h intHeap) Less(i, j int) bool { return h[i] < h[j] }
func (h intHeap) Swap(i, j int)      { h[i], h[j] = h[j], h[i] }
func (h *intHeap) Push(x any)        { *h = append(*h, x.(int)) }
func (h *intHeap) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}
