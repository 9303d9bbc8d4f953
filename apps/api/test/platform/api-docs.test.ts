import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DOCS_ROUTES, docsServer } from "../../src/plugins/api-docs";
import { startTestApp, type TestApp } from "../support/test-app";

let t: TestApp;
beforeEach(async () => {
  t = await startTestApp();
});
afterEach(() => t.close());

/** The addresses of the stylesheets, icons and scripts a page asks for, resolved as a browser does. */
function assetUrls(html: string, pageUrl: string) {
  const base = new URL(pageUrl, "http://ledgerline.test");
  return [...html.matchAll(/\s(?:href|src)="([^"]+)"/g)].map(
    ([, address]) => new URL(address!, base).pathname,
  );
}

describe("the REST API docs page", () => {
  it.each(["/api/docs", "/api/docs/"])("loads every asset it asks for at %s", async (pageUrl) => {
    const page = await t.app.inject({ method: "GET", url: pageUrl });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toContain("text/html");
    const assets = assetUrls(page.body, pageUrl);
    expect(assets).toEqual(
      expect.arrayContaining([
        "/api/docs/static/swagger-ui.css",
        "/api/docs/static/swagger-ui-bundle.js",
        "/api/docs/static/swagger-initializer.js",
      ]),
    );
    for (const asset of assets) {
      const answer = await t.app.inject({ method: "GET", url: asset });
      expect(answer.statusCode, asset).toBe(200);
    }
    // The initializer asks for the document at ./json beside the page.
    const document = await t.app.inject({ method: "GET", url: "/api/docs/json" });
    expect(document.json()).toMatchObject({ info: { title: "Ledgerline REST API" } });
  });

  it("lays the page out at a phone's width instead of as a zoomed-out desktop page", async () => {
    const page = await t.app.inject({ method: "GET", url: "/api/docs" });
    expect(page.body).toContain(
      '<meta name="viewport" content="width=device-width, initial-scale=1">',
    );
  });

  it("carries no Fastify branding: no top bar logo and the site's own favicon", async () => {
    const page = await t.app.inject({ method: "GET", url: "/api/docs" });
    expect(page.body).not.toMatch(/favicon-\d+x\d+\.png/);
    expect(page.body).not.toContain('rel="icon"');
    const initializer = await t.app.inject({
      method: "GET",
      url: "/api/docs/static/swagger-initializer.js",
    });
    expect(initializer.body).toMatch(/const config = \{"layout":"BaseLayout"\}/);
  });

  it("is answered at every address the docs' own instance has, and at no other", async () => {
    const { instance, routes } = await docsServer("/api", {
      routerOptions: { caseSensitive: false, ignoreTrailingSlash: true },
      document: {},
    });
    await instance.close();
    expect([...routes].sort()).toEqual([...DOCS_ROUTES].sort());
  });
});
