package main

import (
	"io"
	"os"
	"strings"
	"testing"

	"github.com/mlc-go/mlc/dialects/all"
	"github.com/mlc-go/mlc/ir"
	"github.com/mlc-go/mlc/ir/asm"
	"github.com/mlc-go/mlc/rewrite"
	"github.com/mlc-go/mlc/rewrite/optmain"
	"github.com/mlc-go/mlc/rewrite/pass"
	_ "github.com/mlc-go/mlc/rewrite/transforms"
	"github.com/mlc-go/mlc/rewrite/transforms/cse"
)

// TestProfileMlcOpt runs what `mlc-opt --cse --canonicalize FILE` runs,
// in-process, so that `go test -cpuprofile` can see it. It is skipped
// unless GEN_CSE_PROFILE names an input file (core dialect), e.g.
//
//	go run ./bench/gen-cse -ops 200000 -dialect core -o /tmp/core.mlir
//	GEN_CSE_PROFILE=/tmp/core.mlir go test ./bench/gen-cse -run Profile -cpuprofile cpu.out
//
// GEN_CSE_PASSES overrides the pass list ("" runs parse, verify and print only).
func TestProfileMlcOpt(t *testing.T) {
	in := os.Getenv("GEN_CSE_PROFILE")
	if in == "" {
		t.Skip("GEN_CSE_PROFILE not set")
	}
	passes, ok := os.LookupEnv("GEN_CSE_PASSES")
	if !ok {
		passes = "cse,canonicalize"
	}
	opts := optmain.Options{Input: in, Output: "-", Register: all.Register}
	opts.PassConfig.VerifyEach = true
	if passes != "" {
		pm := &pass.OpPassManager{OpName: "builtin.module"}
		if err := pass.ParsePassList(pm, passes); err != nil {
			t.Fatal(err)
		}
		opts.Pipeline = pm
	}
	var stderr strings.Builder
	if code := optmain.Run(opts, strings.NewReader(""), io.Discard, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
}

// BenchmarkPasses times cse then canonicalize alone (no parse, verify or
// print) on the GEN_CSE_PROFILE file, or on a generated 200,000-op graph:
//
//	go test ./bench/gen-cse -run '^$' -bench Passes -benchmem -cpuprofile cpu.out
func BenchmarkPasses(b *testing.B) {
	src := benchInput(b)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		ctx := ir.NewContext()
		all.Register(ctx)
		module, err := asm.Parse(ctx, "bench.mlir", src, 1)
		if err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		ir.Walk(module, func(op *ir.Operation) {
			if op.Name() != "func.func" {
				return
			}
			cse.Run(op)
			if _, err := rewrite.ApplyPatternsGreedily(op, nil, true, rewrite.GreedyConfig{TopDown: true}); err != nil {
				b.Fatal(err)
			}
		})
	}
}

func benchInput(b *testing.B) []byte {
	if in := os.Getenv("GEN_CSE_PROFILE"); in != "" {
		src, err := os.ReadFile(in)
		if err != nil {
			b.Fatal(err)
		}
		return src
	}
	var sb strings.Builder
	if _, err := generate(&sb, config{ops: 200000, dialect: "core", seed: 1, pConst: 0.15, pFold: 0.15, pDup: 0.20, pDead: 0.10}); err != nil {
		b.Fatal(err)
	}
	return []byte(sb.String())
}
