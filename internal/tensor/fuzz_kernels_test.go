package tensor

import (
	"math"
	"testing"
)

// byteSrc hands out fuzz bytes as small numbers (zeros when exhausted).
type byteSrc struct{ b []byte }

func (s *byteSrc) next() int {
	if len(s.b) == 0 {
		return 0
	}
	v := int(s.b[0])
	s.b = s.b[1:]
	return v
}

// small returns a value in [lo, hi].
func (s *byteSrc) small(lo, hi int) int { return lo + s.next()%(hi-lo+1) }

// dim returns a dimension: usually 0..4, sometimes huge.
func (s *byteSrc) dim() int64 {
	switch v := s.next(); {
	case v == 255:
		return 1 << 40
	case v == 254:
		return -1
	default:
		return int64(v % 5)
	}
}

func (s *byteSrc) shape() []int64 {
	r := s.small(0, 4)
	sh := make([]int64, r)
	for i := range sh {
		sh[i] = s.dim()
	}
	return sh
}

func (s *byteSrc) tensor(dt DType) *Tensor {
	shape := s.shape()
	t, err := AllocLimit(dt, shape, 1<<16)
	if err != nil {
		return New(dt, 1)
	}
	for i := range t.Len() {
		v := float64(s.next()) - 128
		if v == 127 {
			v = math.NaN()
		}
		t.setFloat(i, v)
	}
	return t
}

var fuzzDTypes = []DType{F32, F64, F16, BF16, I8, U8, I16, U16, I32, I64, Bool, I4, U4}

// FuzzKernels: kernels called with arbitrary shapes, dtypes and attributes
// return errors for bad arguments and never panic.
func FuzzKernels(f *testing.F) {
	for i := range 40 {
		f.Add([]byte{byte(i), 2, 2, 3, 2, 3, 1, 1, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14})
		f.Add([]byte{byte(i), 0, 4, 1, 2, 3, 3, 4, 1, 3, 3, 3, 9, 200, 1, 2, 3, 4, 5, 6, 7, 8})
	}
	prev := SetMaxBytes(1 << 24)
	defer SetMaxBytes(prev)
	f.Fuzz(func(t *testing.T, data []byte) {
		s := &byteSrc{b: data}
		op := s.next()
		dt := fuzzDTypes[s.next()%len(fuzzDTypes)]
		x := s.tensor(dt)
		y := s.tensor(fuzzDTypes[s.next()%len(fuzzDTypes)])
		ax := s.small(0, 8) - 4
		ints := func(n int) []int64 {
			v := make([]int64, n)
			for i := range v {
				v[i] = int64(s.small(0, 12) - 6)
				if s.next() == 255 {
					v[i] = math.MinInt64
				}
			}
			return v
		}
		axes := func() []int {
			n := s.small(0, 3)
			if n == 0 {
				return nil
			}
			v := make([]int, n)
			for i := range v {
				v[i] = s.small(0, 8) - 4
			}
			return v
		}
		var err error
		switch op % 33 {
		case 0:
			_, err = Binary(BinaryOp(s.small(0, 7)), x, y)
		case 1:
			_, err = Unary(UnaryOp(s.small(0, int(numUnaryOps))), x)
		case 2:
			_, err = Compare(CompareOp(s.small(0, 6)), x, y)
		case 3:
			_, err = Where(s.tensor(Bool), x, y)
		case 4:
			_, err = MatMul(x, y)
		case 5:
			_, err = MatMulInteger(x, y, nil, nil)
		case 6:
			p := Conv2DParams{Strides: [2]int{s.small(0, 3), s.small(0, 3)}, Dilations: [2]int{s.small(0, 3), s.small(0, 3)},
				Pads: [4]int{s.small(0, 3) - 1, s.small(0, 3), s.small(0, 3), s.small(0, 3)}, Groups: s.small(0, 3)}
			_, err = Conv2D(x, y, nil, p)
		case 7:
			p := Conv2DParams{Strides: [2]int{s.small(0, 3), s.small(0, 3)}, Pads: [4]int{s.small(0, 2), s.small(0, 2), s.small(0, 2), s.small(0, 2)}, Groups: s.small(1, 2)}
			_, err = ConvInteger2D(x, y, nil, nil, p)
		case 8, 9:
			p := Pool2DParams{Kernel: [2]int{s.small(0, 4), s.small(0, 4)}, Strides: [2]int{s.small(0, 3), s.small(0, 3)},
				Dilations: [2]int{s.small(0, 2), s.small(0, 2)}, Pads: [4]int{s.small(0, 2), s.small(0, 2), s.small(0, 2), s.small(0, 2)},
				CeilMode: s.next()%2 == 0, CountIncludePad: s.next()%2 == 0}
			if op%33 == 8 {
				_, err = MaxPool2D(x, p)
			} else {
				_, err = AvgPool2D(x, p)
			}
		case 10:
			_, err = GlobalAvgPool(x)
		case 11:
			_, err = Reduce(ReduceOp(s.small(0, 10)), x, axes(), s.next()%2 == 0)
		case 12:
			_, err = ArgMax(x, ax, s.next()%2 == 0, s.next()%2 == 0)
		case 13:
			_, err = Softmax(x, ax)
		case 14:
			_, err = LayerNorm(x, y, nil, ax, 1e-5)
		case 15:
			_, err = BatchNorm(x, y, y, y, y, 1e-5)
		case 16:
			p := make([]int, x.Rank())
			for i := range p {
				p[i] = s.small(0, 4)
			}
			_, err = Transpose(x, p)
		case 17:
			_, err = Concat(ax, x, y)
		case 18:
			n := s.small(0, 3)
			_, err = Slice(x, ints(n), ints(n), axes(), ints(n))
		case 19:
			_, err = Gather(x, y, ax)
		case 20:
			_, err = Pad(x, ints(2*x.Rank()), PadMode(s.small(0, 4)), 1)
		case 21:
			_, err = Expand(x, y.Shape())
		case 22:
			_, err = Tile(x, ints(x.Rank()))
		case 23:
			_, err = Flatten(x, ax)
		case 24:
			_, err = Squeeze(x, axes())
		case 25:
			_, err = Unsqueeze(x, axes())
		case 26:
			_, err = QuantizeLinear(x, y, nil, ax, s.small(0, 3), fuzzDTypes[s.next()%len(fuzzDTypes)])
		case 27:
			_, err = DequantizeLinear(x, y, nil, ax, s.small(0, 3))
		case 28:
			_, err = Cast(x, fuzzDTypes[s.next()%len(fuzzDTypes)])
		case 29:
			_, err = Clip(x, float64(s.next())-128, float64(s.next())-100)
		case 30:
			_, err = ReshapeONNX(x, ints(s.small(0, 3)), s.next()%2 == 0)
		case 31:
			_, err = Logical(OpXor, x, y)
		case 32:
			_, err = LogSoftmax(x, ax)
		}
		_ = err
	})
}
