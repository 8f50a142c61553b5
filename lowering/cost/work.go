// Package cost estimates how long a target runs IR, from the figures of
// its target file (lowering/target): per layer the larger of compute time
// (operations over the peak rate of the layer's precision) and memory time
// (bytes moved over the memory bandwidth), plus the target's per-layer
// overhead, plus the cost of moving tensors between the host CPU and the
// accelerator at partition boundaries. Estimates are estimates: the
// reference check (driver/costcheck) says how far they are from published
// measurements.
//
// What an op costs before a target prices it is its Work: MACs, other
// arithmetic, bytes in and out, precision and op class. Work functions are
// registered per op name (Register), so the vendor dialects' ops can be
// priced by the same model once they exist.
package cost

import (
	"fmt"
	"strings"
	"sync"

	"github.com/mlc-go/mlc/dialects/quant"
	"github.com/mlc-go/mlc/ir"
	"github.com/mlc-go/mlc/lowering/quantize"
	"github.com/mlc-go/mlc/lowering/target"
)

// Work is what one op asks of the hardware, independent of the target.
type Work struct {
	// Class is the op class (a lowering/target class name such as "conv",
	// or "quant" for quantization casts).
	Class string
	// Precision is the element type the op computes in, as target files
	// name them ("i8", "u8", "f16", "f32").
	Precision string
	// MACs are multiply-accumulates (2 operations each); Ops are the
	// other arithmetic operations (one per element of an elementwise op).
	MACs, Ops int64
	// WeightBytes are read from constants; ActivationBytes are the other
	// operands and the results, per tensor (Tensors) so that the model can
	// tell which ones fit in on-chip memory.
	WeightBytes int64
	Tensors     []Tensor
	// Free: the op moves no data and runs no layer (a constant, a
	// reshape, a storage cast): it costs nothing.
	Free bool
}

// Tensor is one activation tensor an op reads or writes.
type Tensor struct {
	Value *ir.Value // nil for tensors of ops built without IR
	Bytes int64
	Out   bool // written (a result), else read
}

// ActivationBytes sums the op's activation tensors.
func (w *Work) ActivationBytes() int64 {
	var n int64
	for _, t := range w.Tensors {
		n += t.Bytes
	}
	return n
}

// Operations is the arithmetic the op performs: 2 per MAC plus Ops.
func (w *Work) Operations() int64 { return 2*w.MACs + w.Ops }

// WorkFunc computes an op's work. asIf, when not "", is the precision
// float tensors stand for (estimating float IR as if it ran quantized or
// in fp16); quantized types and mlc.precision take precedence over it.
type WorkFunc func(op *ir.Operation, asIf string) (Work, error)

var (
	registryMu sync.RWMutex
	registry   = map[string]WorkFunc{}
)

// Register prices ops called name ("trt.convolution") with f. A dialect's
// legalisation package registers its ops from an init function.
func Register(name string, f WorkFunc) {
	registryMu.Lock()
	defer registryMu.Unlock()
	if _, dup := registry[name]; dup {
		panic("cost: work function for " + name + " registered twice")
	}
	registry[name] = f
}

// WorkOf computes an op's work with its registered function; ok is false
// for an op nothing prices.
func WorkOf(op *ir.Operation, asIf string) (w Work, ok bool, err error) {
	registryMu.RLock()
	f := registry[op.Name()]
	registryMu.RUnlock()
	if f == nil {
		return Work{}, false, nil
	}
	w, err = f(op, asIf)
	return w, true, err
}

// shapeWork is how one kind of op turns shapes into arithmetic.
type shapeWork func(op *ir.Operation) (macs, ops int64, err error)

// classWork says, per op class of lowering/target, what arithmetic its
// ops do. A class missing here has no core ops to price.
var classWork = map[string]shapeWork{
	"conv":          convMACs,
	"matmul":        matmulMACs,
	"pool":          windowOps,
	"binary":        perResultElement,
	"unary":         perResultElement,
	"logic":         perResultElement,
	"cast":          perResultElement,
	"reduce":        perInputElement,
	"data_movement": noArithmetic,
	// Composites count the elementwise work of their pieces per element:
	// layer norm mean, centre, square, mean, scale, multiply, shift;
	// softmax max, subtract, exp, sum, divide; GELU scale, erf, add,
	// multiply twice.
	"normalization": perResultElementTimes(7),
	"softmax":       perResultElementTimes(5),
	"gelu":          perResultElementTimes(5),
}

func perResultElementTimes(k int64) shapeWork {
	return func(op *ir.Operation) (int64, int64, error) {
		_, n, err := perResultElement(op)
		return 0, k * n, err
	}
}

// views are data-movement ops that change only how a tensor is described
// and run as no layer: backends alias their result to the input buffer.
var views = map[string]bool{"core.reshape": true, "quant.scast": true}

func init() {
	for _, c := range target.OpClasses {
		sw := classWork[c.Name]
		if sw == nil {
			panic("cost: op class " + c.Name + " has no work rule")
		}
		for _, name := range c.Ops {
			Register("core."+name, coreWork(c.Name, sw))
		}
	}
	Register("core.constant", func(*ir.Operation, string) (Work, error) { return Work{Free: true}, nil })
	for _, name := range []string{"quant.qcast", "quant.dcast", "quant.requant", "quant.scast"} {
		Register(name, coreWork("quant", perResultElement))
	}
}

func coreWork(class string, sw shapeWork) WorkFunc {
	return func(op *ir.Operation, asIf string) (Work, error) {
		if views[op.Name()] {
			return Work{Class: class, Free: true}, nil
		}
		macs, ops, err := sw(op)
		if err != nil {
			return Work{}, fmt.Errorf("'%s' op: %v", op.Name(), err)
		}
		return NewWork(op, class, macs, ops, asIf)
	}
}

// NewWork is the work of an op of class doing macs and ops arithmetic,
// with its precision (Precision) and its bytes: operands defined by
// core.constant are weights, the other operands and the results are
// activation tensors, each in its storage width (float tensors in the
// op's mlc.precision, else asIf, when given). A vendor dialect's work
// function computes the arithmetic of its ops and calls it.
func NewWork(op *ir.Operation, class string, macs, ops int64, asIf string) (Work, error) {
	w := Work{Class: class, MACs: macs, Ops: ops, Precision: Precision(op, asIf)}
	// An op precision assignment decided (QDQ form: float tensors between
	// casts) moves its float tensors in that precision.
	width := asIf
	if s, ok := op.Attr(PrecisionAttr).(*ir.StringAttr); ok && s.Value != "" {
		width = s.Value
	}
	for _, v := range op.Operands() {
		b, err := tensorBytes(v.Type(), width)
		if err != nil {
			return Work{}, fmt.Errorf("'%s' op: %v", op.Name(), err)
		}
		if isConstant(v) {
			w.WeightBytes += b
		} else {
			w.Tensors = append(w.Tensors, Tensor{Value: v, Bytes: b})
		}
	}
	for _, v := range op.Results() {
		b, err := tensorBytes(v.Type(), width)
		if err != nil {
			return Work{}, fmt.Errorf("'%s' op: %v", op.Name(), err)
		}
		w.Tensors = append(w.Tensors, Tensor{Value: v, Bytes: b, Out: true})
	}
	return w, nil
}

func isConstant(v *ir.Value) bool {
	d := v.DefiningOp()
	return d != nil && d.Name() == "core.constant"
}

// shapeOf is a value's static shape; scalars have none.
func shapeOf(v *ir.Value) ([]int64, error) {
	st, ok := v.Type().(ir.ShapedType)
	if !ok {
		return nil, nil
	}
	rt, ok := st.(*ir.RankedTensorType)
	if !ok || !rt.HasStaticShape() {
		return nil, fmt.Errorf("needs a static shape, got %s", v.Type())
	}
	return rt.Shape, nil
}

func elements(v *ir.Value) (int64, error) {
	s, err := shapeOf(v)
	if err != nil {
		return 0, err
	}
	n := int64(1)
	for _, d := range s {
		n *= d
	}
	return n, nil
}

// convMACs: every result element sums input-channels-per-group × kernel
// products (the weight is OIHW, so its dims after the first).
func convMACs(op *ir.Operation) (int64, int64, error) {
	if op.NumOperands() < 2 || op.NumResults() != 1 {
		return 0, 0, fmt.Errorf("expects input, weight and one result")
	}
	out, err := elements(op.Result(0))
	if err != nil {
		return 0, 0, err
	}
	w, err := shapeOf(op.Operand(1))
	if err != nil || len(w) != 4 {
		return 0, 0, fmt.Errorf("expects a 4-D weight")
	}
	// A bias starts the accumulator: no extra arithmetic.
	return out * w[1] * w[2] * w[3], 0, nil
}

// matmulMACs: every result element is a dot product over the lhs's last
// dimension.
func matmulMACs(op *ir.Operation) (int64, int64, error) {
	if op.NumOperands() != 2 || op.NumResults() != 1 {
		return 0, 0, fmt.Errorf("expects lhs, rhs and one result")
	}
	out, err := elements(op.Result(0))
	if err != nil {
		return 0, 0, err
	}
	lhs, err := shapeOf(op.Operand(0))
	if err != nil || len(lhs) == 0 {
		return 0, 0, fmt.Errorf("expects a ranked lhs")
	}
	return out * lhs[len(lhs)-1], 0, nil
}

// windowOps: every result element reads its kernel window once.
func windowOps(op *ir.Operation) (int64, int64, error) {
	out, err := elements(op.Result(0))
	if err != nil {
		return 0, 0, err
	}
	k, ok := op.InherentAttr("kernel").(*ir.DenseArrayAttr)
	if !ok || len(k.Ints) == 0 {
		return 0, 0, fmt.Errorf("expects a kernel attribute")
	}
	n := int64(1)
	for _, d := range k.Ints {
		n *= d
	}
	return 0, out * n, nil
}

func perResultElement(op *ir.Operation) (int64, int64, error) {
	var n int64
	for _, r := range op.Results() {
		e, err := elements(r)
		if err != nil {
			return 0, 0, err
		}
		n += e
	}
	return 0, n, nil
}

func perInputElement(op *ir.Operation) (int64, int64, error) {
	if op.NumOperands() == 0 {
		return 0, 0, nil
	}
	n, err := elements(op.Operand(0))
	return 0, n, err
}

func noArithmetic(*ir.Operation) (int64, int64, error) { return 0, 0, nil }

// PrecisionAttr is the attribute precision assignment leaves on an op
// (lowering/quantize writes it).
const PrecisionAttr = "mlc.precision"

// Precision is the element type an op computes in, as target files name
// it: the storage of its first quantized operand or result, else its
// mlc.precision, else asIf for float ops when given, else the element type
// of its first operand (or result).
func Precision(op *ir.Operation, asIf string) string {
	n := op.NumOperands() + op.NumResults()
	value := func(i int) *ir.Value {
		if i < op.NumOperands() {
			return op.Operand(i)
		}
		return op.Result(i - op.NumOperands())
	}
	for i := range n {
		if q, ok := elemOf(value(i).Type()).(quant.QuantizedType); ok {
			return quantize.StorageName(q)
		}
	}
	if s, ok := op.Attr(PrecisionAttr).(*ir.StringAttr); ok && s.Value != "" {
		return s.Value
	}
	for i := range n {
		e := elemOf(value(i).Type())
		if _, isFloat := e.(*ir.FloatType); isFloat && asIf != "" {
			return asIf
		}
		if e != nil {
			return elemName(e)
		}
	}
	return ""
}

func elemOf(t ir.Type) ir.Type {
	if st, ok := t.(ir.ShapedType); ok {
		return st.ElementType()
	}
	return t
}

// elemName spells an IR element type as target files do.
func elemName(t ir.Type) string {
	switch t := t.(type) {
	case *ir.FloatType:
		if t.Kind == ir.F8E4M3FN {
			return "f8e4m3"
		}
		return t.String()
	case *ir.IntegerType:
		if t.Signedness == ir.Unsigned {
			return fmt.Sprintf("u%d", t.Width)
		}
		return fmt.Sprintf("i%d", t.Width)
	case quant.QuantizedType:
		return quantize.StorageName(t)
	}
	return strings.TrimSpace(t.String())
}

// Bytes is the size of a value in memory as it is stored (quantized
// tensors by their storage width), or 0 when its shape is not static.
func Bytes(v *ir.Value) int64 {
	n, err := tensorBytes(v.Type(), "")
	if err != nil {
		return 0
	}
	return n
}

// tensorBytes is a value's size in memory: quantized tensors by their
// storage width, float tensors by asIf's width when given.
func tensorBytes(t ir.Type, asIf string) (int64, error) {
	st, ok := t.(ir.ShapedType)
	if !ok {
		return bitsOf(t, asIf) / 8, nil
	}
	rt, ok := st.(*ir.RankedTensorType)
	if !ok || !rt.HasStaticShape() {
		return 0, fmt.Errorf("needs a static shape, got %s", t)
	}
	n := int64(1)
	for _, d := range rt.Shape {
		n *= d
	}
	return (n*bitsOf(rt.Elem, asIf) + 7) / 8, nil
}

func bitsOf(e ir.Type, asIf string) int64 {
	switch e := e.(type) {
	case *ir.FloatType:
		if asIf != "" {
			if et, ok := elemByName(asIf); ok {
				return int64(et.Bits)
			}
		}
		return int64(e.Width())
	case *ir.IntegerType:
		return int64(e.Width)
	case *ir.IndexType:
		return 64
	case quant.QuantizedType:
		if st, _, _, ok := quant.StorageOf(e); ok {
			return int64(st.Width)
		}
	}
	return 32
}

func elemByName(name string) (target.ElemType, bool) {
	for _, e := range target.ElemTypes {
		if e.Name == name {
			return e, true
		}
	}
	return target.ElemType{}, false
}
