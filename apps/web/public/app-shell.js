// A signed-in page's prerendered loading layout (scripts/prerender.mjs) loads this before
// /boot.js, as an external file, so the Content-Security-Policy can forbid inline script.
// In a tab without a live session (as src/lib/session.ts reads one) that layout stays hidden: the
// visitor is sent on to /login or /access-denied and never sees a signed-in page. The page's code
// (data-preload, from the API) is preloaded once the layout has painted, with the app's script,
// which /boot.js adds then: preloaded modules fetched before that paint would hold it back.
(function () {
  var script = document.currentScript;
  var signedIn = false;
  try {
    var user = JSON.parse(sessionStorage.getItem("user") || "null");
    signedIn =
      !!sessionStorage.getItem("token") &&
      !!user &&
      typeof user.expiresAt === "string" &&
      Date.parse(user.expiresAt) > Date.now();
  } catch (e) {
    /* storage blocked or unreadable: no session */
  }
  if (!signedIn) document.documentElement.classList.add("no-session");

  var files = ((script && script.getAttribute("data-preload")) || "").split(" ");
  document.addEventListener("DOMContentLoaded", function () {
    requestAnimationFrame(function () {
      setTimeout(function () {
        for (var i = 0; i < files.length; i++) {
          if (!files[i]) continue;
          var link = document.createElement("link");
          link.rel = "modulepreload";
          link.href = files[i];
          document.head.appendChild(link);
        }
      }, 0);
    });
  });
})();
