package cost

import (
	"fmt"
	"math"
	"strings"

	"github.com/mlc-go/mlc/lowering/target"
)

// Model prices work on one target, from its file's figures: on its
// accelerator (New) or on its host CPU (NewHost).
type Model struct {
	Target *target.Target
	// Device names what the model prices: the target's name, or "cpu".
	Device     string
	peak       map[string]target.Figure // element type -> ops/s
	precisions []string                 // fastest first
	bandwidth  float64                  // bytes/s
	onChip     float64                  // bytes; 0: none
	overhead   float64                  // seconds per layer
	fuses      bool
}

// New builds the model of a target. The target file must give a memory
// bandwidth and at least one peak rate; the per-layer overhead, on-chip
// memory and fusion are 0, none and off when it gives none.
func New(t *target.Target) (*Model, error) {
	if t.MemoryBandwidth == nil {
		return nil, fmt.Errorf("%s: target '%s' gives no memory_bandwidth, which the cost model needs", t.File, t.Name)
	}
	if len(t.Peak) == 0 {
		return nil, fmt.Errorf("%s: target '%s' gives no peak_ops, which the cost model needs", t.File, t.Name)
	}
	m := &Model{Target: t, Device: t.Name, peak: t.Peak, precisions: t.Precisions(), bandwidth: t.MemoryBandwidth.Value}
	if t.OnChipMemory != nil {
		m.onChip = t.OnChipMemory.Value
	}
	if f := t.Cost.LayerOverhead; f != nil {
		m.overhead = f.Value
	}
	m.fuses = t.Cost.FusesEpilogues != nil && t.Cost.FusesEpilogues.Value
	return m, nil
}

// NewHost builds the model of a target's host CPU (its host_cpu section):
// peak rates, memory bandwidth and per-op overhead (0 when the file gives
// none) from the file, no on-chip memory the model keeps tensors in and no
// fusion, since the fallback runs one kernel per op.
func NewHost(t *target.Target) (*Model, error) {
	h := t.HostCPU
	if h == nil {
		return nil, fmt.Errorf("%s: target '%s' gives no host_cpu, which the CPU cost model needs", t.File, t.Name)
	}
	m := &Model{Target: t, Device: "cpu", peak: h.Peak, precisions: h.Precisions(), bandwidth: h.MemoryBandwidth.Value}
	if h.OpOverhead != nil {
		m.overhead = h.OpOverhead.Value
	}
	return m, nil
}

// Peak is the peak rate in operations/s for a precision, and the
// precision whose rate it is: the target's figure for it; else for the
// other signedness of the same width (u8 runs where i8 does); else, for
// MAC work, the rate of the narrowest precision the file lists that is at
// least as wide (a 16-bit integer MAC at the 16-bit float rate): a
// fallback the report shows, since no file figure says it. The error
// names the precisions the file has.
func (m *Model) Peak(precision string) (float64, string, error) {
	if f, ok := m.peak[precision]; ok {
		return f.Value, precision, nil
	}
	e, ok := elemByName(precision)
	if !ok {
		return 0, "", m.noPeak(precision)
	}
	if e.IsInt() {
		other := "u" + precision[1:]
		if precision[0] == 'u' {
			other = "i" + precision[1:]
		}
		if f, ok := m.peak[other]; ok {
			return f.Value, other, nil
		}
	}
	best, bestBits := "", 0
	for _, p := range m.precisions {
		pe, _ := elemByName(p)
		if pe.Bits >= e.Bits && (best == "" || pe.Bits < bestBits || (pe.Bits == bestBits && p < best)) {
			best, bestBits = p, pe.Bits
		}
	}
	if best == "" {
		return 0, "", m.noPeak(precision)
	}
	return m.peak[best].Value, best, nil
}

func (m *Model) noPeak(precision string) *NoPeakError {
	field := "peak_ops"
	if m.Device == "cpu" {
		field = "host_cpu.peak_ops"
	}
	return &NoPeakError{Target: m.Target.Name, Field: field, Precision: precision, Have: m.precisions}
}

// NoPeakError is a precision the target file gives no peak rate for.
type NoPeakError struct {
	Target, Field, Precision string
	Have                     []string
}

func (e *NoPeakError) Error() string {
	p := e.Precision
	if p == "" {
		p = "(unknown)"
	}
	field := e.Field
	if field == "" {
		field = "peak_ops"
	}
	return fmt.Sprintf("target '%s' gives no peak rate for %s (%s has: %s)", e.Target, p, field, strings.Join(e.Have, ", "))
}

// Priced is one layer's times in seconds and the precision whose peak
// rate priced its arithmetic ("" when it has none).
type Priced struct {
	Compute, Memory, Overhead float64
	RateOf                    string
}

// Layer prices one layer: compute and memory time, the larger of which it
// takes, plus the per-layer overhead. dramBytes are the bytes that cross
// the memory interface (the caller decides which tensors stay on chip).
func (m *Model) Layer(w *Work, dramBytes int64) (Priced, error) {
	if w.Free {
		return Priced{}, nil
	}
	p := Priced{Memory: float64(dramBytes) / m.bandwidth, Overhead: m.overhead}
	if ops := w.Operations(); ops > 0 {
		peak, of, err := m.Peak(w.Precision)
		if err != nil && w.MACs == 0 {
			// Elementwise work in a precision the file gives no rate for
			// (a wide integer, say) runs at the file's slowest rate
			// rather than failing the estimate.
			of = m.precisions[len(m.precisions)-1]
			peak, err = m.peak[of].Value, nil
		}
		if err != nil {
			return Priced{}, err
		}
		p.Compute, p.RateOf = float64(ops)/peak, of
	}
	return p, nil
}

// OnChip reports whether a tensor of n bytes stays in on-chip memory
// between the layer that writes it and the one that reads it: when it
// takes at most half of it (the other half holds the layer's other
// operands while it runs).
func (m *Model) OnChip(n int64) bool { return m.onChip > 0 && float64(n) <= m.onChip/2 }

// Transfer is the time to move n bytes between the host CPU and the
// accelerator (one direction), at a partition boundary: the target's
// transfer latency plus n over its transfer bandwidth.
func (m *Model) Transfer(n int64) (float64, error) {
	c := m.Target.Cost
	if c.TransferBandwidth == nil || c.TransferLatency == nil {
		return 0, fmt.Errorf("%s: target '%s' gives no cost.transfer_bandwidth and cost.transfer_latency", m.Target.File, m.Target.Name)
	}
	if n < 0 {
		return 0, fmt.Errorf("transfer of %d bytes", n)
	}
	return c.TransferLatency.Value + float64(n)/c.TransferBandwidth.Value, nil
}

// Ms converts seconds to milliseconds for reports.
func Ms(s float64) float64 { return s * 1e3 }

// Ratio is max(a/b, b/a): how far apart two positive times are.
func Ratio(a, b float64) float64 {
	if a <= 0 || b <= 0 {
		return math.Inf(1)
	}
	return math.Max(a/b, b/a)
}
