// Runs before the first paint (an external file, so the Content-Security-Policy can forbid
// inline script). It applies the saved or system colour theme, and on prerendered pages, whose
// HTML is already the page, it loads the app only after that HTML has painted.
(function () {
  try {
    var saved = localStorage.getItem("ledgerline.theme");
    var dark = saved ? saved === "dark" : window.matchMedia("(prefers-color-scheme: dark)").matches;
    document.documentElement.classList.toggle("dark", dark);
  } catch (e) {
    /* storage blocked: keep the light theme */
  }

  var entry = document.currentScript && document.currentScript.getAttribute("data-entry");
  if (!entry) return;
  function start() {
    var script = document.createElement("script");
    script.type = "module";
    script.src = entry;
    document.head.appendChild(script);
  }
  document.addEventListener("DOMContentLoaded", function () {
    requestAnimationFrame(function () {
      setTimeout(start, 0);
    });
  });
})();
