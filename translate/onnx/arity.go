package onnx

import (
	"fmt"

	"github.com/mlc-go/mlc/internal/onnxpb"
)

//go:generate sh -c "/usr/bin/python3 ../../scripts/gen-onnx-arity.py | gofmt > arity_gen.go"

// arity is one row of schemaArity: from the model opset from to to, a
// node takes minIn to maxIn inputs (empty names of skipped optional
// inputs count) and minOut to maxOut outputs.
type arity struct {
	from, to       int64
	minIn, maxIn   int
	minOut, maxOut int
}

// variadic is the maximum of a variadic input or output list.
const variadic = 1<<31 - 1

// checkArity rejects a node of the default domain with more or fewer
// inputs or outputs than its schema allows at opset, as onnx.checker
// does; "" when it fits or its schema is unknown.
func checkArity(n *onnxpb.Node, opset int64) string {
	if n.Domain != "" && n.Domain != "ai.onnx" {
		return ""
	}
	for _, a := range schemaArity[n.OpType] {
		if opset < a.from || opset > a.to {
			continue
		}
		if why := countFits("input", len(n.Inputs), a.minIn, a.maxIn); why != "" {
			return fmt.Sprintf("%s, but %s-%d takes %s", why, n.OpType, opset, bounds(a.minIn, a.maxIn))
		}
		if why := countFits("output", len(n.Outputs), a.minOut, a.maxOut); why != "" {
			return fmt.Sprintf("%s, but %s-%d has %s", why, n.OpType, opset, bounds(a.minOut, a.maxOut))
		}
		return ""
	}
	return ""
}

func countFits(what string, n, lo, hi int) string {
	if n >= lo && n <= hi {
		return ""
	}
	return fmt.Sprintf("has %d %s%s", n, what, pluralS(n, "", "s"))
}

func bounds(lo, hi int) string {
	switch {
	case hi == variadic:
		return fmt.Sprintf("at least %d", lo)
	case lo == hi:
		return fmt.Sprint(lo)
	}
	return fmt.Sprintf("%d to %d", lo, hi)
}
