package tensor

import "unsafe"

// StorageSpan returns the address range [start, end) of t's storage (an
// empty range for an empty tensor). Two tensors share storage exactly when
// their spans overlap; the interpreter uses this to find results that alias
// an operand before it recycles a buffer.
func (t *Tensor) StorageSpan() (start, end uintptr) {
	n := t.Len()
	if n == 0 {
		return 0, 0
	}
	var p unsafe.Pointer
	switch s := t.data.(type) {
	case []float32:
		p = unsafe.Pointer(unsafe.SliceData(s))
	case []float64:
		p = unsafe.Pointer(unsafe.SliceData(s))
	case []uint16:
		p = unsafe.Pointer(unsafe.SliceData(s))
	case []int8:
		p = unsafe.Pointer(unsafe.SliceData(s))
	case []uint8:
		p = unsafe.Pointer(unsafe.SliceData(s))
	case []int16:
		p = unsafe.Pointer(unsafe.SliceData(s))
	case []int32:
		p = unsafe.Pointer(unsafe.SliceData(s))
	case []int64:
		p = unsafe.Pointer(unsafe.SliceData(s))
	case []bool:
		p = unsafe.Pointer(unsafe.SliceData(s))
	default:
		return 0, 0
	}
	start = uintptr(p)
	return start, start + uintptr(n*t.dtype.Size())
}
