# mlc — one entry point for building, testing and benchmarking.
GO      ?= go
BIN     := bin
# Debian packages the tests need; `make deps` installs whichever are missing.
APT_PKGS := llvm-19-tools mlir-19-tools time
SUDO    := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
FUZZTIME ?= 30s

.PHONY: all build test lit vet gotest bench fuzz docs deps demo clean

all: build

build:
	@mkdir -p $(BIN)
	$(GO) build -o $(BIN)/ ./tools/...

deps:
	@missing=""; for p in $(APT_PKGS); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
		echo "deps: installing$$missing"; \
		$(SUDO) apt-get update && $(SUDO) DEBIAN_FRONTEND=noninteractive apt-get install -y $$missing; \
	else echo "deps: all present"; fi

vet:
	$(GO) vet ./...

gotest: build
	PATH="$(CURDIR)/$(BIN):$$PATH" $(GO) test ./...

lit: build
	$(BIN)/mlc-lit lit-tests/

test: deps build vet gotest lit

bench: deps build
	bash bench/run.sh

fuzz:
	bash bench/fuzz.sh $(FUZZTIME)

docs:
	$(GO) run ./tools/mlc-docgen -o docs/dialects

demo: build
	bash bench/demo.sh

clean:
	rm -rf $(BIN)

# Check that tools/mlc-lit and LLVM's lit give every test the same result
# (set MLC_BIN=$(CURDIR)/$(BIN) to use built tools instead of a fresh build).
.PHONY: lit-agree
lit-agree:
	$(GO) test -count=1 -run '^TestLitAgreement$$' -v ./tools/mlc-lit/
