// Package web is the Sudoku page: go-app v9 components compiled to
// WebAssembly by cmd/app.
//
// # State
//
// A game holds what the player works on: clues, the player's digits, pencil
// marks (corner marks, also called candidates, and centre marks, each a
// marks set with a fixed place per digit), cell colours and the variant (a
// *solver.Variant, named in links and saves). A store holds the game and
// its history: every change is an action value (place, clue, corner, centre,
// colour, erase, candidates, true, fill, clear, load, variant) applied by apply,
// the one function that changes a game. Undo rebuilds the game from the
// history's start; redo applies the next action again. A placed digit
// removes itself from its peers' marks (unless the settings say
// otherwise); "Show candidates" fills the empty cells' corner marks from
// the rules, and "True candidates" with the digits each cell holds in some
// solution (found in the engine's worker, carried by the action).
//
// A variant puzzle (opened from f-puzzles or SudokuPad data) is a game
// whose Custom field holds its solver.Rules: an N x N grid (4 to 9) in the
// first N² cells of the game's arrays, numbered r*N+c, with its own
// regions and constraints. Peers, units, conflicts, candidates and
// completion come from the rules (rules_game.go); the load action carries
// the rules as JSON, so undo, redo and saves need nothing else.
//
// The root component (root) owns the store and the page state around it
// (selection, mode, highlighted digit, clock, messages, the open panel);
// the settings and the statistics are its profile's (profile.go), the
// engine's jobs its engine's (engine.go), each a field of the root with
// its own state. After every action it derives what
// the page shows (derived: conflicts, digits left, completion; and the
// live solution count, one budgeted solve in the engine's worker per
// change of the clues, shared with Solve, Check, Hint, Explain and the
// mistake check), saves the session to local storage and writes the game
// into the address bar: in a task of their own once the page is idle after
// the change (persist.go; a page hidden or left saves at once), the bar no
// sooner than urlEvery after its last write; the session saved holds the
// query the bar holds, so that a reload in between restores the latest
// position.
//
// Rendering stays small: every component holds data and callbacks the
// root makes once (callback), so that go-app, which renders a child again
// only when its fields differ, skips what a key did not change; the board
// is rows of cell components (boardCell), each cell's view behind a pointer
// that changes only with it, so that go-app's comparison is cheap. The
// shading around the selection (its row, column and box, the highlighted
// digit) is the style sheet's, from classes of the grid and of each cell
// (boardShade): a move renders the two cells whose selection changed, not
// the cells whose shade did. renders.go counts the renders by
// component (sudokuRenders() in the page, for make measure). What would
// mount many elements in one task mounts a chunk per task instead, with a
// frame between: Explain's step drawn on the board (explainRows rows a
// task) and its step list (the drawn step first, then explainChunk steps a
// task; aria-busy until both are complete), and the Watch panel's grid
// (watchRows rows, data-mounted once complete; its cells computed once per
// replay position, gridCells). Watch and the scan review
// keep a hidden stand-in while closed, so that the board after them is
// never mounted again; a closed Statistics panel holds no table. The play screen's message line sits below the bar, so that a
// message coming or going never moves the keypad or the bar.
//
// # Page
//
// The play screen is the board, the mode switch and keypad, and one bar
// (Undo, Redo, Hint, Menu, the clock). The menu opens one panel at a time,
// beside the board on a desktop and on a phone as a sheet over the keypad,
// the board in view above it, which a tap on the board puts away:
// the start sheet (with Scan), the solver panel (with Explain), Share, Settings,
// Statistics and Help. Each panel is a component fed from the root's state
// and one callback: it sends uiEvents, and root.onUI turns each into one
// change through the same way: an action through do (Solve's fill too,
// marked the solver's: a completion it brings is not the player's), or a
// page option (a setting, editing the clues, the clock's pause) set and
// committed by root.commit; both end in derive, the address bar and the
// save, so that saving and the address bar never differ by path.
// Settings (key "sudoku.settings") and statistics per level with the daily
// streak (key "sudoku.stats") are saved apart from the game; export writes
// all three as one JSON file, and import refuses a damaged file whole.
//
// # New puzzles
//
// New puzzle asks solver/generate for a puzzle at a level, or with a
// technique to practise as its hardest step, under the page's rules, from
// a time-based seed; Daily puzzle for generate.Daily's puzzle of the local
// date (standard rules, the same for everyone). The generator runs in the
// engine's Web Worker (package sudoku/web/worker) within genTime and
// genAttempts, so the page keeps painting and taking keys meanwhile. The
// puzzle then loads through the load action, which carries its variant, like
// any other.
//
// # The engine's worker
//
// Every engine call is a job for the engine's Web Worker, posted by the
// page's one owner of the worker (engine.go's engine, a field of the root;
// the worker starts once the page is idle after its first screen,
// OnMount): the live count and the solve that Solve, Check, Hint and
// Explain wait for (count.go), New puzzle, Daily puzzle, Explain (its steps
// and the puzzle's grade), Hint, True candidates, the texts the page does
// not read itself, Scan, and Watch the solver's recording. The engine
// holds the client, the count's job and the generator's, and the game the
// page holds (follow, from every derive); it posts a job and hands the
// answer back as a value through a callback run as an update of the page,
// which applies it its own way (an action through do, a message, marks):
// the engine never changes the game. The protocol's types are wire-only (package
// sudoku/web/worker): the page links none of the logic engine, the
// generator or the photo reader, which package sudoku/web/worker/jobs runs
// in the worker; an explanation's steps come with the position before
// each as short strings, decoded only for the step drawn, and a trace's
// events as bytes apart from the answer's JSON (worker.JoinEvents). An answer for a position the player has changed meanwhile is
// dropped, and a long job for a position that is gone is cancelled (the
// worker terminated). Each job is bounded by budget.go all the same.
//
// # Input
//
// The keys follow SudokuPad: a digit acts in the current mode; Shift+digit
// toggles a corner mark, Ctrl+digit a centre mark; Z, X, C and V pick the
// Normal, Corner, Centre and Colour modes (also on screen, for touch);
// Ctrl+Z undoes, Ctrl+Shift+Z and Ctrl+Y redo; arrows, Home, End, Ctrl+Home
// and Ctrl+End move (the board is an ARIA grid, one tab stop). keyCommand
// maps a key to a command without side effects.
//
// # Formats
//
// Share links: ?p=<81 clues>[&v=<variant>][&e=<81 entries>][&m=<marks>]
// ('.' for empty); with candidates only, sudokuwiki's 162-character board
// string ?bd=<162 chars> instead (link.go has the details). sudokuwiki's
// ?bd=<81 chars> and ?bd=<162 chars> open too; links and pasted text are
// written in solver.Position's formats (the base-32 alphabet is
// sudoku/internal/radix's). The page reads itself only what it writes (the
// 81-character line with worker.ParseGrid, the board string and the S9B
// form with solver.ParseFormat); any other form of a link or a paste is
// read in the engine's worker by solver.ParsePosition (texts.go), so that
// the page links none of the solver's readers. A link with progress longer
// than maxLinkBytes is offered without it, and the page says so. Saved work is versioned JSON under
// the key "sudoku.save": version 2 holds the history's starting game, the
// actions, how many are applied, the time played and the page options;
// version 3 adds a variant puzzle's rules (the starting game's "rules",
// the load actions' "r"); versions 2 and 1 (clues, entries, a diagonal
// flag) are still read. Unreadable saved work is left untouched and
// saving pauses until the player says so.
//
// A variant puzzle's link is f-puzzles' own: ?load=<lz-string of its
// f-puzzles JSON>[&e=<N² entries>][&m=<marks>], so that a host swap opens
// it in f-puzzles and an f-puzzles link opens here; the paste box takes
// f-puzzles and SudokuPad links, the lz-string and the JSON
// (variant_load.go). The engine's worker reads f-puzzles data and writes
// the load= value (once per puzzle, kept in texts), so the page links
// neither f-puzzles' format nor lz-string: a link's puzzle opens when the
// worker has read it, on an empty board that saves nothing meanwhile.
//
// # Files
//
// game.go (Game, Marks, derived facts), action.go (actions and apply),
// store.go (store: history, undo, redo), derived.go (what the page shows,
// the shared solution, the clock), count.go (the live count and the full
// solve as jobs for the engine's worker), keys.go (keys to commands), link.go (share
// links, and a solver.Position as a game: links and the paste box), save.go
// (saved sessions), persist.go (when the session, the statistics and
// the address bar are written: the idle task, and at once when the page
// is hidden or left), texts.go (the texts the engine's worker reads and
// writes for the page: pasted puzzles, links' puzzles, variant links,
// waited for with errPending), paste.go (a pasted text read as a load action,
// or refused), backup.go (the exported file and its checks), profile.go (the
// settings and the statistics, saved apart from the game, and the export's
// file),
// budget.go (solver budgets and limits), text.go (the sentences the page
// says), solve.go (what Solve, Check and the mistake check make of the
// clues' solution), hint.go (hints), truecands.go (True candidates), explain.go (Explain: steps and drawing), newgame.go
// (New puzzle and Daily puzzle: requests and the generator's run), engine.go
// (the owner of the engine's worker: its client, the jobs out, the answers
// for a game that is gone dropped, the stale jobs cancelled); the
// components: root.go, root_view.go (the layout) and root_ui.go (the panels'
// events, applying settings, statistics, export and import), renders.go (the
// renders counted by component), board.go (the grid, its rows and cells:
// the player's board, and read-only the Watch panel's replay), keypad.go
// (keypad and mode switch), toolbar.go (the bar and the clock), panel.go
// (the menu, the panels' frame and uiEvent), start.go (the start sheet),
// solver_panel.go, explain_panel.go, share.go, settings.go, stats.go,
// help.go, summary.go (the completion summary and gameInfo), watch.go (the
// replay's model, of the classic engines or of a variant puzzle's rules
// engine) and watch_view.go (the Watch panel), scan.go (Scan: a
// picture read in the engine's worker, its review and correction) and
// scan_panel.go (the review screen), picture_js.go and picture_other.go (a
// picture's handle for the worker's client). Variant puzzles:
// rules_game.go (a game's geometry under its rules: size, peers, units,
// cell names; the rules' JSON), variant_load.go (f-puzzles links, the
// paste box, the ?load= link), rules_view.go (the rules drawn over the
// board, each cell's constraints in words, the cells whose corner marks
// make room for a cage's sum, the rules listed) and
// variant_play.go (Hint and Explain on a variant puzzle: the logic
// engine's cells turned into the game's, the reveal fallback).
package web
