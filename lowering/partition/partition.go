// Package partition splits a function into vendor partitions, which a
// target's backend runs, and CPU fallback partitions, which the reference
// interpreter runs, the way Torch-TensorRT segments a graph: ops the
// target can take are clustered in program order, clusters smaller than a
// minimum block size fall back, and each cluster becomes a func.func
// named after its function, its device and its index, with the target on
// it (mlc.target), called in order from the original function.
//
// Constants and quantization casts carry no work of their own: a
// core.constant, quant.qcast, quant.dcast or quant.scast is copied into
// each partition that reads it. So values cross boundaries in float (or
// integer) types and each partition applies the quantization its ops read
// through itself, with no quantized types in any partition's signature
// for a vendor legaliser to carry. A value that leaves its partition only
// to be quantized leaves it quantized and dequantized (dcast(qcast(v)),
// which the reader's own qcast maps back to the same integers), so an
// integer op's float result never crosses raw: backends whose integer ops
// cannot produce float (QNN) get a legal partition. The function
// partitioned becomes the host's: it calls the partitions in order and
// runs the casts its return reads, and is marked mlc.target = "cpu".
package partition

import (
	"fmt"
	"slices"

	"github.com/mlc-go/mlc/ir"
	"github.com/mlc-go/mlc/lowering/cost"
	"github.com/mlc-go/mlc/lowering/legalize"
	"github.com/mlc-go/mlc/lowering/legalize/qnn"
	"github.com/mlc-go/mlc/lowering/legalize/trt"
	"github.com/mlc-go/mlc/lowering/quantize"
	"github.com/mlc-go/mlc/lowering/target"
)

// TargetAttr names the device a partition function runs on: the target's
// name, or CPU.
const TargetAttr = legalize.TargetAttr

// CPU is the device of fallback partitions.
const CPU = "cpu"

// DefaultMinBlockSize is Torch-TensorRT's default min_block_size.
const DefaultMinBlockSize = 5

// Legality decides whether the target can run op; reason says why not.
type Legality func(op *ir.Operation) (ok bool, reason string)

// Coster estimates times in seconds, for choosing between the accelerator
// and the CPU for a cluster (cost.Placement is the target file's).
type Coster interface {
	// Estimate is the time of ops run as one partition on the
	// accelerator, the transfers of the values crossing its boundary
	// included, and on the CPU. ops are a cluster's compute ops and the
	// constants and casts they read, in program order.
	Estimate(ops []*ir.Operation) (onTarget, onCPU float64, err error)
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
	// Cost, when set, sends a cluster that passed the minimum block size
	// to the CPU when that is estimated faster, boundary transfers
	// included.
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
	Inputs, Outputs         int
	InputBytes, OutputBytes int64
	// EstimatedTarget and EstimatedCPU are the partition's estimated
	// times in seconds when a Coster was given: both for a vendor
	// partition (the target's with its boundary transfers), the CPU's
	// alone for a fallback partition.
	EstimatedTarget, EstimatedCPU float64
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
	withUser      // constants and quantization casts: into each reader's partition
)

func roleOf(op *ir.Operation) role {
	switch op.Name() {
	case "core.constant", "quant.qcast", "quant.dcast", "quant.scast":
		return withUser
	}
	return compute
}

// Backend is what partitioning and lowering need of a backend's
// legaliser: its per-op check and its conversion of one partition.
type Backend struct {
	CanLegalize func(op *ir.Operation, t *target.Target) (ok bool, reason string)
	Legalize    func(fn *ir.Operation, t *target.Target) error
}

// Backends maps a target file's backend to its legaliser.
var Backends = map[string]Backend{
	"tensorrt": {CanLegalize: trt.CanLegalize, Legalize: func(fn *ir.Operation, t *target.Target) error {
		_, err := trt.Legalize(fn, t)
		return err
	}},
	"qnn": {CanLegalize: qnn.CanLegalize, Legalize: func(fn *ir.Operation, t *target.Target) error {
		_, err := qnn.Legalize(fn, t)
		return err
	}},
}

// TargetLegality decides which ops go to t: not one quantize left for the
// CPU (mlc.fallback); then the backend's legaliser's own check where it
// has one, else the target file's: the op's class is listed and accepts
// the op's precision for some operand.
func TargetLegality(t *target.Target) Legality {
	return func(op *ir.Operation) (bool, string) {
		if why, ok := op.Attr(quantize.FallbackAttr).(*ir.StringAttr); ok {
			return false, why.Value
		}
		if b, ok := Backends[t.Backend]; ok {
			return b.CanLegalize(op, t)
		}
		class, ok := target.ClassOf(op.Name())
		if !ok || op.Dialect() != "core" {
			return false, fmt.Sprintf("'%s' belongs to no op class a target file describes", op.Name())
		}
		cs, ok := t.Classes[class]
		if !ok {
			return false, fmt.Sprintf("%s does not list op class '%s'", t.Name, class)
		}
		p := cost.Precision(op, "")
		for _, elems := range cs.Operands {
			if slices.Contains(elems, p) {
				return true, ""
			}
		}
		return false, fmt.Sprintf("%s runs op class '%s' in none of its operands' types as %s", t.Name, class, p)
	}
}

// MACs counts an op's multiply-accumulates (lowering/cost's tables).
func MACs(op *ir.Operation) int64 {
	w, ok, err := cost.WorkOf(op, "")
	if !ok || err != nil {
		return 0
	}
	return w.MACs
}
