// @vitest-environment happy-dom
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { runInThisContext } from "node:vm";
import { afterEach, describe, expect, it } from "vitest";
import { prerenderShell } from "../src/prerender";

/**
 * What public/app-shell.js fills in of a signed-in page's prerendered loading layout before its
 * first paint, from the tab's own storage (issue 14): the build knows neither the user's name nor
 * which intros the reader closed.
 */
const appShell = readFileSync(join(import.meta.dirname, "..", "public", "app-shell.js"), "utf8");

/**
 * The page's first load in a tab whose storage `prepare` sets: app-shell.js runs in <head>, then
 * the parser adds the layout (prerendered first: the build's stand-in session leaves storage).
 */
async function firstPaint(
  path: string,
  prepare: () => void,
  translate: (html: string) => string = (html) => html,
): Promise<Document> {
  localStorage.clear();
  const html = translate(await prerenderShell(path));
  prepare();
  document.documentElement.className = "";
  document.body.innerHTML = "";
  runInThisContext(appShell);
  document.body.innerHTML = `<div id="root"><div data-app-shell>${html}</div></div><div hidden></div>`;
  // Mutation records arrive in a microtask: within the parser's task, before the paint.
  await Promise.resolve();
  await Promise.resolve();
  const painted = document.body.innerHTML;
  // The parser's end: app-shell.js stops watching (and fills in nothing more).
  document.dispatchEvent(new Event("DOMContentLoaded"));
  expect(document.body.innerHTML).toBe(painted);
  return document;
}

function signIn(user: { name: string; previousLoginDate: string | null }) {
  sessionStorage.setItem("token", "t");
  sessionStorage.setItem(
    "user",
    JSON.stringify({ ...user, expiresAt: new Date(Date.now() + 3_600_000).toISOString() }),
  );
}

afterEach(() => {
  sessionStorage.clear();
  localStorage.clear();
});

describe("a signed-in page's first paint", () => {
  it("greets the user by name on the landing page, as the page will", async () => {
    const doc = await firstPaint("/landing", () =>
      signIn({ name: "Dana Demo", previousLoginDate: "2026-11-01T10:00:00.000Z" }),
    );
    const heading = doc.querySelector("main h1")!;
    expect(heading.textContent).toBe("Welcome back, Dana Demo!");
    expect(heading.querySelector("[aria-hidden]"), "no grey block left").toBeNull();
  });

  it("says Welcome, not Welcome back, on a first sign-in", async () => {
    const doc = await firstPaint("/landing", () =>
      signIn({ name: "Ann <b>New</b>", previousLoginDate: null }),
    );
    const heading = doc.querySelector("main h1")!;
    expect(heading.textContent).toBe("Welcome, Ann <b>New</b>!");
    expect(heading.querySelector("b")).toBeNull();
  });

  it("greets in the words of the build's language, which the layout carries", async () => {
    // A German build's layout: the same page with the catalog's German greetings.
    const german = (html: string) =>
      html
        .replace(
          'data-welcome-back="Welcome back, {name}!"',
          'data-welcome-back="Willkommen zurück, {name}!"',
        )
        .replace('data-welcome="Welcome, {name}!"', 'data-welcome="Willkommen, {name}!"');
    let doc = await firstPaint(
      "/landing",
      () => signIn({ name: "Dana Demo", previousLoginDate: "2026-11-01T10:00:00.000Z" }),
      german,
    );
    expect(doc.querySelector("main h1")!.textContent).toBe("Willkommen zurück, Dana Demo!");
    doc = await firstPaint(
      "/landing",
      () => signIn({ name: "Ann", previousLoginDate: null }),
      german,
    );
    expect(doc.querySelector("main h1")!.textContent).toBe("Willkommen, Ann!");
  });

  it("names the user in the account page's greeting", async () => {
    const doc = await firstPaint("/account", () =>
      signIn({ name: "Dana Demo", previousLoginDate: null }),
    );
    expect(doc.querySelector("main h1 + p")!.textContent).toBe(
      "Welcome, Dana Demo. Manage your sign-in details here.",
    );
  });

  it("keeps an intro the reader closed closed, and an unclosed one open", async () => {
    const reader = (open: boolean) => () => {
      signIn({ name: "Dana Demo", previousLoginDate: null });
      localStorage.setItem("dashboard_intro", String(open));
    };
    let doc = await firstPaint("/stock-dashboard", reader(false));
    const intro = () => doc.querySelector("[data-intro=dashboard_intro]")!;
    expect(intro().querySelector("[data-intro-body]")!.hasAttribute("hidden")).toBe(true);
    expect(intro().querySelector("button")!.getAttribute("aria-expanded")).toBe("false");

    doc = await firstPaint("/stock-dashboard", reader(true));
    expect(intro().querySelector("[data-intro-body]")!.hasAttribute("hidden")).toBe(false);
    expect(intro().textContent).toContain("Every stock on your watchlist");
  });

  it("fills in nothing in a tab without a session (the layout stays hidden there)", async () => {
    const doc = await firstPaint("/landing", () =>
      localStorage.setItem("dashboard_intro", "false"),
    );
    expect(doc.documentElement.classList.contains("no-session")).toBe(true);
    expect(doc.querySelector("main h1")!.textContent).toBe("Welcome back, ");
  });
});
