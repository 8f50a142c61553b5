package quant

import (
	"fmt"

	"github.com/mlc-go/mlc/ir"
	"github.com/mlc-go/mlc/ir/asm/bytecode"
)

// MLIR's quant dialect encodes its types in bytecode (mlir-opt-19 writes
// them so): a varint code, then the fields. The codes are part of MLIR's
// format.
const (
	bcAny                     = 1 // flags, storage, min, max
	bcAnyWithExpressed        = 2 // flags, storage, expressed, min, max
	bcCalibrated              = 3 // expressed, min, max (doubles)
	bcUniform                 = 4 // flags, storage, expressed, scale, zero point, min, max
	bcUniformPerAxis          = 5 // flags, storage, expressed, axis, min, max, scales, zero points
	bcFlagSigned       uint64 = 1
)

// readBytecodeType decodes one quant type.
func readBytecodeType(r *bytecode.DialectReader) (ir.Type, error) {
	ctx := r.Context()
	code, err := r.VarInt()
	if err != nil {
		return nil, err
	}
	storage := func() (*ir.IntegerType, error) {
		flags, err := r.VarInt()
		if err != nil {
			return nil, err
		}
		t, err := r.Type()
		if err != nil {
			return nil, err
		}
		it, ok := t.(*ir.IntegerType)
		if !ok {
			return nil, r.Errorf("quant storage type must be an integer, got %s", t)
		}
		if flags&bcFlagSigned != 0 {
			return ctx.I(it.Width), nil
		}
		return ctx.IntegerType(it.Width, ir.Unsigned), nil
	}
	expressed := func() (*ir.FloatType, error) {
		t, err := r.Type()
		if err != nil {
			return nil, err
		}
		ft, ok := t.(*ir.FloatType)
		if !ok {
			return nil, r.Errorf("quant expressed type must be a float, got %s", t)
		}
		return ft, nil
	}
	minMax := func() (lo, hi int64, err error) {
		if lo, err = r.SignedVarInt(); err == nil {
			hi, err = r.SignedVarInt()
		}
		return lo, hi, err
	}
	checked := func(t ir.Type, err error) (ir.Type, error) {
		if err != nil {
			return nil, r.Errorf("%v", err)
		}
		return t, nil
	}
	switch code {
	case bcAny, bcAnyWithExpressed:
		st, err := storage()
		if err != nil {
			return nil, err
		}
		var ex *ir.FloatType
		if code == bcAnyWithExpressed {
			if ex, err = expressed(); err != nil {
				return nil, err
			}
		}
		lo, hi, err := minMax()
		if err != nil {
			return nil, err
		}
		return checked(NewAny(ctx, st, lo, hi, ex))
	case bcCalibrated:
		ex, err := expressed()
		if err != nil {
			return nil, err
		}
		lo, err := r.Float64()
		if err != nil {
			return nil, err
		}
		hi, err := r.Float64()
		if err != nil {
			return nil, err
		}
		return checked(NewCalibrated(ctx, ex, lo, hi))
	case bcUniform:
		st, err := storage()
		if err != nil {
			return nil, err
		}
		ex, err := expressed()
		if err != nil {
			return nil, err
		}
		scale, err := r.Float64()
		if err != nil {
			return nil, err
		}
		zp, err := r.SignedVarInt()
		if err != nil {
			return nil, err
		}
		lo, hi, err := minMax()
		if err != nil {
			return nil, err
		}
		return checked(NewUniform(ctx, st, lo, hi, ex, scale, zp))
	case bcUniformPerAxis:
		st, err := storage()
		if err != nil {
			return nil, err
		}
		ex, err := expressed()
		if err != nil {
			return nil, err
		}
		axis, err := r.VarInt()
		if err != nil {
			return nil, err
		}
		if axis > 1<<31 {
			return nil, r.Errorf("quantized dimension %d out of range", axis)
		}
		lo, hi, err := minMax()
		if err != nil {
			return nil, err
		}
		n, err := r.Count("scale")
		if err != nil {
			return nil, err
		}
		scales := make([]float64, n)
		for i := range scales {
			if scales[i], err = r.Float64(); err != nil {
				return nil, err
			}
		}
		m, err := r.Count("zero point")
		if err != nil {
			return nil, err
		}
		zps := make([]int64, m)
		for i := range zps {
			if zps[i], err = r.SignedVarInt(); err != nil {
				return nil, err
			}
		}
		return checked(NewUniformPerAxis(ctx, st, lo, hi, ex, int(axis), scales, zps))
	}
	return nil, r.Errorf("%s", fmt.Sprintf("unknown quant type code %d", code))
}
