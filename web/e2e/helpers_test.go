package e2e

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// Found once by TestMain.
var (
	chromiumPath string // "" when no browser is installed
	serverPath   string // the server binary under test
	setupProblem string // why the tests cannot run, if they cannot
	moduleRoot   string
)

func TestMain(m *testing.M) {
	code := func() int {
		tmp, err := os.MkdirTemp("", "sudoku-e2e-")
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
		defer os.RemoveAll(tmp)
		setup(tmp)
		defer stopSharedChromium()
		return m.Run()
	}()
	os.Exit(code)
}

func setup(tmp string) {
	_, file, _, _ := runtime.Caller(0)
	moduleRoot = filepath.Join(filepath.Dir(file), "..", "..")
	for _, name := range []string{os.Getenv("CHROMIUM"), "chromium", "chromium-browser", "google-chrome"} {
		if name == "" {
			continue
		}
		if p, err := exec.LookPath(name); err == nil {
			chromiumPath = p
			break
		}
	}
	if chromiumPath == "" {
		setupProblem = "Chromium is not installed: install it with `apt-get update && apt-get install -y chromium` (or set CHROMIUM to a browser binary)"
		return
	}
	serverPath = os.Getenv("SUDOKU_SERVER")
	if serverPath == "" {
		// Build the server with whatever bundle cmd/server/dist holds.
		serverPath = filepath.Join(tmp, "server")
		cmd := exec.Command("go", "build", "-o", serverPath, "./cmd/server")
		cmd.Dir = moduleRoot
		if out, err := cmd.CombinedOutput(); err != nil {
			setupProblem = fmt.Sprintf("building the server failed: %v\n%s", err, out)
			return
		}
	}
	if _, err := os.Stat(filepath.Join(moduleRoot, "cmd", "server", "dist", "web", "app.wasm")); err != nil {
		setupProblem = "the app bundle is not built: run `make server` (or `make test`) first"
	}
}

// need skips the test when the browser or the bundle is missing, or fails it
// under CI, where everything must be there.
func need(t *testing.T) {
	t.Helper()
	if setupProblem == "" {
		return
	}
	if os.Getenv("CI") == "true" {
		t.Fatalf("CI=true: %s", setupProblem)
	}
	t.Skip(setupProblem)
}

// bundleDir is the built bundle that the server binary embeds.
func bundleDir() string { return filepath.Join(moduleRoot, "cmd", "server", "dist") }

// serverProc is a running server binary.
type serverProc struct {
	cmd  *exec.Cmd
	URL  string
	Addr string
	done chan struct{}
	once sync.Once
}

// startServer runs the server binary with args plus -addr addr ("127.0.0.1:0"
// for any free port) and waits until it prints its URL. It is stopped at the
// end of the test if the test has not stopped it.
//
// A test whose server takes any free port runs in parallel with the others
// that do (t.Parallel, at most -parallel at once): most of a browser test is
// waiting for the page. A test that needs a fixed port (freeAddr: it stops
// and restarts its server on the same origin) runs alone, as the tests that
// do not start a server do.
func startServer(t *testing.T, addr string, args ...string) *serverProc {
	t.Helper()
	if strings.HasSuffix(addr, ":0") && os.Getenv("SUDOKU_MEASURE") == "" {
		if _, again := parallelTests.LoadOrStore(t, true); !again {
			t.Parallel()
		}
	}
	cmd := exec.Command(serverPath, append([]string{"-addr", addr}, args...)...)
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = &testWriter{t: t, prefix: "server: "}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	p := &serverProc{cmd: cmd, done: make(chan struct{})}
	urls := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(stdout)
		sent := false
		for sc.Scan() {
			if _, u, ok := strings.Cut(sc.Text(), "serving "); ok && !sent {
				urls <- strings.TrimSpace(u)
				sent = true
			}
		}
		close(urls)
	}()
	go func() { cmd.Wait(); close(p.done) }()
	t.Cleanup(p.Stop)
	select {
	case u, ok := <-urls:
		if !ok {
			t.Fatalf("server exited before printing its URL")
		}
		p.URL = u
		p.Addr = strings.TrimPrefix(u, "http://")
	case <-time.After(30 * time.Second):
		t.Fatal("server did not print its URL in 30 s")
	}
	return p
}

// Stop sends SIGTERM and waits for the process to exit, as a user pressing
// Ctrl-C would; the port is then free.
func (p *serverProc) Stop() {
	p.once.Do(func() {
		p.cmd.Process.Signal(syscall.SIGTERM)
		select {
		case <-p.done:
		case <-time.After(15 * time.Second):
			p.cmd.Process.Kill()
			<-p.done
		}
	})
}

// parallelTests holds the tests startServer has made parallel (t.Parallel
// may be called once per test). Measurements (SUDOKU_MEASURE) stay serial:
// their figures must not share the machine with another browser.
var parallelTests sync.Map

// freeAddr returns a loopback address with a port that was free a moment ago:
// tests that restart a server on the same origin need a fixed port.
func freeAddr(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().String()
}

type testWriter struct {
	t      *testing.T
	prefix string
}

func (w *testWriter) Write(p []byte) (int, error) {
	w.t.Log(w.prefix + strings.TrimRight(string(p), "\n"))
	return len(p), nil
}

// browser gives the test a tab of its own in a fresh, empty profile: a new
// browser context (Target.createBrowserContext, as an incognito window) of
// the Chromium that all the tests of the binary share. Its storage, service
// workers and caches are its own and go with it at the end of the test.
// A browser's start costs about as much CPU as the app's first load: with a
// browser of its own for each test, the package took 706 CPU-seconds, 601
// with the shared one (a cpuacct cgroup, the 2-core VM). Measurements (SUDOKU_MEASURE) get a browser of their own, as does a
// test that needs a profile on disk (ownBrowser). Each step gets its own
// deadline; the tab has none.
func browser(t *testing.T) context.Context {
	t.Helper()
	if os.Getenv("SUDOKU_MEASURE") != "" {
		return ownBrowser(t)
	}
	root, err := sharedChromium()
	if err != nil {
		t.Fatalf("starting Chromium: %v", err)
	}
	ctx, cancel := chromedp.NewContext(root, chromedp.WithNewBrowserContext())
	t.Cleanup(cancel)
	if err := chromedp.Do(ctx); err != nil { // open the tab now
		t.Fatalf("opening a tab in a new browser context: %v", err)
	}
	return ctx
}

// chromiumFlags are the options of every Chromium the tests start.
func chromiumFlags(profile string) []chromedp.ExecAllocatorOption {
	return []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(chromiumPath),
		chromedp.Headless,
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck,
		chromedp.UserDataDir(profile),
		chromedp.WindowSize(1200, 900),
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-dev-shm-usage", true),
		chromedp.Flag("disable-extensions", true),
		chromedp.Flag("disable-default-apps", true),
		chromedp.Flag("disable-background-timer-throttling", true),
		// Chromium 156 builds its omnibox popups (chrome://omnibox-popup.top-chrome/)
		// as WebUI pages in a renderer of their own, headless too, at every start:
		// without them a start costs about half the CPU (2.3-2.6 s against 4.5-5.2 s
		// of CPU in its first 10 s, measured on the 2-core VM).
		chromedp.Flag("disable-features", "WebUIOmniboxPopup,WebUIOmniboxAimPopup,WebUIOmniboxFullPopup"),
	}
}

// ownBrowser starts a headless Chromium with a fresh profile of its own on
// disk, stopped at the end of the test.
func ownBrowser(t *testing.T) context.Context {
	t.Helper()
	return browserOn(t, "", "", nil)
}

// browserOn starts a headless Chromium of its own (ownBrowser's), held
// to the CPUs cpus (taskset -c; "" for any), with the V8 options flags (if
// any) and its output (with --enable-logging=stderr) into out (if not nil).
func browserOn(t *testing.T, cpus, flags string, out io.Writer) context.Context {
	t.Helper()
	opts := chromiumFlags(t.TempDir())
	if out != nil {
		opts = append(opts, chromedp.Flag("enable-logging", "stderr"), chromedp.CombinedOutput(out))
	}
	if flags != "" {
		opts = append(opts, chromedp.Flag("js-flags", flags))
	}
	if cpus != "" {
		wrapper := filepath.Join(t.TempDir(), "chromium")
		if err := os.WriteFile(wrapper, []byte(fmt.Sprintf("#!/bin/sh\nexec taskset -c %s %s \"$@\"\n", cpus, chromiumPath)), 0o755); err != nil {
			t.Fatal(err)
		}
		opts = append(opts, chromedp.ExecPath(wrapper))
	}
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancel := chromedp.NewContext(actx)
	t.Cleanup(func() { cancel(); cancelAlloc() })
	if err := chromedp.Do(ctx); err != nil {
		t.Fatalf("starting Chromium: %v", err)
	}
	return ctx
}

// sharedJSFlags are V8's options in the shared browser: WebAssembly is
// compiled by its baseline compiler (Liftoff) only. The code is the same
// WebAssembly with the same meaning; what goes is the optimizing tier's
// compile (TurboFan) of app.wasm and worker.wasm in each test's fresh
// renderer, most of which the tests never ran long enough to repay: four
// tests (PlayEasyByKeyboard, WatchTheSolver, SettingsSurviveReload,
// ShareLinkInFreshProfile) took 63.1 and 64.9 CPU-s with it against 86.5
// and 91.6 without (cpuacct cgroup, alternating, 2026-11-27). The browsers
// of the measurements (ownBrowser, SUDOKU_MEASURE) and TestInstallable run
// V8 as users do, with both tiers.
const sharedJSFlags = "--liftoff-only"

// shared is the Chromium the tests share: started by the first test that
// asks (sharedChromium), stopped by TestMain. If its context has ended (the
// browser is gone), the next test starts another.
var shared struct {
	sync.Mutex
	ctx     context.Context // the browser's first tab, a parent for the tests' tabs
	stop    func()
	profile string
}

func sharedChromium() (context.Context, error) {
	shared.Lock()
	defer shared.Unlock()
	if shared.ctx != nil && shared.ctx.Err() == nil {
		return shared.ctx, nil
	}
	stopSharedChromiumLocked()
	dir, err := os.MkdirTemp("", "sudoku-e2e-chromium-")
	if err != nil {
		return nil, err
	}
	flags := append(chromiumFlags(dir), chromedp.Flag("js-flags", sharedJSFlags))
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), flags...)
	ctx, cancel := chromedp.NewContext(actx)
	if err := chromedp.Do(ctx); err != nil {
		cancel()
		cancelAlloc()
		os.RemoveAll(dir)
		return nil, err
	}
	shared.ctx, shared.profile = ctx, dir
	shared.stop = func() { cancel(); cancelAlloc() }
	return ctx, nil
}

// stopSharedChromium stops the shared browser, if it runs, and removes its profile.
func stopSharedChromium() {
	shared.Lock()
	defer shared.Unlock()
	stopSharedChromiumLocked()
}

func stopSharedChromiumLocked() {
	if shared.stop != nil {
		shared.stop()
		os.RemoveAll(shared.profile)
	}
	shared.ctx, shared.stop, shared.profile = nil, nil, ""
}

// run runs actions with a deadline, failing the test on error.
func run(t *testing.T, ctx context.Context, what string, steps ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	c, cancel := context.WithTimeout(ctx, 60*time.Second)
	defer cancel()
	if err := chromedp.Do(c, steps...); err != nil {
		t.Fatalf("%s: %v", what, err)
	}
}

// eval evaluates a JavaScript expression (awaiting a promise) and returns its value.
func eval[T any](t *testing.T, ctx context.Context, expr string) T {
	t.Helper()
	c, cancel := context.WithTimeout(ctx, 60*time.Second)
	defer cancel()
	v, err := chromedp.Run(c, chromedp.Evaluate[T](expr, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatalf("evaluating %s: %v", expr, err)
	}
	return v
}

// waitFor polls a JavaScript condition until it holds, retrying across
// reloads and navigations.
func waitFor(t *testing.T, ctx context.Context, what, cond string) {
	t.Helper()
	deadline := time.Now().Add(60 * time.Second)
	var last error
	for time.Now().Before(deadline) {
		c, cancel := context.WithTimeout(ctx, 10*time.Second)
		_, err := chromedp.Run(c, chromedp.Poll[chromedp.Void](cond, chromedp.WithPollingTimeout(9*time.Second), chromedp.WithPollingInterval(50*time.Millisecond)))
		cancel()
		if err == nil {
			return
		}
		last = err
		if errors.Is(ctx.Err(), context.Canceled) {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	// The page's state, for the message; bounded like each poll, since a
	// page that stopped answering would otherwise hold the test until go
	// test's own timeout.
	c, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	state, err := chromedp.Run(c, chromedp.Evaluate[string](`location.href + " | " + (document.querySelector("#message")||{}).textContent + " | " + document.body.innerText.slice(0, 300)`))
	if err != nil {
		state = "(no answer: " + err.Error() + ")"
	}
	t.Fatalf("waiting for %s (%s): %v\npage: %s", what, cond, last, state)
}

// open navigates to url and waits until the Go app has mounted the board.
func open(t *testing.T, ctx context.Context, url string) {
	t.Helper()
	run(t, ctx, "navigate to "+url, chromedp.Navigate(url))
	waitReady(t, ctx)
}

func waitReady(t *testing.T, ctx context.Context) {
	t.Helper()
	waitFor(t, ctx, "the board", `document.querySelector("main.app.ready #board") !== null`)
}

// waitOffline waits until the service worker controls the page and has
// activated, so that the app is cached.
func waitOffline(t *testing.T, ctx context.Context) {
	t.Helper()
	waitFor(t, ctx, "the service worker", `navigator.serviceWorker.controller !== null`)
	_ = eval[bool](t, ctx, `navigator.serviceWorker.ready.then(() => true)`)
}

// boardText returns the 81 cells' digits as a puzzle line ('.' for empty or
// marked cells).
func boardText(t *testing.T, ctx context.Context) string {
	t.Helper()
	return eval[string](t, ctx, `Array.from({length: 81}, (_, i) => {
  const c = document.getElementById("cell-" + i);
  return (c.children.length ? "" : c.textContent) || "."; // marks are child elements, a digit is text
}).join("")`)
}

func textOf(t *testing.T, ctx context.Context, sel string) string {
	t.Helper()
	return eval[string](t, ctx, `(document.querySelector(`+jsString(sel)+`) || {textContent: ""}).textContent`)
}

func jsString(s string) string { return fmt.Sprintf("%q", s) }

// keys sends key presses to the focused element.
func keys(t *testing.T, ctx context.Context, ks ...string) {
	t.Helper()
	steps := make([]chromedp.Action[chromedp.Void], len(ks))
	for i, k := range ks {
		steps[i] = chromedp.KeyEvent(k)
	}
	run(t, ctx, "keys", steps...)
}

func click(t *testing.T, ctx context.Context, sel string) {
	t.Helper()
	reveal(t, ctx, sel)
	run(t, ctx, "click "+sel, chromedp.Click(chromedp.CSS(sel)))
}

// reveal opens the panel that holds sel, as a user would: the Menu button
// first when the menu is hidden (a phone), then the panel's entry in the
// menu. It does nothing when sel is not in a closed panel.
func reveal(t *testing.T, ctx context.Context, sel string) {
	t.Helper()
	name := eval[string](t, ctx, `(() => {
  const el = document.querySelector(`+jsString(sel)+`);
  const p = el && el.closest("[data-panel]");
  return p && p.hidden ? p.dataset.panel : "";
})()`)
	if name == "" {
		return
	}
	entry := "#open-" + name
	if !eval[bool](t, ctx, `document.querySelector(`+jsString(entry)+`).offsetParent !== null`) {
		run(t, ctx, "open the menu", chromedp.Click(chromedp.CSS("#menu")))
	}
	run(t, ctx, "open the panel "+name, chromedp.Click(chromedp.CSS(entry)))
	waitFor(t, ctx, "the panel "+name, `!document.getElementById("panel-`+name+`").hidden`)
}

// closePanel closes the open panel with its Close button, if one is open.
func closePanel(t *testing.T, ctx context.Context) {
	t.Helper()
	name := eval[string](t, ctx, `(document.querySelector("[data-panel]:not([hidden])") || {dataset: {}}).dataset.panel || ""`)
	if name == "" {
		return
	}
	run(t, ctx, "close the panel "+name, chromedp.Click(chromedp.CSS("#close-"+name)))
	waitFor(t, ctx, "the panel "+name+" closed", `document.getElementById("panel-`+name+`").hidden`)
}

// copyDir copies a directory tree.
func copyDir(t *testing.T, src, dst string) {
	t.Helper()
	err := filepath.Walk(src, func(p string, info os.FileInfo, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		target := filepath.Join(dst, rel)
		if info.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		in, err := os.Open(p)
		if err != nil {
			return err
		}
		defer in.Close()
		out, err := os.Create(target)
		if err != nil {
			return err
		}
		if _, err := io.Copy(out, in); err != nil {
			out.Close()
			return err
		}
		return out.Close()
	})
	if err != nil {
		t.Fatal(err)
	}
}

// chromedpCtx is the context of a browser tab.
type chromedpCtx = context.Context

// execServer returns a command running the server binary.
func execServer(args ...string) *exec.Cmd { return exec.Command(serverPath, args...) }

// setVariant chooses the rules by name in the page's variant list, as a
// user picking it would (a change event).
func setVariant(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	run(t, ctx, "choose the variant "+name, chromedp.Evaluate[chromedp.Void](`(() => {
  const s = document.getElementById("variant");
  s.value = `+jsString(name)+`;
  s.dispatchEvent(new Event("change", {bubbles: true}));
})()`))
	waitFor(t, ctx, "the variant "+name, `document.getElementById("variant").value === `+jsString(name))
}

// magictourSample reads n puzzles from testdata/magictour.txt.
func magictourSample(t *testing.T, n int) []string {
	t.Helper()
	f, err := os.Open(filepath.Join(moduleRoot, "testdata", "magictour.txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	for sc.Scan() && len(out) < n {
		line, _, _ := strings.Cut(sc.Text(), ":")
		if line != "" && !strings.HasPrefix(line, "#") {
			out = append(out, line)
		}
	}
	return out
}

// shadingJS counts the board's cells drawn in each of the highlight's
// colours (the theme's --same, --open and --peer, as the browser computes
// them), and lists the cells drawn otherwise than the highlight of digit d
// around the selected cell asks: the selected cell in its own colour, the
// cells holding d as "same", the empty cells with a mark d as "open", the
// other cells of the selection's row, column and box as "peer", the rest in
// none of the three. It reads the computed style, so it checks the style
// sheet's rules, not the classes. For a classic 9x9 board without colours,
// conflicts or hints.
func shadingJS(d int) string {
	return `(() => {
  const d = "` + strconv.Itoa(d) + `";
  const colour = (v) => {
    const p = document.createElement("div");
    p.style.backgroundColor = "var(--" + v + ")";
    document.body.appendChild(p);
    const c = getComputedStyle(p).backgroundColor;
    p.remove();
    return c;
  };
  const kinds = {same: colour("same"), open: colour("open"), peer: colour("peer")};
  const board = document.getElementById("board");
  const sel = Number(board.querySelector(".cell.selected").dataset.cell);
  const box = (i) => Math.floor(i / 27) * 3 + Math.floor(i % 9 / 3);
  const out = {same: 0, open: 0, peer: 0, wrong: []};
  for (const c of board.querySelectorAll(".cell")) {
    const i = Number(c.dataset.cell);
    const bg = getComputedStyle(c).backgroundColor;
    const got = Object.keys(kinds).find((k) => kinds[k] === bg) || "";
    if (got) out[got]++;
    const text = c.textContent.trim();
    const marks = c.querySelector(".m" + d) !== null || (c.querySelector(".centre") || {dataset: {}}).dataset.marks?.includes(d);
    let want = "";
    if (i === sel) want = "selected";
    else if (text === d) want = "same";
    else if (text === "" && marks) want = "open";
    else if (Math.floor(i / 9) === Math.floor(sel / 9) || i % 9 === sel % 9 || box(i) === box(sel)) want = "peer";
    if (want !== "selected" && got !== want) out.wrong.push(c.id + " is " + (got || "unshaded") + ", want " + (want || "unshaded"));
  }
  return out;
})()`
}

// shading is what shadingJS reads.
type shading struct {
	Same, Open, Peer int
	Wrong            []string
}

// checkShading checks that the board draws the highlight of digit d around
// the selected cell (shadingJS) and returns the counts.
func checkShading(t *testing.T, ctx context.Context, d int) shading {
	t.Helper()
	s := eval[shading](t, ctx, shadingJS(d))
	if len(s.Wrong) != 0 {
		t.Errorf("the highlight of %d is drawn wrong: %v", d, s.Wrong)
	}
	if s.Peer == 0 || s.Same == 0 {
		t.Errorf("the highlight of %d shades %+v", d, s)
	}
	return s
}

// envCount is the whole number in the environment variable name, def when
// it is unset; any other value than a whole number of at least atLeast fails
// the test.
func envCount(t *testing.T, name string, def, atLeast int) int {
	t.Helper()
	s := os.Getenv(name)
	if s == "" {
		return def
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < atLeast {
		t.Fatalf("%s=%q: want a whole number of at least %d", name, s, atLeast)
	}
	return n
}
