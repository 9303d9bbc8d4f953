import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Fastify from "fastify";
import { afterAll, describe, expect, it } from "vitest";
import { pagePreloads, type ViteManifest } from "../../src/plugins/page-preloads";
import { webPlugin } from "../../src/plugins/web";

/** The shape of a Vite build manifest of the web app, cut down to a few routes. */
const manifest: ViteManifest = {
  "index.html": {
    file: "assets/index.js",
    isEntry: true,
    imports: ["_framework.js", "_routes.js"],
  },
  "_framework.js": { file: "assets/framework.js" },
  "_routes.js": { file: "assets/routes.js", imports: ["_framework.js"] },
  "_format.js": { file: "assets/format.js", imports: ["_framework.js"] },
  "src/lib/trpc.ts": { file: "assets/trpc.js", imports: ["_query.js"] },
  "_query.js": { file: "assets/query.js" },
  "src/routes/_app.tsx?tsr-split=component": { file: "assets/_app.js", imports: ["_query.js"] },
  "src/routes/_app/portfolio-summary.tsx?tsr-split=component": {
    file: "assets/portfolio-summary.js",
    imports: ["_format.js", "_routes.js"],
  },
  "src/routes/_app/portfolio-summary.tsx?tsr-split=errorComponent---notFoundComponent---pendingComponent":
    { file: "assets/portfolio-summary-pending.js" },
  "src/routes/_app/portfolio-summary.tsx?tsr-split=loader": {
    file: "assets/portfolio-summary-loader.js",
    imports: ["_routes.js"],
  },
  "src/routes/_app/research/$symbol.tsx?tsr-split=component": { file: "assets/research.js" },
  "src/routes/_app/crypto/index.tsx?tsr-split=component": { file: "assets/crypto-search.js" },
  "src/routes/_app/crypto/$symbol.tsx?tsr-split=component": { file: "assets/coin.js" },
  "src/routes/_app/crypto/compare.tsx?tsr-split=component": { file: "assets/compare.js" },
  "src/routes/_app/_admin/users.tsx?tsr-split=component": { file: "assets/users.js" },
  "src/routes/_app/_admin.tsx?tsr-split=component": { file: "assets/_admin.js" },
  "src/routes/terms.tsx?tsr-split=component": { file: "assets/terms.js" },
};

describe("page preloads", () => {
  const preloads = pagePreloads(manifest);
  const signedIn = ["assets/trpc.js", "assets/query.js", "assets/_app.js"];

  it("names a signed-in page's chunks, its layout's and the tRPC client's, never the entry's", () => {
    expect(preloads("/portfolio-summary")).toEqual([
      "assets/trpc.js",
      "assets/query.js",
      // The loader's first: the page's data requests wait for it, not for the rest.
      "assets/portfolio-summary-loader.js",
      "assets/_app.js",
      "assets/portfolio-summary.js",
      "assets/format.js",
      "assets/portfolio-summary-pending.js",
    ]);
  });

  it("matches parameters, index routes, nested layouts and a trailing slash", () => {
    expect(preloads("/research/AAPL")).toEqual([...signedIn, "assets/research.js"]);
    expect(preloads("/crypto")).toEqual([...signedIn, "assets/crypto-search.js"]);
    expect(preloads("/crypto/")).toEqual([...signedIn, "assets/crypto-search.js"]);
    expect(preloads("/crypto/BTC")).toEqual([...signedIn, "assets/coin.js"]);
    expect(preloads("/users")).toEqual([...signedIn, "assets/_admin.js", "assets/users.js"]);
  });

  it("prefers a literal path to a parameter that also matches it", () => {
    expect(preloads("/crypto/compare")).toEqual([...signedIn, "assets/compare.js"]);
  });

  it("gives a public page only its own chunk and an unknown path nothing", () => {
    expect(preloads("/terms")).toEqual(["assets/terms.js"]);
    expect(preloads("/no-such-page")).toEqual([]);
    expect(preloads("/research/AAPL/more")).toEqual([]);
  });
});

describe("the web app's HTML", () => {
  const root = mkdtempSync(join(tmpdir(), "ledgerline-web-"));
  mkdirSync(join(root, ".vite"));
  writeFileSync(join(root, ".vite", "manifest.json"), JSON.stringify(manifest));
  writeFileSync(
    join(root, "index.html"),
    '<html><head><script type="module" src="/assets/index.js"></script></head><body></body></html>',
  );
  const app = Fastify();
  afterAll(() => app.close());

  it("links the route's code for preloading, inside the head", async () => {
    await app.register(webPlugin, { root });
    const page = await app.inject({ method: "GET", url: "/research/MSFT?range=1Y" });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(page.headers["cache-control"]).toBe("no-cache");
    const head = page.body.slice(0, page.body.indexOf("</head>"));
    for (const file of ["trpc.js", "_app.js", "research.js"]) {
      expect(head).toContain(`<link rel="modulepreload" crossorigin href="/assets/${file}">`);
    }
    expect(head).not.toContain("framework.js");

    const unknown = await app.inject({ method: "GET", url: "/no-such-page" });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).not.toContain("modulepreload");
  });
});

describe("a signed-in page's prerendered loading layout", () => {
  const root = mkdtempSync(join(tmpdir(), "ledgerline-web-"));
  mkdirSync(join(root, ".vite"));
  mkdirSync(join(root, "prerendered", "shells"), { recursive: true });
  writeFileSync(join(root, ".vite", "manifest.json"), JSON.stringify(manifest));
  writeFileSync(join(root, "index.html"), "<html><head></head><body></body></html>");
  const shell = (name: string) =>
    `<html><head><title>${name} · Ledgerline</title>` +
    '<script src="/app-shell.js" data-preload="/assets/framework.js"></script></head>' +
    `<body><div id="root"><div data-app-shell><h1>${name}</h1></div></div></body></html>`;
  writeFileSync(join(root, "prerendered", "shells", "coin.html"), shell("__SYMBOL__ crypto"));
  writeFileSync(join(root, "prerendered", "shells", "compare.html"), shell("Compare"));
  writeFileSync(
    join(root, "prerendered", "shells.json"),
    JSON.stringify({
      "/crypto/$symbol": "prerendered/shells/coin.html",
      "/crypto/compare": "prerendered/shells/compare.html",
    }),
  );
  const app = Fastify();
  afterAll(() => app.close());

  it("is served for its page, with the address's symbol and the page's code to preload", async () => {
    await app.register(webPlugin, { root });
    const page = await app.inject({ method: "GET", url: "/crypto/%20btc?range=1Y" });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(page.headers["cache-control"]).toBe("no-cache");
    expect(page.body).toContain("<title>BTC crypto · Ledgerline</title>");
    expect(page.body).toContain("<h1>BTC crypto</h1>");
    expect(page.body).toContain(
      '<script src="/app-shell.js" data-preload="/assets/trpc.js /assets/query.js /assets/_app.js /assets/coin.js /assets/framework.js">',
    );
    expect(page.body).not.toContain("__SYMBOL__");
  });

  it("escapes the address's value, and prefers a literal path to a parameter", async () => {
    const page = await app.inject({ method: "GET", url: "/crypto/%3Cb%3E%22x" });
    expect(page.body).toContain("<h1>&lt;B&gt;&quot;X crypto</h1>");
    const compare = await app.inject({ method: "GET", url: "/crypto/compare" });
    expect(compare.body).toContain("<h1>Compare</h1>");
    expect(compare.body).toContain("/assets/compare.js");
  });

  it("leaves other addresses to the plain app", async () => {
    const other = await app.inject({ method: "GET", url: "/crypto/btc/more" });
    expect(other.statusCode).toBe(200);
    expect(other.body).not.toContain("data-app-shell");
  });
});

describe("a stock's research page as first served", () => {
  const root = mkdtempSync(join(tmpdir(), "ledgerline-web-"));
  mkdirSync(join(root, "prerendered", "shells"), { recursive: true });
  writeFileSync(join(root, "index.html"), "<html><head></head><body></body></html>");
  writeFileSync(
    join(root, "prerendered", "shells", "research.html"),
    '<html><head></head><body><div id="root"><div data-app-shell>' +
      "<h1><span>__COMPANY__</span> (__SYMBOL__)</h1></div></div></body></html>",
  );
  writeFileSync(
    join(root, "prerendered", "shells.json"),
    JSON.stringify({ "/research/$symbol": "prerendered/shells/research.html" }),
  );
  const names = new Map([
    ["AAPL", "Apple Inc."],
    ["ABC", 'A & "B" <C>'],
  ]);
  const app = Fastify();
  afterAll(() => app.close());

  it("names the company in its heading when the name is known without a provider call", async () => {
    await app.register(webPlugin, { root, companyName: (symbol) => names.get(symbol) });
    const page = await app.inject({ method: "GET", url: "/research/%20aapl" });
    expect(page.body).toContain("<h1><span>Apple Inc.</span> (AAPL)</h1>");
  });

  it("leaves the name empty (its grey block shows) for a company it does not know, and escapes a name", async () => {
    const unknown = await app.inject({ method: "GET", url: "/research/ZZZZ" });
    expect(unknown.body).toContain("<h1><span></span> (ZZZZ)</h1>");
    const odd = await app.inject({ method: "GET", url: "/research/abc" });
    expect(odd.body).toContain("<h1><span>A &amp; &quot;B&quot; &lt;C&gt;</span> (ABC)</h1>");
  });
});
