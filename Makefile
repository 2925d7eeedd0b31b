# The two commands a new user needs: `make run` and `make test`.
# Everything else here is a step of those two, or a measurement.

GO       ?= go
GOROOT   := $(shell $(GO) env GOROOT)
WASMEXEC := $(GOROOT)/lib/wasm
BIN      := bin

.PHONY: profile train-scan train-scan-shipped measure-scan measure-scan-instr measure-scan-cv measure-scan-finder measure-scan-unseen measure-scan-legibility measure-scan-causes axe bench-gen bench-vlogic bench-j bench-tdoku bench-instr measure-node measure-tree measure-wasm-instr pgo all run test test-go test-e2e test-wasm vet cli bench fuzz clean wasm server static size e2e measure measure-wasm trace-wasm screenshots

all: cli server

## cli: build the sudoku command-line tool into bin/ (SIMD=1: with GOEXPERIMENT=simd, see below)
cli:
	$(GOSIMD) $(GOLEVEL) $(GO) build -o $(BIN)/sudoku ./cmd/sudoku

# SIMD=1 builds the CLI and the benchmarks' binaries (cli, bench-tdoku, bench-instr, measure-node)
# with Go 1.26's experimental simd/archsimd (GOEXPERIMENT=simd): on amd64 with AVX2, drain then clears
# placed cells from their band's boards with one 256-bit vector, and stacks works out digits 1-8 in
# 256-bit vectors (solver/fast_simd_amd64.go; docs/speed.md). Off by default: the experiment is outside Go's compatibility promise, and the web app's
# WebAssembly never has it. `make test` also runs the solver's fast-engine tests with it.
SIMD   ?=
GOSIMD := $(if $(filter 1,$(SIMD)),GOEXPERIMENT=simd)

# GOAMD64: the x86-64 level the CLI and the benchmarks' binaries (cli, bench, bench-tdoku,
# bench-instr, measure-node, pgo) are built for, as tdoku is built with -march=native. Unset, it is
# the host's own level on Linux amd64 when the target is the host (GOOS/GOARCH as the host's), read
# from /proc/cpuinfo's flags, at most v3: v4 (AVX-512) binaries do not start under valgrind, which
# bench-instr and measure-node use. Elsewhere (another OS or GOARCH, a cross build) it stays empty:
# Go's default, v1. At v3 the popcounts and bit scans are single instructions (POPCNT, TZCNT; at
# v1 each bits.OnesCount checks the CPU first): instructions per puzzle -8% to -11% and CPU time
# -3% to -9% on every set (docs/speed.md, engine21). A binary built so runs only on such a CPU:
# `make cli GOAMD64=` builds for any x86-64. `make test`, the server, the WebAssembly builds and
# measure-wasm-instr keep Go's default, but test-go also runs the fast engine's tests at this level.
ifeq ($(origin GOAMD64),undefined)
GOAMD64 := $(shell [ "$$(uname -s 2>/dev/null)" = Linux ] && [ -r /proc/cpuinfo ] && \
	[ "$$($(GO) env GOHOSTOS GOHOSTARCH GOOS GOARCH 2>/dev/null | tr '\n' ' ')" = "linux amd64 linux amd64 " ] && \
	awk '/^flags[ \t]*:/ { for (i = 3; i <= NF; i++) h[$$i] = 1; v = "v1"; \
		if (h["cx16"] && h["lahf_lm"] && h["popcnt"] && h["pni"] && h["sse4_1"] && h["sse4_2"] && h["ssse3"]) { v = "v2"; \
		if (h["avx"] && h["avx2"] && h["bmi1"] && h["bmi2"] && h["f16c"] && h["fma"] && h["abm"] && h["movbe"] && h["xsave"]) v = "v3" } \
		print v; exit }' /proc/cpuinfo)
endif
GOLEVEL := $(if $(GOAMD64),GOAMD64=$(GOAMD64))

## run: build everything and serve the app on ADDR (default 127.0.0.1:8080), printing its URL
ADDR ?= 127.0.0.1:8080
run: cli server
	$(BIN)/server -addr $(ADDR)

# ---- Web app --------------------------------------------------------------
# The server embeds cmd/server/dist/ (go:embed). `make wasm` fills its web/
# directory (git-ignored) with the bundle: app.wasm (the page, cmd/app) and
# worker.wasm (the engine's Web Worker, cmd/worker) with their .gz/.br copies,
# the matching wasm_exec.js, the worker's script, the CSS and the icons from
# static/. A committed placeholder keeps `go vet ./...` compiling on a clean clone.
BUNDLE   := cmd/server/dist/web
WASM     := $(BUNDLE)/app.wasm
WORKER   := $(BUNDLE)/worker.wasm
APP_SRC  := $(shell find cmd/app cmd/worker web solver internal -name '*.go' -not -name '*_test.go' 2>/dev/null) solver/scan/digits.bin go.mod go.sum
STATIC   := $(wildcard static/*.css static/*.svg static/*.png static/*.js)
SRV_SRC  := $(shell find cmd/server -name '*.go' -not -name '*_test.go') go.mod go.sum

## wasm: build the WebAssembly app, the engine's worker and their bundle (compressed copies included)
wasm: $(WASM) $(WASM).gz $(WORKER) $(WORKER).gz $(BUNDLE)/.static

# The page is built without inlining in its own packages and go-app's: the
# code then repeats itself more and app.wasm compresses to 50 KB less brotli
# (1,818,956 -> 1,767,919 bytes, 2026-11-26), for 3.6% more instructions per
# key in the page's Go code (valgrind, 279 keys played natively through the
# page's component tests). The standard library keeps its inlining (without
# any: 1,670,353 bytes, but +58% instructions per key). The worker keeps it
# too: the engine's speed is its purpose.
APP_GCFLAGS := -gcflags=github.com/maxence-charriere/...=-l -gcflags=sudoku/...=-l

# go-app 9.8 draws the components a handler changed on its next frame, at most
# 120 frames a second, and the frame's timer restarts at the first event after a
# pause: a key waited 8.3 ms for its redraw before anything was drawn, and the
# browser's paint followed a frame later more often than not. The page is built
# against a copy of go-app taken from the module cache in which only that rate
# (a constant, engineUpdateRate) is GOAPP_FRAME_RATE, through a go.work file
# used by the page's build alone; nothing of go-app is kept in the repo. Key ->
# repainted board on the 289 keys of TestMeasureKeyToPaint (2026-11-26, load
# 0.7-1.2, runs alternated): 120 -> p50 16.6 / 16.1 ms, p95 29.0 / 25.0 ms;
# 1000 -> p50 9.2 / 9.2 ms, p95 18.1 / 19.9 ms. At 10000 go-app's frame timer
# has fired when a key's handling ends, so the redraw runs in the key's own task
# (at 1000 it came in a task of its own 1 ms later): key -> the board's first
# DOM change p50 3.7-3.8 -> 2.4 ms, p95 5.9 -> 4.2-4.4 ms; key -> repainted board
# p95 15.7 / 17.2 -> 15.7 / 15.1 ms (2026-11-26 11:50, load 2.5-5, alternated).
# An idle page wakes no more than before: go-app doubles the frame's interval
# while nothing happens.
GOAPP_FRAME_RATE := 10000
GOAPP_MODULE := github.com/maxence-charriere/go-app/v9
GOAPP_COPY   := $(BIN)/go-app-frame-$(GOAPP_FRAME_RATE)
GOAPP_WORK   := $(CURDIR)/$(GOAPP_COPY)/go.work
# The rate app.wasm was built with: rewritten (and so newer than app.wasm)
# whenever GOAPP_FRAME_RATE differs from it, so that changing the rate
# rebuilds the page; a copy of go-app made for an earlier rate would not.
GOAPP_RATE_STAMP := $(BIN)/goapp-frame-rate
$(shell mkdir -p $(BIN) && { [ "$$(cat $(GOAPP_RATE_STAMP) 2>/dev/null)" = "$(GOAPP_FRAME_RATE)" ] || echo $(GOAPP_FRAME_RATE) > $(GOAPP_RATE_STAMP); })

$(GOAPP_COPY)/go.work: go.mod go.sum
	@rm -rf $(GOAPP_COPY) && mkdir -p $(GOAPP_COPY)
	@$(GO) mod download $(GOAPP_MODULE)
	@src=$$($(GO) list -m -f '{{.Dir}}' $(GOAPP_MODULE)) && test -d "$$src" && \
		cp -r "$$src" $(GOAPP_COPY)/go-app && chmod -R u+w $(GOAPP_COPY)/go-app
	@f=$(GOAPP_COPY)/go-app/pkg/app/app.go; \
		n=$$(grep -cE '^[[:space:]]*engineUpdateRate[[:space:]]*= 120$$' $$f); \
		if [ "$$n" != 1 ]; then echo "Makefile: go-app's frame rate (engineUpdateRate = 120 in $$f) is not where this Makefile expects it: check the patch against this go-app version" >&2; exit 1; fi; \
		sed -i -E 's/^([[:space:]]*engineUpdateRate[[:space:]]*=) 120$$/\1 $(GOAPP_FRAME_RATE)/' $$f && \
		grep -qE '^[[:space:]]*engineUpdateRate[[:space:]]*= $(GOAPP_FRAME_RATE)$$' $$f
	@printf 'go %s\n\nuse %s\n\nreplace $(GOAPP_MODULE) => %s\n' \
		"$$(awk '$$1 == "go" { print $$2; exit }' go.mod)" "$(CURDIR)" "$(CURDIR)/$(GOAPP_COPY)/go-app" > $@.tmp && mv $@.tmp $@
	@echo "go-app copied to $(GOAPP_COPY) with $(GOAPP_FRAME_RATE) frames a second"

$(WASM): $(APP_SRC) $(GOAPP_COPY)/go.work $(GOAPP_RATE_STAMP)
	@mkdir -p $(BUNDLE)
	GOWORK=$(GOAPP_WORK) GOOS=js GOARCH=wasm $(GO) build -trimpath $(APP_GCFLAGS) -ldflags="-s -w" -o $@ ./cmd/app

$(WORKER): $(APP_SRC)
	@mkdir -p $(BUNDLE)
	GOOS=js GOARCH=wasm $(GO) build -trimpath -ldflags="-s -w" -o $@ ./cmd/worker

# brotli is optional (Debian package `brotli`): without it only gzip is served.
$(BUNDLE)/%.wasm.gz: $(BUNDLE)/%.wasm
	gzip -9 -n -k -f $<
	@if command -v brotli >/dev/null 2>&1; then echo "brotli -q 11 $<"; brotli -q 11 -f -k $<; \
	 else echo "note: brotli not installed (apt-get install brotli): serving gzip only"; rm -f $<.br; fi

$(BUNDLE)/.static: $(STATIC) $(WASMEXEC)/wasm_exec.js
	@mkdir -p $(BUNDLE)
	cp $(STATIC) $(WASMEXEC)/wasm_exec.js $(BUNDLE)/
	@touch $@

## server: build the static server with the bundle embedded, into bin/server
server: $(BIN)/server

$(BIN)/server: wasm $(SRV_SRC) $(WASM).gz $(WORKER).gz $(BUNDLE)/.static
	$(GO) build -o $@ ./cmd/server

## static: export the app as plain files into DIR, served under PREFIX (e.g. /sudoku)
static: server
	@test -n "$(DIR)" || { echo "usage: make static DIR=out [PREFIX=/sudoku]"; exit 2; }
	$(BIN)/server -export $(DIR) -prefix "$(PREFIX)"

## axe: install axe-core (npm, pinned) for the accessibility checks of the browser tests,
## into web/e2e/.axe (git-ignored); the tests inject it through DevTools, so the CSP stays strict
AXE_VERSION ?= 4.14.1
AXE_PKG := web/e2e/.axe/node_modules/axe-core/package.json
axe:
	@# Without npm the accessibility checks skip (and fail under CI=true, where .ci/run installs npm).
	@# An axe-core of another version (an older pin) is replaced.
	@if grep -q '"version": "$(AXE_VERSION)"' $(AXE_PKG) 2>/dev/null; then exit 0; fi; \
	command -v npm >/dev/null 2>&1 || { echo "note: npm not installed (apt-get install -y npm): the axe-core checks will skip"; exit 0; }; \
	mkdir -p web/e2e/.axe && npm install --no-save --no-audit --no-fund --prefix web/e2e/.axe axe-core@$(AXE_VERSION)

## e2e: only the browser end-to-end tests (headless Chromium against bin/server)
e2e: server axe
	SUDOKU_SERVER=$(CURDIR)/$(BIN)/server $(GO) test -count=1 -v ./web/e2e

## measure: load and solve times in headless Chromium on loopback (figures, no assertions)
measure: server
	SUDOKU_SERVER=$(CURDIR)/$(BIN)/server SUDOKU_MEASURE=1 $(GO) test -count=1 -v -run '^TestMeasure' ./web/e2e

## profile: CPU profiles of the page's thread in headless Chromium during the keys of
## TestMeasureKeyToPaint and the steps of TestMeasureLongTasks, top functions by total and
## self time, and each step's longest task from a Chromium trace (its events, the other
## threads meanwhile); on a copy of the bundle whose app.wasm keeps its names (built like the real one)
PROFILE_BUNDLE := $(BIN)/profile-bundle
profile: server
	rm -rf $(PROFILE_BUNDLE) && mkdir -p $(PROFILE_BUNDLE) && cp -r $(BUNDLE) $(PROFILE_BUNDLE)/web
	rm -f $(PROFILE_BUNDLE)/web/*.br $(PROFILE_BUNDLE)/web/*.gz
	GOWORK=$(GOAPP_WORK) GOOS=js GOARCH=wasm $(GO) build -trimpath $(APP_GCFLAGS) -o $(PROFILE_BUNDLE)/web/app.wasm ./cmd/app
	SUDOKU_SERVER=$(CURDIR)/$(BIN)/server SUDOKU_PROFILE=$(CURDIR)/$(PROFILE_BUNDLE) $(GO) test -count=1 -v -run '^TestProfile' ./web/e2e

## measure-wasm: the default engine natively and as wasm in headless Chromium on magictour (figures, no timing assertions)
measure-wasm:
	SUDOKU_MEASURE=1 $(GO) test -count=1 -v -run '^TestMeasureWasmVsNative$$' ./web/e2e

## trace-wasm: the rounds of measure-wasm in Chromium only, each page run traced: the page's thread's
## and the renderers' other threads' CPU (/proc), µs/puzzle by half second, the CPU the page ran on,
## V8's compiles (Liftoff, TurboFan tier-up) and GC from Chromium's trace (SUDOKU_TRACE_ROUNDS=4,
## SUDOKU_TRACE_DIR keeps the traces; see TestTraceWasmRounds for the diagnosis options)
trace-wasm:
	SUDOKU_MEASURE=1 $(GO) test -count=1 -v -run '^TestTraceWasmRounds$$' ./web/e2e

## screenshots: light/dark x desktop/phone screenshots of the page, and the Watch panel mid-replay, into docs/
screenshots: server
	SUDOKU_SERVER=$(CURDIR)/$(BIN)/server SUDOKU_SCREENSHOTS=$(CURDIR)/docs $(GO) test -count=1 -v -run '^TestScreenshots' ./web/e2e

## size: app.wasm's and worker.wasm's raw, gzip and brotli sizes in bytes
size: wasm
	@for f in $(WASM) $(WORKER); do n=$$(basename $$f); \
		printf '%-11s raw:    %9d bytes\n' $$n $$(stat -c %s $$f); \
		printf '%-11s gzip:   %9d bytes\n' $$n $$(stat -c %s $$f.gz); \
		if [ -f $$f.br ]; then printf '%-11s brotli: %9d bytes\n' $$n $$(stat -c %s $$f.br); fi; done

## test: every test: vet, unit and corpus tests natively, the solver under wasm in Node,
## the web components and server, and the browser end-to-end tests (web/e2e) against bin/server.
## The bundle's pieces build two at a time (the page and the worker, their brotli copies), then
## the browser tests, test-go and test-wasm run side by side, and vet when one of them ends: the
## browser tests are the longest, so they start first, and the others use the time they spend
## waiting for the page (each one's output is printed whole when it ends).
test:
	@$(MAKE) --no-print-directory -j2 server axe
	@$(MAKE) --no-print-directory -j3 --output-sync=target test-e2e test-go test-wasm vet

vet: server
	$(GO) vet ./...
	GOEXPERIMENT=simd $(GO) vet ./solver
	GOOS=js GOARCH=wasm $(GO) vet ./cmd/app ./cmd/worker ./web ./web/worker

## test-go: every package natively but the browser tests (test-e2e). A package may take
## 30 minutes before go test calls it hung (the default is 10): on a loaded machine the
## explainer's corpora (solver/logic) took over 10. Then the fast engine's tests again
## with GOEXPERIMENT=simd (its AVX2 code; a few seconds).
test-go: server
	$(GO) test -count=1 -timeout 30m $$($(GO) list ./... | grep -v '/web/e2e$$')
	GOEXPERIMENT=simd $(GO) test -count=1 -short -run '^(TestFast|TestClearBandVec|TestStackKeysVec)' ./solver
	$(if $(GOLEVEL),$(GOLEVEL) $(GO) test -count=1 -short -run '^TestFast' ./solver)

## test-e2e: the browser end-to-end tests (web/e2e) against bin/server, quietly (make e2e: verbose).
test-e2e: server axe
	SUDOKU_SERVER=$(CURDIR)/$(BIN)/server $(GO) test -count=1 -timeout 30m ./web/e2e

## test-wasm: the solver package compiled to WebAssembly and run in Node
test-wasm:
	PATH="$(WASMEXEC):$$PATH" GOOS=js GOARCH=wasm $(GO) test -count=1 -short ./solver/...

## bench: µs per puzzle (limit 2, one thread) of the default engine and of the
## yardstick ($(YARDSTICK)) on each corpus, and their ratio. The two run
## in turn BENCH_ROUNDS times for BENCH_T seconds each; the best time of each
## is kept, so that a burst of load on a shared machine skews neither.
DATA    ?= ../shared/data
CORPORA ?= $(DATA)/puzzles2_17_clue $(DATA)/puzzles3_magictour_top1465 $(DATA)/puzzles7_serg_benchmark
BENCH_T ?= 2
BENCH_ROUNDS ?= 3
YARDSTICK ?= ../shared/yardstick
bench: cli
	@rm -f $(BIN)/yardstick; if [ -d $(YARDSTICK) ]; then \
		cd $(YARDSTICK) && $(GOLEVEL) $(GO) build -o "$(CURDIR)/$(BIN)/yardstick" .; \
	else echo "$(YARDSTICK) absent: no ratios"; fi
	@num() { sed -n "s/.*\"$$1\":\([0-9.eE+-]*\).*/\1/p"; }; \
	printf '%-28s %8s %10s %12s %7s %9s %8s\n' corpus puzzles engine_us yardstick_us ratio guesses invalid; \
	for f in $(CORPORA); do \
		if [ ! -f "$$f" ]; then echo "$$f: absent, skipped"; continue; fi; \
		eu=; yu=; \
		for i in $$(seq $(BENCH_ROUNDS)); do \
			e=$$($(BIN)/sudoku bench -limit 2 -j 1 -t $(BENCH_T) -json "$$f") || exit 1; \
			y=; if [ -x $(BIN)/yardstick ]; then y=$$($(BIN)/yardstick -limit 2 -t $(BENCH_T) "$$f") || exit 1; fi; \
			eu="$$eu $$(echo "$$e" | num us_per_puzzle)"; yu="$$yu $$(echo "$$y" | num us_per_puzzle)"; \
		done; \
		awk -v f="$$(basename $$f)" -v n="$$(echo "$$e" | num puzzles)" -v es="$$eu" -v ys="$$yu" \
			-v g="$$(echo "$$e" | num guesses_per_puzzle)" -v bad="$$(echo "$$e" | num invalid)" \
			'function best(s,  a, k, m) { split(s, a, " "); m = a[1]; for (k in a) if (a[k] + 0 < m + 0) m = a[k]; return m } \
			BEGIN { e = best(es); y = best(ys) + 0; \
			printf "%-28s %8d %10.2f %12s %7s %9.2f %8d\n", f, n, e, (y > 0 ? sprintf("%.1f", y) : "-"), \
				(y > 0 ? sprintf("%.3f", e / y) : "-"), g, bad }'; \
	done
	@echo "(µs per puzzle, best of $(BENCH_ROUNDS) runs of $(BENCH_T)s each; ratio = engine / yardstick; $$(nproc) cores, $$($(GO) env GOARCH))"

## bench-j: throughput of `sudoku bench -j 1` and `-j $(BENCH_J)` (default: all cores) on each
## corpus, run in turn BENCH_ROUNDS times; prints the best of each and their ratio.
BENCH_J ?= $(shell nproc)
bench-j: cli
	@num() { sed -n "s/.*\"$$1\":\([0-9.eE+-]*\).*/\1/p"; }; \
	printf '%-28s %12s %12s %7s\n' corpus j1_per_sec "j$(BENCH_J)_per_sec" ratio; \
	for f in $(CORPORA); do \
		if [ ! -f "$$f" ]; then echo "$$f: absent, skipped"; continue; fi; \
		a=; b=; \
		for i in $$(seq $(BENCH_ROUNDS)); do \
			a="$$a $$($(BIN)/sudoku bench -limit 2 -j 1 -t $(BENCH_T) -json "$$f" | num puzzles_per_sec)"; \
			b="$$b $$($(BIN)/sudoku bench -limit 2 -j $(BENCH_J) -t $(BENCH_T) -json "$$f" | num puzzles_per_sec)"; \
		done; \
		awk -v f="$$(basename $$f)" -v as="$$a" -v bs="$$b" \
			'function best(s,  x, k, m) { split(s, x, " "); m = x[1]; for (k in x) if (x[k] + 0 > m + 0) m = x[k]; return m } \
			BEGIN { a = best(as); b = best(bs); printf "%-28s %12.0f %12.0f %7.2f\n", f, a, b, b / a }'; \
	done

## bench-tdoku: the default engine against tdoku (../shared/tdoku, built here with its build.sh and
## clang) on each corpus and hard set, limit 2, one thread, in process CPU time (the machine is
## shared: wall-clock times move with the load, CPU times much less). tdoku's driver reports CPU
## time; fast's is the CPU time (/usr/bin/time) of BenchmarkSolve over enough passes of the set for
## about BENCH_CPU seconds more than one pass, less that over one pass. The two run in turn
## BENCH_ROUNDS times and the least of each is kept (for fast, the least of each of its two runs:
## the least difference would favour a round whose one-pass run was slowed by the load); prints µs
## per puzzle, the ratio and guesses per puzzle (tdoku counts one guess per two-way branch, fast one
## per candidate tried: up to twice tdoku's count for the same tree).
TDOKU       ?= ../shared/tdoku
HARDSETS    ?= solver/testdata/hard17.txt solver/testdata/hardmagictour.txt solver/testdata/extreme.txt solver/testdata/harddlx.txt \
	solver/testdata/hardnew.txt solver/testdata/hardtdoku.txt solver/testdata/multi17.txt solver/testdata/multimagictour.txt
BENCH_CPU ?= 2
bench-tdoku: cli
	@$(TDOKU)/build.sh $(CURDIR)/$(BIN)/tdoku >/dev/null || { echo "tdoku did not build (needs clang)"; exit 1; }
	@$(GOSIMD) $(GOLEVEL) $(GO) test -c -o $(BIN)/solver.test ./solver
	@num() { sed -n "s/.*\"$$1\":\([0-9.eE+-]*\).*/\1/p"; }; \
	cpu() { /usr/bin/time -f '%U %S' -o $(CURDIR)/$(BIN)/.cpu $(CURDIR)/$(BIN)/solver.test -test.run '^$$' -test.bench "$$1" -test.benchtime $${2}x >/dev/null || exit 1; \
		awk '{ print $$1 + $$2 }' $(CURDIR)/$(BIN)/.cpu; }; \
	printf '%-28s %8s %9s %9s %7s %11s %11s\n' set puzzles fast_us tdoku_us ratio fast_guess tdoku_guess; \
	for f in $(CORPORA) $(HARDSETS); do \
		if [ ! -f "$$f" ]; then echo "$$f: absent, skipped"; continue; fi; \
		e=$$($(BIN)/sudoku bench -limit 2 -j 1 -t 0 -json "$$f") || exit 1; n=$$(echo "$$e" | num puzzles); \
		b="Solve/fast/^$$(basename $$f .txt)$$"; c1s=; c2s=; tu=; \
		k=$$(echo "$$e" | num us_per_puzzle | awk -v n=$$n '{ print int($(BENCH_CPU) * 1e6 / ($$1 * n)) + 1 }'); \
		for i in $$(seq $(BENCH_ROUNDS)); do \
			c1s="$$c1s $$(cd solver && cpu "$$b" $$n)"; c2s="$$c2s $$(cd solver && cpu "$$b" $$((n * (1 + k))))"; \
			t=$$($(BIN)/tdoku "$$f" 2 $(BENCH_T)) || exit 1; tu="$$tu $$(echo "$$t" | num us_per_puzzle)"; \
		done; \
		awk -v f="$$(basename $$f)" -v n=$$n -v k=$$k -v c1s="$$c1s" -v c2s="$$c2s" -v ts="$$tu" \
			-v g="$$(echo "$$e" | num guesses_per_puzzle)" -v tg="$$(echo "$$t" | num guesses_per_puzzle)" \
			'function best(s,  a, k, m) { split(s, a, " "); m = a[1]; for (k in a) if (a[k] + 0 < m + 0) m = a[k]; return m } \
			BEGIN { e = (best(c2s) - best(c1s)) * 1e6 / (n * k); t = best(ts); printf "%-28s %8d %9.2f %9.2f %7.3f %11.2f %11.2f\n", f, n, e, t, e / t, g, tg }'; \
	done
	@echo "(µs of CPU per puzzle, best of $(BENCH_ROUNDS) rounds, in turn; ratio = fast / tdoku)"

# Go 1.26's runtime reads the clock with RDTSCP (runtime.cputicks, in lock contention and the
# collector), which valgrind 3.19 does not know: under cachegrind the command died of SIGILL
# partway and bench-instr printed a few dozen instructions per puzzle. The Go binaries run under
# valgrind with the instruction turned off (the runtime then uses RDTSC with fences).
VALGRIND_GO := GODEBUG=cpu.rdtscp=off

## pgo: rebuild the CPU profile the native build is optimised with (cmd/sudoku/default.pgo, or
## PGO_OUT): the fast engine's benchmarks on the shared corpora (puzzles*, ../shared/data), 4 s
## each. The profile moves code about, and layout alone has moved `make bench-instr` by up to 0.3%:
## compare every set's instructions before and after committing a new one.
PGO_OUT ?= cmd/sudoku/default.pgo
pgo:
	@test -d $(DATA) || { echo "pgo: the shared corpora ($(DATA)) are not there"; exit 1; }
	$(GOLEVEL) $(GO) test -count=1 -run '^$$' -bench 'Solve/fast/puzzles' -benchtime 4s -cpuprofile $(abspath $(PGO_OUT)) -o $(BIN)/solver-pgo.test ./solver
	@rm -f $(BIN)/solver-pgo.test
	@test -s $(PGO_OUT) && echo "wrote $(PGO_OUT)"

## bench-instr: x86 instructions per puzzle in the default engine (solver/fast*.go) on each corpus
## and hard set, limit 2: cachegrind (valgrind --tool=cachegrind --cache-sim=no) over one pass of
## `sudoku bench -t 0`, a count that does not depend on the machine's load. cg_annotate lists every
## function (--threshold=0): by default it leaves out those under 0.1% of the program, and the table
## setup (fast_tables.go's init, 43 instructions per puzzle on serg) came and went between runs.
bench-instr: cli
	@command -v valgrind >/dev/null || { echo "valgrind is not installed (apt-get install -y valgrind)"; exit 1; }
	@printf '%-28s %8s %14s\n' set puzzles instr_per_puzzle; \
	for f in $(CORPORA) $(HARDSETS); do \
		if [ ! -f "$$f" ]; then echo "$$f: absent, skipped"; continue; fi; \
		o=$$(mktemp); \
		n=$$($(BIN)/sudoku bench -limit 2 -j 1 -t 0 -json "$$f" | sed -n 's/.*"puzzles":\([0-9]*\).*/\1/p'); \
		$(VALGRIND_GO) valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=$$o $(BIN)/sudoku bench -limit 2 -j 1 -t 0 "$$f" >/dev/null 2>&1; \
		cg_annotate --threshold=0 $$o | grep -E 'solver/fast[a-z_]*\.go:' | \
			awk -v f="$$(basename $$f)" -v n=$$n '{ gsub(",", "", $$1); s += $$1 } END { printf "%-28s %8d %14.0f\n", f, n, s / n }'; \
		rm -f $$o; \
	done

## measure-tree: the search trees of the default engine and tdoku (built as for bench-tdoku) on the
## 29,300 puzzles hardnew.txt and hardtdoku.txt were picked from (magictour under 20 random
## symmetries, seed 31), limit 2: nodes per puzzle, mean and quantiles, and each engine's worst 1%
## with the other's mean on the same puzzles (TestMeasureTreeSize; counts, no timing; about 3 minutes)
measure-tree:
	@$(TDOKU)/build.sh $(CURDIR)/$(BIN)/tdoku >/dev/null || { echo "tdoku did not build (needs clang)"; exit 1; }
	SUDOKU_MEASURE=1 TDOKU=$(CURDIR)/$(BIN)/tdoku $(GO) test -count=1 -v -run '^TestMeasureTreeSize$$' -timeout 1h ./solver

## measure-node: where the default engine's and tdoku's x86 instructions per search node go, on
## NODE_SETS, limit 2 (counts, no timing; a minute or two). cachegrind over one pass of `sudoku bench
## -t 0` (the lines of solver/fast*.go, by the function they are written in) and over tdoku's driver
## (its two passes; built as build.sh does but with -gdwarf-4 -mno-avx512f, which valgrind reads; the
## same speed, see docs/speed.md), divided by the nodes: fast's guesses + 1 per puzzle, tdoku's 2 x guesses
## + 1 (a two-way branch per guess). Also the conditional branches and cachegrind's simulated
## mispredictions per node, a hint only (its predictor is far simpler than the CPU's).
NODE_SETS ?= solver/testdata/hardnew.txt solver/testdata/hardmagictour.txt
measure-node: cli
	@command -v valgrind >/dev/null || { echo "valgrind is not installed (apt-get install -y valgrind)"; exit 1; }
	@t=$$(mktemp -d); trap 'rm -rf "$$t"' EXIT; \
	for f in solver_dpll_triad_simd util; do clang++ -O3 -march=native -mno-avx512f -gdwarf-4 -std=c++17 -fno-exceptions -fno-rtti \
		-c $(TDOKU)/src/$$f.cc -I $(TDOKU)/src -I $(TDOKU)/include -o $$t/$$f.o || { echo "tdoku did not build (needs clang)"; exit 1; }; done; \
	clang -O2 -gdwarf-4 $(TDOKU)/driver.c $$t/*.o -I $(TDOKU)/include -lstdc++ -lm -o $$t/tdoku || exit 1; \
	num() { sed -n "s/.*\"$$1\":\([0-9.eE+-]*\).*/\1/p"; }; \
	for s in $(NODE_SETS); do \
		n=$$($(BIN)/sudoku bench -limit 2 -j 1 -t 0 -json $$s) || exit 1; p=$$(echo "$$n" | num puzzles); \
		fn=$$(echo "$$n" | num guesses_per_puzzle | awk -v p=$$p '{ print p * ($$1 + 1) }'); \
		tn=$$($$t/tdoku $$s 2 0 | num guesses_per_puzzle | awk -v p=$$p '{ print 2 * p * (2 * $$1 + 1) }'); \
		$(VALGRIND_GO) valgrind --tool=cachegrind --cache-sim=no --branch-sim=yes --cachegrind-out-file=$$t/f.cg $(BIN)/sudoku bench -limit 2 -j 1 -t 0 $$s >/dev/null 2>&1; \
		valgrind --tool=cachegrind --cache-sim=no --branch-sim=yes --cachegrind-out-file=$$t/t.cg $$t/tdoku $$s 2 0 >/dev/null 2>&1; \
		printf '%s: fast %.2f nodes per puzzle, tdoku %.2f; per node:\n  %-44s %7s %9s %13s\n' $$(basename $$s) $$(echo "$$fn $$p" | awk '{ print $$1 / $$2 }') \
			$$(echo "$$tn $$p" | awk '{ print $$1 / $$2 / 2 }') part instr branches mispredicted; \
		cg_annotate --show=Ir,Bc,Bcm --show-percs=no $$t/f.cg 2>/dev/null | awk -v N=$$fn ' \
			/Auto-annotated source: .*solver\/fast[a-z_]*\.go/ { on = 1; fn = "?"; next } /Auto-annotated source|events annotated/ { on = 0 } \
			on { l = $$0; sub(/^ *([0-9,]+|\.) +([0-9,]+|\.) +([0-9,]+|\.) +/, "", l); \
				if (l ~ /^func /) { fn = l; sub(/^func (\([^)]*\) )?/, "", fn); sub(/[^A-Za-z0-9_].*/, "", fn) } \
				c = "other"; \
				if (fn ~ /^(drain|nonzero64)$$/) c = "drain (board updates and placements)"; \
				else if (fn == "propagate") c = "naked singles, propagate loop"; \
				else if (fn ~ /^(stacks|colsOf)$$/) c = "stacks"; \
				else if (fn ~ /riad/) c = "triad rules"; \
				else if (fn ~ /^(pick|bestBivalue|pickSlow|firstDigit)$$/) c = "pick"; \
				else if (fn ~ /^(search|place)$$/) c = "search: state copy, place"; \
				else if (fn == "init") c = "tables (once per process)"; \
				else c = "setup: clues, record"; \
				for (k = 1; k <= 3; k++) { v = $$k; gsub(",", "", v); if (v ~ /^[0-9]+$$/) s[c, k] += v } seen[c] = 1 } \
			END { n = split("drain (board updates and placements)|naked singles, propagate loop|stacks|triad rules|pick|search: state copy, place|setup: clues, record|tables (once per process)|other", o, "|"); \
				for (i = 1; i <= n; i++) { c = o[i]; if (!(c in seen)) continue; \
					printf "  fast  %-38s %7.0f %9.1f %13.1f\n", c, s[c, 1] / N, s[c, 2] / N, s[c, 3] / N; for (k = 1; k <= 3; k++) t[k] += s[c, k] } \
				printf "  fast  %-38s %7.0f %9.1f %13.1f\n", "total", t[1] / N, t[2] / N, t[3] / N }'; \
		cg_annotate --show=Ir,Bc,Bcm --show-percs=no $$t/t.cg 2>/dev/null | awk -v N=$$tn ' \
			/tdoku\/src\/[a-z_]+\.(h|cc):/ { c = "other"; \
				if ($$0 ~ /BoxRestrict/) c = "BoxRestrict (boxes)"; else if ($$0 ~ /BandEliminate/) c = "BandEliminate (bands)"; \
				else if ($$0 ~ /CountSolutions/) c = "choice, state copy, branch"; else if ($$0 ~ /Init/) c = "setup: clues"; \
				for (k = 1; k <= 3; k++) { v = $$k; gsub(",", "", v); s[c, k] += v } seen[c] = 1 } \
			END { n = split("BandEliminate (bands)|BoxRestrict (boxes)|choice, state copy, branch|setup: clues|other", o, "|"); \
				for (i = 1; i <= n; i++) { c = o[i]; if (!(c in seen)) continue; \
					printf "  tdoku %-38s %7.0f %9.1f %13.1f\n", c, s[c, 1] / N, s[c, 2] / N, s[c, 3] / N; for (k = 1; k <= 3; k++) t[k] += s[c, k] } \
				printf "  tdoku %-38s %7.0f %9.1f %13.1f\n", "total", t[1] / N, t[2] / N, t[3] / N }'; \
	done

## measure-wasm-instr: x86 instructions per puzzle of the default engine compiled to wasm (run by
## Node's optimizing compiler: --no-liftoff) and natively, on testdata/magictour.txt, limit 2:
## cachegrind over BenchmarkSolve; for wasm the instructions of the JIT code (cachegrind's ???:???)
## by the difference of two run lengths, natively the solver/fast*.go lines. A load-independent
## view of `make measure-wasm`.
WASM_BENCH ?= Solve/fast/^magictour$$
measure-wasm-instr:
	@command -v valgrind >/dev/null || { echo "valgrind is not installed (apt-get install -y valgrind)"; exit 1; }
	@t=$$(mktemp -d); trap 'rm -rf "$$t"' EXIT; \
	GOOS=js GOARCH=wasm $(GO) test -c -o $$t/solver.wasm ./solver && $(GO) test -c -o $$t/solver.native ./solver || exit 1; \
	cd solver; \
	jit() { valgrind --tool=cachegrind --cache-sim=no --smc-check=all-non-file --cachegrind-out-file=$$t/cg.$$1 \
		node --no-liftoff --single-threaded $(WASMEXEC)/wasm_exec_node.js $$t/solver.wasm -test.run '^$$' -test.bench '$(WASM_BENCH)' \
		-test.benchtime $${1}x >/dev/null 2>&1; cg_annotate $$t/cg.$$1 | awk '/[?][?][?]:[?][?][?]$$/ { gsub(",", "", $$1); print $$1 }'; }; \
	a=$$(jit 1465); b=$$(jit 4395); \
	GOMAXPROCS=1 $(VALGRIND_GO) valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=$$t/cg $$t/solver.native -test.run '^$$' \
		-test.bench '$(WASM_BENCH)' -test.benchtime 2930x >/dev/null 2>&1; \
	x=$$(cg_annotate --threshold=0 $$t/cg | grep -E 'solver/fast[a-z_]*\.go:' | awk '{ gsub(",", "", $$1); s += $$1 } END { printf "%.0f", s / 2931 }'); \
	awk -v a=$$a -v b=$$b -v x=$$x 'BEGIN { w = (b - a) / 2930; printf "wasm %.0f, native %.0f instructions per puzzle: %.2fx\n", w, x, w / x }'

## bench-gen: puzzles generated per second at each level (standard and diagonal, one core),
## natively and compiled to wasm in Node, the same BENCH_GEN_N puzzles (seeds) both ways;
## every puzzle is checked outside the timer
BENCH_GEN_N ?= 50
bench-gen:
	$(GO) test -run '^$$' -bench Generate -benchtime $(BENCH_GEN_N)x -cpu 1 ./solver/generate
	GOOS=js GOARCH=wasm $(GO) test -run '^$$' -bench Generate -benchtime $(BENCH_GEN_N)x -cpu 1 -exec "$(WASMEXEC)/go_js_wasm_exec" ./solver/generate

## bench-vlogic: ms per explanation (sec/op, and cpu-ms/op, the explaining thread's CPU time),
## steps and steps left to Contradiction and Trial and Error (fallback-steps) of each variant
## puzzle of testdata/variants under its rules, one core (BenchmarkExplainVariants)
BENCH_VLOGIC_N ?= 3
bench-vlogic:
	$(GO) test -run '^$$' -bench '^BenchmarkExplainVariants$$' -benchtime $(BENCH_VLOGIC_N)x -cpu 1 ./solver/logic

## train-scan: train the photo reader's digit classifier (solver/scan/digits.bin, embedded) from
## synthetic photos in Go's fonts and the training photos of ../shared/data/scan (every 5th held out)
train-scan:
	$(GO) run ./cmd/train-scan

## train-scan-shipped: rebuild the shipped weights byte for byte: make train-scan in a copy of the
## commit they were trained at (the training cells are cut by the reader, whose cutting has changed
## since, so make train-scan on this tree writes other weights), then compare with solver/scan/digits.bin
SHIPPED_WEIGHTS_COMMIT := d8f4d27
train-scan-shipped:
	t=$$(mktemp -d) && mkdir $$t/main && git archive $(SHIPPED_WEIGHTS_COMMIT) | tar -x -C $$t/main && \
	if [ -d ../shared ]; then ln -s $(CURDIR)/../shared $$t/shared; fi && \
	$(MAKE) -C $$t/main train-scan && \
	if cmp $$t/main/solver/scan/digits.bin solver/scan/digits.bin; then \
		echo "train-scan-shipped: $(SHIPPED_WEIGHTS_COMMIT) rebuilds solver/scan/digits.bin byte for byte"; rm -rf $$t; \
	else echo "train-scan-shipped: the weights differ (kept in $$t)"; exit 1; fi

## measure-scan: the photo reader's figures: photos read exactly and cell accuracy on the training
## photos and the held-out fifth, failures by cause (and digits invented in empty cells); synthetic
## photos in untrained fonts with print touching the grid, bowing pages, faint print, shadows, and
## stains and folds in empty cells; ms per photo (640x480, 12 MP, 1024x768 raw pixels; one core)
measure-scan:
	SUDOKU_MEASURE=1 $(GO) test -count=1 -v -run '^(TestMeasurePhotos|TestMeasureStress)$$' ./solver/scan
	$(GO) test -run '^$$' -bench '^BenchmarkRead$$' -benchtime 20x -cpu 1 ./solver/scan

## measure-scan-instr: instructions per read (cachegrind, deterministic where wall-clock time on the
## shared machine is not) of the 640x480 photo and the 12 MP one of BenchmarkRead (decoded beforehand):
## BenchmarkRead run 1 and 3 times, the difference halved
measure-scan-instr:
	@t=$$(mktemp -d) && $(GO) test -c -o $$t/scan.test ./solver/scan && \
	for s in 640x480 12MP; do \
		for n in 1 3; do \
			(cd solver/scan && GOMAXPROCS=1 $(VALGRIND_GO) valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=$$t/cg.$$n \
				$$t/scan.test -test.run '^$$' -test.bench "^BenchmarkRead$$/^read$$/^$$s$$" -test.benchtime $${n}x >/dev/null 2>&1) || exit 1; \
		done; \
		a=$$(awk '/^summary:/ {print $$2}' $$t/cg.1); b=$$(awk '/^summary:/ {print $$2}' $$t/cg.3); \
		echo "read/$$s: $$(( (b - a) / 2 )) instructions per read"; \
	done; rm -rf $$t

## measure-scan-cv: cross-validation within the training photos (5 folds, each read by a net trained
## without it; the held-out fifth takes no part): how the reader does on photos it never saw
measure-scan-cv:
	$(GO) run ./cmd/train-scan -folds 5

## measure-scan-unseen: the unseen set, synthetic photos that no training or tuning used: puzzles
## of the generator printed in fonts never trained on (FreeFont, Carlito, Caladea, Lato, Open Sans:
## apt-get install fonts-freefont-ttf fonts-crosextra-carlito fonts-crosextra-caladea fonts-lato
## fonts-open-sans) on newsprint (texture, the other side showing through), each case with one
## trouble: specks, bits of line in empty cells, grey boxes, a crumpled page, thin strokes, a hard
## shadow, a bowed page, all at once; photos read exactly, cells right and digits invented per case
## (UNSEEN=N photos a case, default 40; UNSEEN_SEED=N a fresh draw of the same cases and fonts,
## default 5000, the set read at the end of every pass since the seventh)
UNSEEN ?= 40
UNSEEN_SEED ?= 5000
measure-scan-unseen:
	SUDOKU_MEASURE=1 SUDOKU_UNSEEN=$(UNSEEN) SUDOKU_UNSEEN_SEED=$(UNSEEN_SEED) $(GO) test -count=1 -v -run '^TestMeasureUnseen$$' ./solver/scan

## measure-scan-legibility: how visible the digits are that the reader loses, on the unseen set's
## tuning draw (LEGIBLE_BASE=5000: the unseen set itself): each digit's darkening of its cell, the
## photo drawn with and without its digits (no noise, no JPEG), against what the reader read; photos
## read wrong with their faintest digit, and how many are read exactly among those with every digit
## darker than 10 grey levels
LEGIBLE_BASE ?=
measure-scan-legibility:
	SUDOKU_MEASURE=1 SUDOKU_LEGIBLE_BASE=$(LEGIBLE_BASE) $(GO) test -count=1 -v -run '^TestMeasureLegibility$$' ./solver/scan

## measure-scan-finder: the grid finder on synthetic photos of what loses whole grids (a thick rule
## beside the grid, with touching print too, a strongly bowed page, a hard shadow, steep light, a
## small grid among print, rotation of 20-30 degrees in perspective, faint blurred lines in a
## shadow, a grid at the photo's edge, a hard shadow's edge through digits): per case, grids found with
## every corner within 3% (and 1.5%) of the side from the truth, and photos read exactly
## (FINDER=N photos a case, default 50)
FINDER ?= 50
measure-scan-finder:
	SUDOKU_MEASURE=1 SUDOKU_FINDER=$(FINDER) $(GO) test -count=1 -v -run '^TestMeasureFinder$$' ./solver/scan

## measure-scan-causes: where the cells read wrong went wrong, per set and case (TestMeasureCauses):
## a digit invented, a wrong digit, or a digit lost with no mark, fainter than the print, read as no
## digit, faint and unsure, unlike the grid's digits, or dropped by the solver; a line per digit
## invented (CAUSES=unseen,finder,stress by default; also tune, the unseen set's tuning draw, and
## train, the training photos; CAUSES_DIR=DIR saves each invented digit's cell; CAUSES_CASE=TEXT reads
## only the cases whose name holds TEXT; CAUSES_CELLS=1 logs every cell read wrong with its cause; cells whose digit a hard shadow's edge crosses are counted apart;
## outlines whose farthest side lies 0.5-1.5 cells, or more, from the truth's are counted and listed;
## "photos with CAUSE" counts the photos with a cell of that cause, "... alone" those with no other)
CAUSES ?= unseen,finder,stress
measure-scan-causes:
	SUDOKU_MEASURE=1 SUDOKU_CAUSES=$(CAUSES) SUDOKU_CAUSES_DIR=$(CAUSES_DIR) SUDOKU_CAUSES_CASE="$(CAUSES_CASE)" SUDOKU_CAUSES_CELLS=$(CAUSES_CELLS) $(GO) test -count=1 -v -timeout 1h -run '^TestMeasureCauses$$' ./solver/scan

## fuzz: run every fuzz target in FUZZ_TARGETS for FUZZTIME each (default 30s), one after
## another on FUZZ_PARALLEL workers (default 1: the machine is shared); CI runs it with FUZZTIME=3s.
## Go 1.26's fuzz coordinator can end a run with a bare "context deadline exceeded" at the
## FUZZTIME boundary and no failing input (golang/go#75804, fixed in Go 1.27): such a run is
## reported and tried once more; a run that writes a failing input under testdata/fuzz fails.
FUZZTIME ?= 30s
FUZZ_PARALLEL ?= 1
# One package:Target a line; adding a fuzz target is adding its line.
FUZZ_TARGETS := \
	solver:FuzzParse \
	solver:FuzzSolve \
	solver:FuzzTrace \
	solver:FuzzReadNPY \
	solver:FuzzReader \
	solver/logic:FuzzPosition \
	solver/generate:FuzzGenerate \
	cmd/sudoku:FuzzSolveInput \
	web:FuzzLink \
	web:FuzzPaste \
	web:FuzzSave \
	web/worker:FuzzJoinEvents \
	web/worker/jobs:FuzzHandleJSON \
	solver/scan:FuzzRead \
	solver/scan:FuzzReadPixels \
	solver:FuzzParseFPuzzles \
	internal/lzstring:FuzzDecompress
fuzz:
	@missing=$$(grep -rhoE --include='*_test.go' '^func Fuzz[A-Za-z0-9_]*' . | sed 's/^func //' | sort -u | \
		while read f; do case " $(FUZZ_TARGETS) " in *":$$f "*) ;; *) echo "$$f";; esac; done); \
	if [ -n "$$missing" ]; then echo "fuzz targets missing from FUZZ_TARGETS in the Makefile:" $$missing; exit 1; fi
	@set -e; for t in $(FUZZ_TARGETS); do \
		pkg=$${t%%:*}; name=$${t##*:}; \
		$(GO) test ./$$pkg -list "^$$name\$$" | grep -qx "$$name" || \
			{ echo "fuzz target $$name is not in ./$$pkg (FUZZ_TARGETS in the Makefile)"; exit 1; }; \
		echo "$(GO) test ./$$pkg -run '^\$$' -fuzz '^$$name\$$' -fuzztime $(FUZZTIME) -parallel $(FUZZ_PARALLEL)"; \
		for try in 1 2; do \
			seeds=$$(ls $$pkg/testdata/fuzz/$$name 2>/dev/null | wc -l); out=$$(mktemp); rc=0; \
			$(GO) test ./$$pkg -run '^$$' -fuzz "^$$name\$$" -fuzztime $(FUZZTIME) -parallel $(FUZZ_PARALLEL) >$$out 2>&1 || rc=$$?; \
			cat $$out; \
			if [ $$rc -eq 0 ]; then rm -f $$out; break; fi; \
			if [ $$try -eq 1 ] && grep -qx '    context deadline exceeded' $$out && \
				[ "$$(ls $$pkg/testdata/fuzz/$$name 2>/dev/null | wc -l)" -eq "$$seeds" ]; then \
				echo "note: $$name: Go's fuzz coordinator stopped late (golang/go#75804), no failing input written: trying once more"; \
				rm -f $$out; continue; \
			fi; \
			rm -f $$out; exit 1; \
		done; \
	done

clean:
	rm -rf $(BIN) dist $(BUNDLE)
