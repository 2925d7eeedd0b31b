// The theme of the saved settings, applied before the page paints: the
// server's first HTML loads this script in its head, synchronously, so the
// board never flashes in the system's scheme when the player chose another.
// The page (web/settings.go, applyTheme) keeps the class in step afterwards.
// Unreadable settings leave the system's scheme: the page says why later.
"use strict";
(() => {
  let theme = "";
  try {
    const saved = JSON.parse(localStorage.getItem("sudoku.settings") || "{}");
    theme = saved && typeof saved.theme === "string" ? saved.theme : "";
  } catch (e) {
    return;
  }
  if (theme === "light" || theme === "dark") {
    document.documentElement.classList.add("theme-" + theme);
  }
})();
