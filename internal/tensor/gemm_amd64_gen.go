//go:build ignore

// gemm_amd64_gen writes gemm_amd64.s, the GEMM micro-kernels declared in
// gemm_amd64.go: go generate ./internal/tensor (or go run gemm_amd64_gen.go).
package main

import (
	"fmt"
	"os"
	"strings"
)

var out strings.Builder

func w(format string, args ...any) { fmt.Fprintf(&out, format+"\n", args...) }

// prologue loads the arguments: R9 is B's row distance in bytes, or, for
// the kernels that read B through a table of row offsets (ind), the
// table's address (ints, in elements).
func prologue(name string, ind bool) { prologueArgs(name, ind, "", 49) }

// prologueArgs is prologue for a kernel taking more arguments after acc
// (extra, as written in the Go declaration), frame bytes of them in all.
func prologueArgs(name string, ind bool, extra string, frame int) {
	last := "ldb int"
	if ind {
		last = "off unsafe.Pointer"
	}
	w("// func %s(kc int, a, b, c unsafe.Pointer, ldc int, %s, acc bool%s)", name, last, extra)
	w("TEXT ·%s(SB), NOSPLIT, $0-%d", name, frame)
	loadTile()
	if ind {
		w("\tMOVQ off+40(FP), R9")
		return
	}
	w("\tMOVQ ldb+40(FP), R9")
	w("\tSHLQ $2, R9")
}

// loadTile loads the arguments every kernel starts with: kc in CX, A in
// SI, B in DX, C in DI and C's row distance in bytes in R8.
func loadTile() {
	w("\tMOVQ kc+0(FP), CX")
	w("\tMOVQ a+8(FP), SI")
	w("\tMOVQ b+16(FP), DX")
	w("\tMOVQ c+24(FP), DI")
	w("\tMOVQ ldc+32(FP), R8")
	w("\tSHLQ $2, R8")
}

// bRowAccess is how a kernel's k loop reads B's row: in place at DX,
// moved on by ldb (R9), or, for the Ind kernels, at DX plus the element
// offset the table at R9 gives for this row.
type bRowAccess struct{ ind bool }

// bRow writes the kernel's prologue and returns its B row access.
func bRow(ind bool, name string) bRowAccess {
	prologue(name, ind)
	return bRowAccess{ind}
}

// wideLoop writes the AVX-512 wide kernels' body after their prologue
// (row access b): rows x 32, row r in Z(2r), Z(2r+1), the B rows in
// Z28, Z29 and A broadcast (bcast) once into Z30 for both products (op).
// The second panel lies kc·64 bytes on for packed panels (ldb = 16), 64
// bytes on for B read in place, 64 bytes on from each row's offset for
// Ind.
//
// With prefetchA, each k step touches A 4 KB on: a layer's packed
// weights come from memory once per run, as a run of panels that the
// hardware prefetchers restart on at every page (cold float32 512x512
// 3x3 weights at 7x7: 1675 → 1551 µs at one thread, 1234 → 1140 at two;
// resnet18-qdq about 11% faster). With prefetchB (float32), each k step
// also touches B's row 256 bytes on, the panels two pairs on: a 1x1
// convolution read in place reads its input's k rows as so many
// streams, more than the hardware prefetchers follow (a 32→16 layer on
// a cold 112x112 input took twice as long without). Packed B panels, one
// stream each, would not need it; the same kernels read both.
func wideLoop(b bRowAccess, bcast, op string, rows int, prefetchA, prefetchB bool) {
	second := b.at(64)
	if !b.ind {
		w("\tMOVQ $64, R10")
		w("\tCMPQ R9, $64")
		w("\tJNE wide")
		w("\tMOVQ CX, R10")
		w("\tSHLQ $6, R10")
		w("wide:")
		second = "(DX)(R10*1)"
	}
	for r := range 2 * rows {
		w("\tVPXORD Z%d, Z%d, Z%d", r, r, r)
	}
	// Two k steps a pass (an odd kc takes one step first): half the loop
	// bookkeeping (a 640→128 1x1 convolution at 14x14: 0.20 → 0.175 ms).
	// Both steps prefetch: prefetching every other B row left the cold
	// 112x112 32→32 1x1 layer 1.6 times slower.
	w("\tTESTQ $1, CX")
	w("\tJEQ pairs")
	step := func() {
		b.load()
		if prefetchA {
			w("\tPREFETCHT0 4096(SI)")
		}
		w("\tVMOVUPS %s, Z28", b.at(0))
		if prefetchB && !b.ind {
			w("\tPREFETCHT0 256(DX)")
			w("\tPREFETCHT0 320(DX)")
		}
		w("\tVMOVUPS %s, Z29", second)
		for r := range rows {
			w("\t%s %d(SI), Z30", bcast, 4*r)
			w("\t%s Z30, Z28, Z%d", op, 2*r)
			w("\t%s Z30, Z29, Z%d", op, 2*r+1)
		}
		w("\tADDQ $%d, SI", 4*rows)
		b.next()
	}
	step()
	w("\tDECQ CX")
	w("\tJZ done")
	w("pairs:")
	w("\tSHRQ $1, CX")
	w("loop:")
	step()
	step()
	w("\tDECQ CX")
	w("\tJNZ loop")
	w("done:")
}

// load fetches the row's offset (Ind kernels).
func (b bRowAccess) load() {
	if b.ind {
		w("\tMOVQ (R9), R11")
	}
}

// at is the address of the row's byte disp.
func (b bRowAccess) at(disp int) string {
	if b.ind {
		return fmt.Sprintf("%d(DX)(R11*4)", disp)
	}
	return fmt.Sprintf("%d(DX)", disp)
}

// next moves on to the next row.
func (b bRowAccess) next() {
	if b.ind {
		w("\tADDQ $8, R9")
	} else {
		w("\tADDQ R9, DX")
	}
}

// store writes the accumulators (perRow registers of width bytes per row)
// to C, adding C's old values first when acc is set.
func store(perRow int, reg, add string, width, rows int) {
	mov := "VMOVDQU"
	if reg == "Z" {
		mov = "VMOVDQU32"
	}
	for _, accumulate := range []bool{true, false} {
		if accumulate {
			w("\tMOVBLZX acc+48(FP), AX")
			w("\tTESTB AL, AL")
			w("\tJEQ store")
		} else {
			w("store:")
		}
		for r := range rows {
			for h := range perRow {
				x := fmt.Sprintf("%s%d", reg, r*perRow+h)
				if accumulate {
					w("\t%s %d(DI), %s, %s", add, h*width, x, x)
				}
				w("\t%s %s, %d(DI)", mov, x, h*width)
			}
			if r < rows-1 {
				w("\tADDQ R8, DI")
			}
		}
		w("\tVZEROUPPER")
		w("\tRET")
	}
	w("")
}

// vexDPWSSD writes VPDPWSSD Y<dst>, Y<src1>, Y14 (AVX-VNNI: Y<dst> +=
// word-pair dot products of Y<src1> and Y14) as bytes: the assembler only
// knows the EVEX (AVX-512 VNNI) form, which needs AVX-512VL.
func vexDPWSSD(dst, src1 int) { vexVNNI(0x52, "VPDPWSSD", dst, src1) }

// vexDPBUSD writes VPDPBUSD Y<dst>, Y<src1>, Y14 (AVX-VNNI: Y<dst> +=
// dot products of Y<src1>'s unsigned byte quads with Y14's signed ones).
func vexDPBUSD(dst, src1 int) { vexVNNI(0x50, "VPDPBUSD", dst, src1) }

func vexVNNI(opcode int, name string, dst, src1 int) {
	// 3-byte VEX: C4; R̄X̄B̄ + map 0F38; W0 v̄v̄v̄v̄ L1 pp=66; opcode; ModRM.
	b1 := 0xC2 // R̄=1 X̄=1 B̄=0 (rm = Y14), map 00010
	if dst >= 8 {
		b1 &^= 0x80
	}
	b2 := (^src1&0xF)<<3 | 1<<2 | 1
	modrm := 0xC0 | (dst&7)<<3 | (14 & 7)
	w("\tBYTE $0xC4; BYTE $0x%02X; BYTE $0x%02X; BYTE $0x%02X; BYTE $0x%02X // %s Y14, Y%d, Y%d", b1, b2, opcode, modrm, name, src1, dst)
}

// rowEpilogue finishes a row kernel's rows x perRow accumulators (row r
// in Z(r·perRow+h)): the bias (R12 bit 0, from BX) and clamp ([Z26,
// Z27], bit 1) in the Ex kernels' operand order, then the store under
// K1 (first 16 columns) and K2. tag keeps its labels apart.
func rowEpilogue(rows, perRow int, tag string) {
	for r := range rows {
		for h := range perRow {
			x := fmt.Sprintf("Z%d", r*perRow+h)
			lbl := fmt.Sprintf("%snobias%d_%d", tag, r, h)
			w("\tTESTQ $1, R12")
			w("\tJEQ %s", lbl)
			w("\tVBROADCASTSS %d(BX), Z31", 4*r)
			w("\tVADDPS Z31, %s, %s", x, x)
			w("%s:", lbl)
			lbl = fmt.Sprintf("%snoclip%d_%d", tag, r, h)
			w("\tTESTQ $2, R12")
			w("\tJEQ %s", lbl)
			w("\tVMAXPS %s, Z26, %s", x, x)
			w("\tVMINPS %s, Z27, %s", x, x)
			w("%s:", lbl)
			w("\tVMOVUPS %s, K%d, %d(DI)", x, h+1, 64*h)
		}
		if r < rows-1 {
			w("\tADDQ R8, DI")
		}
	}
	w("\tVZEROUPPER")
	w("\tRET")
	w("")
}

func main() {
	w("// Code generated by gemm_amd64_gen.go; DO NOT EDIT.")
	w("")
	w("//go:build amd64 && !purego")
	w("")
	w("// GEMM micro-kernels declared in gemm_amd64.go (contract there). Each is")
	w("// unrolled over its MR tile rows; the wide ones take two k steps a pass.")
	w("")
	w("#include \"textflag.h\"")
	w("")
	// AVX-512: rows x 16, one zmm accumulator per row (Z0...), the B row in
	// Z31, A broadcast from memory into the multiply-add.
	// The Ind variants read B row p at b + off[p] (convolutions read the
	// im2col matrix in place from a padded input): the same multiply-adds
	// in the same order, so the same bits.
	for _, f := range []struct {
		name, op, add string
		ind           bool
	}{
		{"sgemmKernAVX512", "VFMADD231PS.BCST", "VADDPS", false},
		{"igemmKernVNNI", "VPDPWSSD.BCST", "VPADDD", false},
		// Four unsigned B bytes by four signed A bytes per lane (quads.go).
		{"igemmKernVNNIU8", "VPDPBUSD.BCST", "VPADDD", false},
		{"sgemmKernAVX512Ind", "VFMADD231PS.BCST", "VADDPS", true},
		// Quad rows read through offsets: an 8-bit convolution's quad
		// planes (qplanes.go), one word per pixel of four channels.
		{"igemmKernVNNIU8Ind", "VPDPBUSD.BCST", "VPADDD", true},
	} {
		for _, rows := range []int{4, 8, 12} {
			b := bRow(f.ind, fmt.Sprintf("%sx%d", f.name, rows))
			for r := range rows {
				w("\tVPXORD Z%d, Z%d, Z%d", r, r, r)
			}
			w("loop:")
			b.load()
			w("\tVMOVDQU32 %s, Z31", b.at(0))
			for r := range rows {
				w("\t%s %d(SI), Z31, Z%d", f.op, 4*r, r)
			}
			w("\tADDQ $%d, SI", 4*rows)
			b.next()
			w("\tDECQ CX")
			w("\tJNZ loop")
			store(1, "Z", f.add, 64, rows)
		}
	}
	// AVX-512 wide (wideLoop): two 16-column B panels at once, each
	// lane's multiply-adds the narrow kernels', in the same order, so the
	// same bits. The quad kernel's wide form likewise (VPDPBUSD: B
	// unsigned, the broadcast A signed).
	for _, f := range []struct {
		name, bcast, op, add string
		ind                  bool
	}{
		{"sgemmKernAVX512W", "VBROADCASTSS", "VFMADD231PS", "VADDPS", false},
		{"sgemmKernAVX512WInd", "VBROADCASTSS", "VFMADD231PS", "VADDPS", true},
		{"igemmKernVNNIU8W", "VPBROADCASTD", "VPDPBUSD", "VPADDD", false},
		{"igemmKernVNNIU8WInd", "VPBROADCASTD", "VPDPBUSD", "VPADDD", true},
	} {
		for _, rows := range []int{4, 8, 12} {
			f32 := f.op == "VFMADD231PS"
			wideLoop(bRow(f.ind, fmt.Sprintf("%sx%d", f.name, rows)), f.bcast, f.op, rows, true, f32)
			store(2, "Z", f.add, 64, rows)
		}
	}
	// The float32 wide kernel with its product's last steps in the store
	// (Ex): after C's old values (acc), each row's bias when flags bit 0
	// is set (VADDPS with the sum first, as biasClipRowAVX adds it; no
	// bias adds nothing, so -0 stays), then the clamp to [lo, hi] when
	// bit 1 is set (VMAXPS lo then VMINPS hi in biasClipRowAVX's operand
	// order): the bits of the kernel followed by addBias.
	for _, rows := range []int{4, 8, 12} {
		name := fmt.Sprintf("sgemmKernAVX512WExx%d", rows)
		prologueArgs(name, false, ", bias unsafe.Pointer, lo, hi float32, flags int", 80)
		wideLoop(bRowAccess{}, "VBROADCASTSS", "VFMADD231PS", rows, true, true)
		w("\tMOVQ bias+56(FP), BX")
		w("\tVBROADCASTSS lo+64(FP), Z26")
		w("\tVBROADCASTSS hi+68(FP), Z27")
		w("\tMOVQ flags+72(FP), R11")
		w("\tMOVBLZX acc+48(FP), AX")
		for r := range rows {
			for h := range 2 {
				x := fmt.Sprintf("Z%d", 2*r+h)
				lbl := fmt.Sprintf("noacc%d_%d", r, h)
				w("\tTESTB AL, AL")
				w("\tJEQ %s", lbl)
				w("\tVADDPS %d(DI), %s, %s", 64*h, x, x)
				w("%s:", lbl)
				lbl = fmt.Sprintf("nobias%d_%d", r, h)
				w("\tTESTQ $1, R11")
				w("\tJEQ %s", lbl)
				w("\tVBROADCASTSS %d(BX), Z31", 4*r)
				w("\tVADDPS Z31, %s, %s", x, x)
				w("%s:", lbl)
				lbl = fmt.Sprintf("noclip%d_%d", r, h)
				w("\tTESTQ $2, R11")
				w("\tJEQ %s", lbl)
				w("\tVMAXPS %s, Z26, %s", x, x)
				w("\tVMINPS %s, Z27, %s", x, x)
				w("%s:", lbl)
				w("\tVMOVUPS %s, %d(DI)", x, 64*h)
			}
			if r < rows-1 {
				w("\tADDQ R8, DI")
			}
		}
		w("\tVZEROUPPER")
		w("\tRET")
		w("")
	}
	// Row kernels (RowInd): up to 32 columns of one output row of a
	// convolution whose whole K is one block, B read at the offsets, each
	// row's bias and clamp as in the Ex kernels, stored under a column
	// mask (bit j: column j), so no column past the row's end is written.
	// Up to 16 columns the narrow kernel's loop runs, else the wide one's:
	// every lane's chain is the same either way, so the same bits.
	for _, rows := range []int{4, 8, 12} {
		name := fmt.Sprintf("sgemmKernAVX512RowIndx%d", rows)
		w("// func %s(kc int, a, b, c unsafe.Pointer, ldc int, off, bias unsafe.Pointer, lo, hi float32, flags int, mask uint32)", name)
		w("TEXT ·%s(SB), NOSPLIT, $0-76", name)
		loadTile()
		w("\tMOVQ off+40(FP), R9")
		w("\tMOVQ bias+48(FP), BX")
		w("\tVBROADCASTSS lo+56(FP), Z26")
		w("\tVBROADCASTSS hi+60(FP), Z27")
		w("\tMOVQ flags+64(FP), R12")
		w("\tMOVL mask+72(FP), AX")
		w("\tKMOVD AX, K1")
		w("\tKSHIFTRD $16, K1, K2")
		// The next run's output lines (128 bytes on), fetched while this
		// run computes rather than at its stores: a layer's output planes
		// are seldom in cache (squeezenet's 3→64 stem into eight rotating
		// outputs: 830 → 560–700 µs).
		w("\tMOVQ DI, R13")
		for r := range rows {
			w("\tPREFETCHT0 128(R13)")
			w("\tPREFETCHT0 192(R13)")
			if r < rows-1 {
				w("\tADDQ R8, R13")
			}
		}
		w("\tCMPL AX, $0xFFFF")
		w("\tJLS narrow")
		wideLoop(bRowAccess{ind: true}, "VBROADCASTSS", "VFMADD231PS", rows, false, false)
		rowEpilogue(rows, 2, "w")
		w("narrow:")
		for r := range rows {
			w("\tVPXORD Z%d, Z%d, Z%d", r, r, r)
		}
		w("nloop:")
		w("\tMOVQ (R9), R11")
		w("\tVMOVUPS (DX)(R11*4), Z28")
		for r := range rows {
			w("\tVFMADD231PS.BCST %d(SI), Z28, Z%d", 4*r, r)
		}
		w("\tADDQ $%d, SI", 4*rows)
		w("\tADDQ $8, R9")
		w("\tDECQ CX")
		w("\tJNZ nloop")
		rowEpilogue(rows, 1, "n")
	}
	// AVX2: rows x 16; row r in Y(2r), Y(2r+1); B in Y12, Y13; the A
	// broadcast in Y14; the integer kernels' products in Y15.
	for _, f := range []struct {
		name                 string
		int, vnni, u8s8, ind bool
	}{
		{"sgemmKernAVX2", false, false, false, false}, {"igemmKernAVX2", true, false, false, false},
		{"igemmKernAVXVNNI", true, true, false, false}, {"igemmKernAVXVNNIU8", true, true, true, false},
		{"sgemmKernAVX2Ind", false, false, false, true},
	} {
		for _, rows := range []int{3, 6} {
			b := bRow(f.ind, fmt.Sprintf("%sx%d", f.name, rows))
			for r := range 2 * rows {
				w("\tVPXOR Y%d, Y%d, Y%d", r, r, r)
			}
			w("loop:")
			b.load()
			w("\tVMOVDQU %s, Y12", b.at(0))
			w("\tVMOVDQU %s, Y13", b.at(32))
			for r := range rows {
				if f.vnni {
					// B (Y12, Y13) is the unsigned operand of VPDPBUSD.
					dp := vexDPWSSD
					if f.u8s8 {
						dp = vexDPBUSD
					}
					w("\tVPBROADCASTD %d(SI), Y14", 4*r)
					dp(2*r, 12)
					dp(2*r+1, 13)
				} else if f.int {
					w("\tVPBROADCASTD %d(SI), Y14", 4*r)
					w("\tVPMADDWD Y14, Y12, Y15")
					w("\tVPADDD Y15, Y%d, Y%d", 2*r, 2*r)
					w("\tVPMADDWD Y14, Y13, Y15")
					w("\tVPADDD Y15, Y%d, Y%d", 2*r+1, 2*r+1)
				} else {
					w("\tVBROADCASTSS %d(SI), Y14", 4*r)
					w("\tVFMADD231PS Y14, Y12, Y%d", 2*r)
					w("\tVFMADD231PS Y14, Y13, Y%d", 2*r+1)
				}
			}
			w("\tADDQ $%d, SI", 4*rows)
			b.next()
			w("\tDECQ CX")
			w("\tJNZ loop")
			add := "VADDPS"
			if f.int {
				add = "VPADDD"
			}
			store(2, "Y", add, 32, rows)
		}
	}
	if err := os.WriteFile("gemm_amd64.s", []byte(out.String()), 0o644); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
