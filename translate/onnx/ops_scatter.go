package onnx

import (
	"slices"

	"github.com/mlc-go/mlc/ir"
)

// ScatterND with indices known at import time. Exporters emit it for
// in-place slice assignment (Swin's attention mask, x[:, 0] = …), where
// the indices come from static shapes. Known data and updates fold;
// otherwise data and updates are viewed as rows [R, S] and [N, S], and
// each output row is looked up with embedding from data's rows followed
// by the updates' (reductions add or multiply one layer of distinct
// target rows at a time).
func init() {
	register(entry{op: "ScatterND", from: 11, to: 17, in: 3, convert: convScatterND, fold: foldScatterND})
}

// maxScatterLayers bounds the rounds a reduction with repeated target
// rows is emitted as.
const maxScatterLayers = 64

// scatterPlan is a ScatterND's row view: update n goes to row target[n]
// of the [rows, slice] data.
type scatterPlan struct {
	reduction   string
	rows, slice int64
	target      []int64
}

func scatterNDPlan(c *nodeCtx) (*scatterPlan, error) {
	red := "none"
	if c.opset >= 16 {
		var err error
		if red, err = c.attrString("reduction", "none"); err != nil {
			return nil, err
		}
		if red != "none" && red != "add" && red != "mul" {
			return nil, c.unsupportedf("reduction '%s' is not supported (none, add or mul at opset %d)", red, c.opset)
		}
	}
	if c.typ(0).Elem != c.typ(2).Elem {
		return nil, c.errorf("updates have element type %s, data %s", c.typ(2).Elem, c.typ(0).Elem)
	}
	ds, is, us := c.typ(0).Shape, c.typ(1).Shape, c.typ(2).Shape
	if !isStatic(ds) || !isStatic(is) || !isStatic(us) {
		return nil, c.unsupportedf("dynamic dims are not supported")
	}
	ih := c.host(1)
	if ih == nil || !ih.known() {
		return nil, c.needsConstant("indices", "run-time input 'indices' is not supported: it must be known at import time (a constant or a computation on static shapes)")
	}
	if isFloatType(ih.elem) {
		return nil, c.errorf("indices must be an integer tensor, got %s", ih.elem)
	}
	if len(is) == 0 {
		return nil, c.errorf("indices must have rank ≥ 1")
	}
	k := is[len(is)-1]
	if k < 1 || k > int64(len(ds)) {
		return nil, c.errorf("the last dim of indices (%d) must be in [1, %d]", k, len(ds))
	}
	if want := slices.Concat(is[:len(is)-1], ds[k:]); !slices.Equal(us, want) {
		return nil, c.errorf("updates have shape [%s], want [%s]", fmtShape(us), fmtShape(want))
	}
	p := &scatterPlan{reduction: red, rows: 1, slice: 1}
	for _, d := range ds[:k] {
		p.rows *= d
	}
	for _, d := range ds[k:] {
		p.slice *= d
	}
	n := int64(len(ih.ints)) / k
	p.target = make([]int64, n)
	for i := range n {
		var row int64
		for j := range k {
			x, d := ih.ints[i*k+j], ds[j]
			if x < -d || x >= d {
				return nil, c.errorf("index %d is out of range for dim %d of size %d", x, j, d)
			}
			if x < 0 {
				x += d
			}
			row = row*d + x
		}
		p.target[i] = row
	}
	return p, nil
}

func foldScatterND(c *nodeCtx) error {
	dh, uh := c.host(0), c.host(2)
	if !foldable(dh.shape) {
		return errNoFold
	}
	p, err := scatterNDPlan(c)
	if err != nil {
		return err
	}
	out := newHost(dh.elem, dh.shape)
	if p.reduction == "none" {
		// Each element is copied once, from data or from its last update.
		from := make([]int, dh.len())
		for i := range from {
			from[i] = -1
		}
		for n, row := range p.target {
			for s := range p.slice {
				from[row*p.slice+s] = int(int64(n)*p.slice + s)
			}
		}
		for i, j := range from {
			if j < 0 {
				copyElem(out, i, dh, i)
			} else {
				copyElem(out, i, uh, j)
			}
		}
		c.setHost(0, out)
		return nil
	}
	for i := range dh.len() {
		copyElem(out, i, dh, i)
	}
	for n, row := range p.target {
		for s := range p.slice {
			i, j := int(row*p.slice+s), int(int64(n)*p.slice+s)
			if out.isUnknown(i) || uh.isUnknown(j) {
				out.markUnknown(i)
				continue
			}
			switch {
			case isFloatType(out.elem) && p.reduction == "add":
				out.setFloat(i, out.floats[i]+uh.floats[j])
			case isFloatType(out.elem):
				out.setFloat(i, out.floats[i]*uh.floats[j])
			case p.reduction == "add":
				out.setInt(i, out.ints[i]+uh.ints[j])
			default:
				out.setInt(i, out.ints[i]*uh.ints[j])
			}
		}
	}
	c.setHost(0, out)
	return nil
}

func convScatterND(c *nodeCtx) error {
	p, err := scatterNDPlan(c)
	if err != nil {
		return err
	}
	if p.rows > maxMaskElems || p.slice > maxMaskElems {
		return c.errorf("data of shape [%s] is too large for the row lookup (at most %d rows and row elements)", fmtShape(c.typ(0).Shape), maxMaskElems)
	}
	if len(p.target) == 0 || p.rows*p.slice == 0 {
		c.alias(0, 0)
		return nil
	}
	data, upd := c.arg(0), c.arg(2)
	if c.err != nil {
		return c.err
	}
	shape := shapeOf(data)
	n := int64(len(p.target))
	data2 := c.reshapeTo(data, []int64{p.rows, p.slice})
	upd2 := c.reshapeTo(upd, []int64{n, p.slice})
	i64 := c.im.ctx.I(64)
	if p.reduction == "none" {
		// Row r of cat(data, updates) is data's; row rows+n is update n.
		// The last update to a row wins (ONNX leaves duplicates undefined).
		sel := &host{elem: i64, shape: []int64{p.rows}, ints: make([]int64, p.rows)}
		for r := range p.rows {
			sel.ints[r] = r
		}
		for i, row := range p.target {
			sel.ints[row] = p.rows + int64(i)
		}
		src := c.emit("torch.aten.cat", []*ir.Value{data2, upd2}, c.i64("dim", 0))
		y := c.emit("torch.aten.embedding", []*ir.Value{src, c.constant(sel)})
		return c.result(c.reshapeTo(y, shape))
	}
	// Layer l holds each row's l-th update; rows without one read the
	// neutral row 0 (0 for add, 1 for mul).
	var layers [][]int64
	seen := map[int64]int{}
	for i, row := range p.target {
		l := seen[row]
		seen[row]++
		if l == len(layers) {
			if l == maxScatterLayers {
				return c.unsupportedf("more than %d updates to one row are not supported", maxScatterLayers)
			}
			layers = append(layers, make([]int64, p.rows))
		}
		layers[l][row] = int64(i) + 1
	}
	neutral := 0.0
	name := "torch.aten.add.Tensor"
	if p.reduction == "mul" {
		neutral, name = 1, "torch.aten.mul.Tensor"
	}
	nh := newHost(elemOf(data), []int64{1, p.slice})
	for i := range nh.len() {
		nh.setFloat(i, neutral)
	}
	src := c.emit("torch.aten.cat", []*ir.Value{c.constant(nh), upd2}, c.i64("dim", 0))
	acc := data2
	for _, sel := range layers {
		g := c.emit("torch.aten.embedding", []*ir.Value{src, c.constant(&host{elem: i64, shape: []int64{p.rows}, ints: sel})})
		acc = c.emit(name, []*ir.Value{acc, g})
	}
	return c.result(c.reshapeTo(acc, shape))
}
