// Applies the saved or system colour theme before the first paint (an external file, so the
// Content-Security-Policy can forbid inline script).
(function () {
  try {
    var saved = localStorage.getItem("ledgerline.theme");
    var dark = saved ? saved === "dark" : window.matchMedia("(prefers-color-scheme: dark)").matches;
    document.documentElement.classList.toggle("dark", dark);
  } catch (e) {
    /* storage blocked: keep the light theme */
  }
})();
