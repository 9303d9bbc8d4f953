import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { webPlugin } from "../../src/plugins/web";
import { languageCookie } from "@ledgerline/contracts";
import { requestLanguage } from "../../src/plugins/web-language";

function build(root: string, words: string, asset: string, worker: string) {
  mkdirSync(join(root, "prerendered"), { recursive: true });
  mkdirSync(join(root, "assets"));
  writeFileSync(join(root, "index.html"), `<html><body>${words} app</body></html>`);
  writeFileSync(join(root, "prerendered", "login.html"), `<html><body>${words}</body></html>`);
  writeFileSync(join(root, worker), `// ${words} worker`);
  writeFileSync(join(root, "assets", asset), `export const words = "${words}";`);
}

/** One web build per language (decision 0065): the server answers in the request's language. */
describe("the web build of the request's language", () => {
  const root = join(mkdtempSync(join(tmpdir(), "ledgerline-web-")), "dist");
  build(root, "Sign in to Ledgerline", "en-1.js", "sw.js");
  build(`${root}-de`, "Bei Ledgerline anmelden", "de-1.js", "sw-de.js");
  const app = Fastify();
  beforeAll(() => app.register(webPlugin, { root }));
  afterAll(() => app.close());

  const get = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: "GET", url, headers });

  it("serves English without a cookie or Accept-Language, and for a language without a build", async () => {
    expect((await get("/login")).body).toContain("Sign in to Ledgerline");
    expect((await get("/login", { "accept-language": "fr-FR,fr;q=0.9" })).body).toContain(
      "Sign in to Ledgerline",
    );
  });

  it("serves the German build's pages, shell and worker to a German browser", async () => {
    const german = { "accept-language": "de-CH,de;q=0.9,en;q=0.8" };
    const page = await get("/login", german);
    expect(page.body).toContain("Bei Ledgerline anmelden");
    expect(page.headers.vary).toContain("Accept-Language");
    expect((await get("/holdings", german)).body).toContain("Bei Ledgerline anmelden app");
    // Each language's worker has a script of its own (apps/web/vite.config.ts): an English
    // worker's update check finds the English one whatever the cookie says.
    expect((await get("/sw-de.js", german)).body).toContain("Bei Ledgerline anmelden worker");
    expect((await get("/sw-de.js")).body).toContain("Bei Ledgerline anmelden worker");
    expect((await get("/sw.js", german)).body).toContain("Sign in to Ledgerline worker");
  });

  it("lets the language cookie (the account's choice) win over Accept-Language", async () => {
    const page = await get("/login", {
      cookie: `theme=dark; ${languageCookie}=de`,
      "accept-language": "en-US",
    });
    expect(page.body).toContain("Bei Ledgerline anmelden");
    const english = await get("/login", {
      cookie: `${languageCookie}=en`,
      "accept-language": "de",
    });
    expect(english.body).toContain("Sign in to Ledgerline");
  });

  it("finds another build's code for a page opened before a switch", async () => {
    expect((await get("/assets/de-1.js")).statusCode).toBe(200);
    expect((await get("/assets/en-1.js", { cookie: `${languageCookie}=de` })).statusCode).toBe(200);
    expect((await get("/assets/none.js")).statusCode).toBe(404);
  });

  it("weighs Accept-Language by q", () => {
    expect(requestLanguage({ "accept-language": "fr;q=1, es;q=0.5, de;q=0.7" })).toBe("de");
    expect(requestLanguage({ "accept-language": "de;q=0, es" })).toBe("es");
  });
});
