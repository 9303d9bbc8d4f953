// Runs before the first paint (an external file, so the Content-Security-Policy can forbid
// inline script). It applies the saved or system colour theme, and on prerendered pages, whose
// HTML is already the page, it loads the app (and preloads the page's code) only after that HTML
// has painted.
(function () {
  try {
    var saved = localStorage.getItem("ledgerline.theme");
    var dark = saved ? saved === "dark" : window.matchMedia("(prefers-color-scheme: dark)").matches;
    document.documentElement.classList.toggle("dark", dark);
  } catch (e) {
    /* storage blocked: keep the light theme */
  }

  var script = document.currentScript;
  var entry = script && script.getAttribute("data-entry");
  if (!entry) return;
  // The page's own code (a prerendered public page's, scripts/prerender.mjs), loaded beside the
  // entry rather than after it.
  var files = (script.getAttribute("data-preload") || "").split(" ");
  function start() {
    var app = document.createElement("script");
    app.type = "module";
    app.src = entry;
    document.head.appendChild(app);
    for (var i = 0; i < files.length; i++) {
      if (!files[i]) continue;
      var link = document.createElement("link");
      link.rel = "modulepreload";
      link.href = files[i];
      document.head.appendChild(link);
    }
  }
  document.addEventListener("DOMContentLoaded", function () {
    requestAnimationFrame(function () {
      setTimeout(start, 0);
    });
  });
})();
