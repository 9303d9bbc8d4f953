// A signed-in page's prerendered loading layout (scripts/prerender.mjs) loads this before
// /boot.js, as an external file, so the Content-Security-Policy can forbid inline script.
// In a tab without a live session (as src/lib/session.ts reads one) that layout stays hidden: the
// visitor is sent on to /login or /access-denied and never sees a signed-in page. The page's code
// (data-preload, from the API) is preloaded once the layout has painted, with the app's script,
// which /boot.js adds then: preloaded modules fetched before that paint would hold it back.
// What the layout can know only in the tab, it fills in before that paint, as the parser adds it:
// the landing and account pages' greetings name the user (the build knows no name), and an intro
// the reader has closed (CollapsibleIntro, its state in localStorage) is closed. The page's render
// then shows the same words in the same place, rather than a later, larger paint.
(function () {
  var script = document.currentScript;
  var signedIn = false;
  var user = null;
  try {
    user = JSON.parse(sessionStorage.getItem("user") || "null");
    signedIn =
      !!sessionStorage.getItem("token") &&
      !!user &&
      typeof user.expiresAt === "string" &&
      Date.parse(user.expiresAt) > Date.now();
  } catch (e) {
    /* storage blocked or unreadable: no session */
  }
  if (!signedIn) document.documentElement.classList.add("no-session");

  var named = signedIn && typeof user.name === "string" && user.name !== "";
  /**
   * The greeting LandingLoading and the landing page show (a first sign-in: "Welcome"), in the
   * words of the page's language, which the layout carries for each case.
   */
  function fillGreeting(heading) {
    if (!named) return;
    var words = heading.getAttribute(user.previousLoginDate ? "data-welcome-back" : "data-welcome");
    if (!words) return;
    var slot = words.indexOf("{name}");
    heading.textContent =
      slot < 0 ? words : words.slice(0, slot) + user.name + words.slice(slot + "{name}".length);
  }
  /** The user's name in place of its grey stand-in (the account page's greeting). */
  function fillName(standIn) {
    if (named) standIn.parentNode.replaceChild(document.createTextNode(user.name), standIn);
  }
  function closeIntro(section) {
    var closed = false;
    try {
      closed = localStorage.getItem(section.getAttribute("data-intro")) === "false";
    } catch (e) {
      /* storage blocked: the intro shows open, as the page shows it */
    }
    if (!closed) return;
    var button = section.querySelector("button[aria-expanded]");
    var body = section.querySelector("[data-intro-body]");
    if (button) button.setAttribute("aria-expanded", "false");
    if (body) body.hidden = true;
    var icon = button && button.querySelector("svg");
    if (icon) icon.classList.remove("rotate-180");
  }
  // Mutation records are delivered in a microtask, so within the parser's task that added the
  // elements: before the browser paints them. An element is filled in once the parser has gone
  // past it (its content is whole); only the prerendered layout is.
  function parsed(node) {
    for (; node; node = node.parentNode) if (node.nextSibling) return true;
    return false;
  }
  var done = [];
  function fill() {
    var found = document.querySelectorAll(
      "[data-app-shell] [data-session-greeting], [data-app-shell] [data-session-name], " +
        "[data-app-shell] [data-intro]",
    );
    for (var i = 0; i < found.length; i++) {
      if (done.indexOf(found[i]) >= 0 || !parsed(found[i])) continue;
      done.push(found[i]);
      if (found[i].hasAttribute("data-intro")) closeIntro(found[i]);
      else if (found[i].hasAttribute("data-session-name")) fillName(found[i]);
      else fillGreeting(found[i]);
    }
  }
  if (signedIn && typeof MutationObserver === "function") {
    var observer = new MutationObserver(fill);
    observer.observe(document.documentElement, { childList: true, subtree: true });
    document.addEventListener(
      "DOMContentLoaded",
      function () {
        fill();
        observer.disconnect();
      },
      { once: true },
    );
  }

  // One file a task: a file the browser already holds (a person who has just signed in has most
  // of them) is compiled within the appendChild that names it, and all of them in one task were
  // one long task of 110-170 ms at a phone's speed, blocking the page as it started (issue 35).
  var files = ((script && script.getAttribute("data-preload")) || "").split(" ").filter(Boolean);
  function preloadNext() {
    var file = files.shift();
    if (!file) return;
    var link = document.createElement("link");
    link.rel = "modulepreload";
    link.href = file;
    document.head.appendChild(link);
    setTimeout(preloadNext, 0);
  }
  document.addEventListener("DOMContentLoaded", function () {
    requestAnimationFrame(function () {
      setTimeout(preloadNext, 0);
    });
  });
})();
