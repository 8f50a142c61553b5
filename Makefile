# mlc — one entry point for building, testing and benchmarking.
GO      ?= go
BIN     := bin
# Debian packages the tests need; `make deps` installs whichever are missing.
APT_PKGS := llvm-19-tools mlir-19-tools time python3-onnx python3-torch python3-torchvision
# Debian's interpreter (the one with python3-onnx/torch), not PATH's python3.
PYTHON  := /usr/bin/python3
# Generated test fixtures (gitignored): ONNX's backend node tests and the
# exported reference models.
NODE_TESTS := build/onnx-node-tests
MODELS_DIR := build/onnx-models
SUDO    := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
FUZZTIME ?= 30s

.PHONY: all build test lit vet gotest gotest-purego bench bench-quant bench-lower bench-zoo fuzz docs deps demo clean node-tests models tiny-cnn-onnx conformance conformance-models

all: build

# Static binaries (no libc): smaller resident set, nothing to link at run time.
# The source revision bundles record (mlc compile's manifest.json), stamped
# here because GOFLAGS may turn Go's own VCS stamp off.
REVISION := $(shell git rev-parse HEAD 2>/dev/null)$(shell git diff --quiet HEAD 2>/dev/null || echo +dirty)
build:
	@mkdir -p $(BIN)
	CGO_ENABLED=0 $(GO) build -ldflags "-X github.com/mlc-go/mlc/driver/compile.Revision=$(REVISION)" -o $(BIN)/ ./tools/...

deps:
	@missing=""; for p in $(APT_PKGS); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
		echo "deps: installing$$missing"; \
		$(SUDO) apt-get update && $(SUDO) DEBIAN_FRONTEND=noninteractive apt-get install -y $$missing; \
	else echo "deps: all present"; fi
	@$(MAKE) --no-print-directory node-tests ort llvm-tests

# ONNX's backend node tests; the script skips the work when they are up to
# date with the installed onnx.
node-tests:
	bash scripts/gen-onnx-node-tests.sh $(NODE_TESTS)

# Reference models (resnet18, mobilenet_v2, efficientnet_b0, a transformer
# encoder) exported with PyTorch's seeded random weights; redone when the
# script changes.
models: $(MODELS_DIR)/STAMP
$(MODELS_DIR)/STAMP: scripts/export-torch-models.py
	$(PYTHON) scripts/export-torch-models.py $(MODELS_DIR)
	@touch $@

# The committed demo model (deterministic: rerunning gives the same bytes).
tiny-cnn-onnx:
	$(PYTHON) scripts/export-torch-models.py --case-dir docs/examples/tiny-cnn-onnx tiny_cnn

# ONNX node-test coverage, written to docs/onnx-coverage.md. Many node tests
# are expected to be unsupported, so the expect-pass file decides: this fails
# when an op type listed there has a case that does not pass, and when the
# regenerated page differs from the committed one.
conformance: build node-tests
	$(BIN)/mlc conformance --expect-pass driver/conformance/expect-pass.txt \
		--markdown docs/onnx-coverage.md $(NODE_TESTS)/node > build/conformance.txt || { tail -n 30 build/conformance.txt; exit 1; }
	@grep -E '^total' build/conformance.txt
	@git diff --exit-code --stat docs/onnx-coverage.md || { echo "docs/onnx-coverage.md was stale and has been regenerated: commit it"; exit 1; }

# The exported models against PyTorch's outputs (1e-4 of the output range):
# mlc conformance exits 1 when any model fails or is unsupported, so a model
# that drifts from PyTorch fails `make test`.
conformance-models: build models
	$(BIN)/mlc conformance --mode model -j 1 --timeout 10m $(MODELS_DIR)

vet:
	$(GO) vet ./...

# The codec's round-trip tests read the exported models and node tests.
gotest: build models node-tests
	PATH="$(CURDIR)/$(BIN):$$PATH" $(GO) test ./...

# The portable kernels (no assembly) against the same tests: the packages
# with SIMD paths and the interpreter above them.
gotest-purego:
	$(GO) test -tags purego ./internal/tensor/ ./interp/

# A per-test limit of 5 minutes, not the default one: a few tests run
# mlir-opt-19 and mlc-opt on dozens of split chunks, ~30 s alone and past
# a minute on a loaded 2-core machine; the limit is there to catch hangs.
lit: build
	$(BIN)/mlc-lit --timeout 300 lit-tests/

test: deps build vet gotest gotest-purego lit conformance conformance-models ort-reencode

bench: deps build
	bash bench/run.sh

# Issue 13's quantization benchmark (naive / best int8 / mixed precision per
# model and target; long: CALIB=8 EVAL=4 for a quick run).
bench-quant: deps build
	bash bench/quant.sh $(or $(CALIB),32) $(or $(EVAL),8)

# Issue 14's lowering benchmarks: cost against op count, and quantize +
# lower per exported model and target.
bench-lower: deps build
	bash bench/lower-scaling.sh
	bash bench/quant-lower.sh

# Issue 17's zoo benchmark: every model of bench/zoo.yaml for every target,
# RUNS times each; results appended to build/bench-zoo/results.jsonl (compare
# two with `bin/mlc-bench compare OLD NEW`).
bench-zoo: deps build node-tests
	mkdir -p build/bench-zoo
	$(BIN)/mlc-bench run --zoo bench/zoo.yaml --runs $(or $(RUNS),3) -o build/bench-zoo/run.jsonl
	cat build/bench-zoo/run.jsonl >> build/bench-zoo/results.jsonl

fuzz:
	bash bench/fuzz.sh $(FUZZTIME)

docs:
	$(GO) run ./tools/mlc-docgen -o docs/dialects

# The whole job on the shipped tiny CNN: ONNX -> one bundle per target.
DEMO_TARGETS ?= trt-orin,qnn-htp-v73
demo: build
	DEMO_TARGETS=$(DEMO_TARGETS) bash bench/demo.sh

clean:
	rm -rf $(BIN)

# Check that tools/mlc-lit and LLVM's lit give every test the same result
# (set MLC_BIN=$(CURDIR)/$(BIN) to use built tools instead of a fresh build).
.PHONY: lit-agree
lit-agree:
	$(GO) test -count=1 -run '^TestLitAgreement$$' -v ./tools/mlc-lit/

# ONNX Runtime (npm onnxruntime-node, CPU) in bench/ort, git-ignored;
# --ignore-scripts skips only the download of CUDA binaries.
ORT_VERSION := 1.30.0
.PHONY: ort ort-reencode llvm-tests
# LLVM's own FileCheck tests, from Debian's source package of LLVM 19
# (tools/filecheck TestLLVMFileCheckSuite runs them with both checkers).
llvm-tests:
	@bash scripts/fetch-llvm-tests.sh

ort:
	@v=$$(node -p "require('./bench/ort/node_modules/onnxruntime-node/package.json').version" 2>/dev/null); \
	if [ "$$v" != "$(ORT_VERSION)" ]; then \
		mkdir -p bench/ort && cd bench/ort && npm install --ignore-scripts --no-audit --no-fund onnxruntime-node@$(ORT_VERSION); \
	else echo "ort: onnxruntime-node $$v present"; fi

# ORT gives the same outputs, bit for bit, on every exported model and
# node test re-encoded by internal/onnxpb as on the original.
ort-reencode: ort node-tests models
	bash bench/ort-reencode.sh
