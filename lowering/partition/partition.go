// Package partition splits a function into vendor partitions, which a
// target's backend runs, and CPU fallback partitions, which the reference
// interpreter runs, the way Torch-TensorRT segments a graph: ops the
// target can take are clustered in program order, clusters smaller than a
// minimum block size fall back, and each cluster becomes a func.func
// named after its function, its device and its index, with the target on
// it (mlc.target), called in order from the original function.
//
// Constants and quantization casts carry no work of their own: a
// quant.dcast, quant.scast or core.constant joins the partition of the
// op that reads it (copied into each partition that does), and a
// quant.qcast joins the partition of the op that produced its input, so
// the values that cross a boundary are quantized where the model
// quantized them (int8 moves, not f32).
package partition

import (
	"fmt"
	"slices"

	"github.com/mlc-go/mlc/dialects/quant"
	"github.com/mlc-go/mlc/ir"
	"github.com/mlc-go/mlc/lowering/quantize"
	"github.com/mlc-go/mlc/lowering/target"
)

// TargetAttr names the device a partition function runs on: the target's
// name, or CPU.
const TargetAttr = "mlc.target"

// CPU is the device of fallback partitions.
const CPU = "cpu"

// DefaultMinBlockSize is Torch-TensorRT's default min_block_size.
const DefaultMinBlockSize = 5

// Legality decides whether the target can run op; reason says why not.
type Legality func(op *ir.Operation) (ok bool, reason string)

// Coster estimates times in seconds, for choosing between the accelerator
// and the CPU for a cluster.
type Coster interface {
	// OpTime is op's time on the accelerator (onTarget) or on the CPU.
	OpTime(op *ir.Operation, onTarget bool) float64
	// TransferTime is the time to move n bytes between the CPU and the
	// accelerator.
	TransferTime(n int64) float64
}

// Options configure a partitioning.
type Options struct {
	Target *target.Target
	// MinBlockSize: a vendor cluster with fewer compute ops falls back;
	// 0 means DefaultMinBlockSize.
	MinBlockSize int
	// Fallback names ops ("core.softmax" or "softmax") always run on the CPU.
	Fallback []string
	// RequireFull fails instead of falling back.
	RequireFull bool
	// Legal overrides the target file's op classes (TargetLegality).
	Legal Legality
	// Cost, when set, sends a cluster to the CPU when that is estimated
	// faster, boundary transfers included.
	Cost Coster
}

// Report describes a partitioning, for --dry-run and for tests.
type Report struct {
	Function   string
	Target     string
	Partitions []Partition
	// Fallbacks lists every compute op placed on the CPU, with why.
	Fallbacks []Fallback
}

// Partition is one cluster.
type Partition struct {
	Name   string // the outlined function's name
	Device string // the target's name or CPU
	Ops    int    // compute ops (not constants or quantization casts)
	// ByPrecision counts compute ops and their multiply-accumulates per
	// precision (mlc.precision, else the result's element type).
	ByPrecision map[string]*Count
	// Inputs and Outputs count the values crossing the boundary and their
	// bytes.
	Inputs, Outputs               int
	InputBytes, OutputBytes       int64
	EstimatedTarget, EstimatedCPU float64 // seconds, when a Coster was given
}

// Count is a number of ops and their MACs.
type Count struct {
	Ops  int
	MACs int64
}

// Fallback is one compute op run on the CPU.
type Fallback struct {
	Op     *ir.Operation `json:"-"`
	Name   string
	Loc    string
	Reason string
}

// Coverage returns the share of compute ops and of MACs placed on the
// target.
func (r *Report) Coverage() (ops, macs float64) {
	var onOps, allOps int
	var onMACs, allMACs int64
	for _, p := range r.Partitions {
		allOps += p.Ops
		m := int64(0)
		for _, c := range p.ByPrecision {
			m += c.MACs
		}
		allMACs += m
		if p.Device != CPU {
			onOps += p.Ops
			onMACs += m
		}
	}
	if allOps > 0 {
		ops = float64(onOps) / float64(allOps)
	}
	if allMACs > 0 {
		macs = float64(onMACs) / float64(allMACs)
	}
	return ops, macs
}

// role is where an op goes.
type role int

const (
	compute  role = iota
	withUser      // constants, dcast, scast: into the partition of each reader
	withDef       // qcast: into the partition of its input's producer
)

func roleOf(op *ir.Operation) role {
	switch op.Name() {
	case "core.constant", "quant.dcast", "quant.scast":
		return withUser
	case "quant.qcast":
		return withDef
	}
	return compute
}

// TargetLegality is the legality a target file alone gives: quantize did
// not leave the op for the CPU (mlc.fallback), the op's class is listed, and the class accepts the op's precision for its
// result (its mlc.precision, else the result's element type).
func TargetLegality(t *target.Target) Legality {
	return func(op *ir.Operation) (bool, string) {
		if why, ok := op.Attr(quantize.FallbackAttr).(*ir.StringAttr); ok {
			return false, why.Value
		}
		class, ok := target.ClassOf(op.Name())
		if !ok || op.Dialect() != "core" {
			return false, fmt.Sprintf("'%s' belongs to no op class a target file describes", op.Name())
		}
		cs, ok := t.Classes[class]
		if !ok {
			return false, fmt.Sprintf("%s does not list op class '%s'", t.Name, class)
		}
		p := Precision(op)
		for _, elems := range cs.Operands {
			if slices.Contains(elems, p) {
				return true, ""
			}
		}
		return false, fmt.Sprintf("%s runs op class '%s' in none of its operands' types as %s", t.Name, class, p)
	}
}

// Precision is the precision an op computes in: its mlc.precision, else
// its first result's element type (a quantized type's storage, "i8").
func Precision(op *ir.Operation) string {
	if p, ok := op.Attr("mlc.precision").(*ir.StringAttr); ok {
		return p.Value
	}
	if op.NumResults() == 0 {
		return ""
	}
	return elemName(op.Result(0).Type())
}

func elemName(t ir.Type) string {
	if q := quant.ElementType(t); q != nil {
		return quantize.StorageName(q)
	}
	return ir.ElementTypeOf(t).String()
}

// staticShape is a value's shape, nil when not a static tensor.
func staticShape(v *ir.Value) []int64 {
	if rt, ok := v.Type().(*ir.RankedTensorType); ok && rt.HasStaticShape() {
		return rt.Shape
	}
	return nil
}

// Bytes is the storage size of a static tensor value, 0 when unknown.
func Bytes(v *ir.Value) int64 {
	rt, ok := v.Type().(*ir.RankedTensorType)
	if !ok || rt.NumElements() < 0 {
		return 0
	}
	bits := int64(32)
	switch e := rt.Elem.(type) {
	case *ir.IntegerType:
		bits = int64(e.Width)
	case *ir.FloatType:
		bits = int64(e.Width())
	default:
		if q := quant.ElementType(rt); q != nil {
			if st, _, _, ok := quant.StorageOf(q); ok {
				bits = int64(st.Width)
			}
		}
	}
	return (rt.NumElements()*bits + 7) / 8
}

// MACs counts an op's multiply-accumulates: conv2d and matmul only.
func MACs(op *ir.Operation) int64 {
	switch op.Name() {
	case "core.conv2d":
		w, out := staticShape(op.Operand(1)), staticShape(op.Result(0))
		if len(w) != 4 || len(out) != 4 {
			return 0
		}
		// Each of out's N·O·H·W elements sums C/groups · kh · kw products.
		return out[0] * out[1] * out[2] * out[3] * w[1] * w[2] * w[3]
	case "core.matmul":
		a, out := staticShape(op.Operand(0)), staticShape(op.Result(0))
		if len(a) == 0 || len(out) == 0 {
			return 0
		}
		n := a[len(a)-1]
		for _, d := range out {
			n *= d
		}
		return n
	}
	return 0
}
