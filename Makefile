# The two commands a new user needs: `make run` and `make test`.
# Everything else here is a step of those two, or a measurement.

GO       ?= go
GOROOT   := $(shell $(GO) env GOROOT)
WASMEXEC := $(GOROOT)/lib/wasm
BIN      := bin

.PHONY: all run test test-go test-wasm vet cli bench fuzz clean

all: cli

## cli: build the sudoku command-line tool into bin/
cli:
	$(GO) build -o $(BIN)/sudoku ./cmd/sudoku

## run: build everything and serve the app (until the web app exists: solve a sample puzzle)
run: cli
	$(BIN)/sudoku solve -format grid '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......'

## test: every test: vet, unit and corpus tests natively, the solver under wasm in Node
test: vet test-go test-wasm

vet:
	$(GO) vet ./...

test-go:
	$(GO) test -count=1 ./...

## test-wasm: the solver package compiled to WebAssembly and run in Node
test-wasm:
	PATH="$(WASMEXEC):$$PATH" GOOS=js GOARCH=wasm $(GO) test -count=1 -short ./solver/...

## bench: solver speed per corpus beside the yardstick, in one run
bench: cli
	$(BIN)/sudoku bench -limit 2 testdata/*.txt

## fuzz: run each fuzz target for a while (FUZZTIME=30s by default)
FUZZTIME ?= 30s
fuzz:
	$(GO) test ./solver -run '^$$' -fuzz '^FuzzParse$$' -fuzztime $(FUZZTIME)
	$(GO) test ./solver -run '^$$' -fuzz '^FuzzSolve$$' -fuzztime $(FUZZTIME)

clean:
	rm -rf $(BIN) dist
