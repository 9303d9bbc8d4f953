import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { securityHeadersPlugin } from "../../src/plugins/security-headers";
import { webPlugin } from "../../src/plugins/web";

/** The files the web build adds to make the app installable (vite-plugin-pwa, apps/web). */
describe("the installable app's files", () => {
  const root = mkdtempSync(join(tmpdir(), "ledgerline-web-"));
  mkdirSync(join(root, "assets"));
  writeFileSync(join(root, "index.html"), "<html><head></head><body></body></html>");
  writeFileSync(join(root, "sw.js"), 'define(["./workbox-4db61445"], () => {});');
  writeFileSync(join(root, "workbox-4db61445.js"), "define([], () => {});");
  writeFileSync(join(root, "manifest.webmanifest"), '{"name":"Ledgerline"}');
  writeFileSync(join(root, "assets", "page-abc123.js"), "export {};");
  const app = Fastify();

  beforeAll(async () => {
    await app.register(securityHeadersPlugin);
    await app.register(webPlugin, { root });
  });
  afterAll(() => app.close());

  it("serves the service worker as script the browser asks again for every update check", async () => {
    const worker = await app.inject({ method: "GET", url: "/sw.js" });
    expect(worker.statusCode).toBe(200);
    expect(worker.headers["content-type"]).toMatch(/^(text|application)\/javascript/);
    expect(worker.headers["cache-control"]).toBe("no-cache");
    const runtime = await app.inject({ method: "GET", url: "/workbox-4db61445.js" });
    expect(runtime.headers["content-type"]).toMatch(/^(text|application)\/javascript/);
    expect(runtime.headers["cache-control"]).toBe("no-cache");
  });

  it("serves the manifest as a web app manifest, revalidated", async () => {
    const manifest = await app.inject({ method: "GET", url: "/manifest.webmanifest" });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers["content-type"]).toMatch(/^application\/manifest\+json/);
    expect(manifest.headers["cache-control"]).toBe("no-cache");
  });

  it("keeps hashed code cached for a year", async () => {
    const code = await app.inject({ method: "GET", url: "/assets/page-abc123.js" });
    expect(code.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  it("lets the page register a same-origin worker and read its manifest, and nothing else", async () => {
    const page = await app.inject({ method: "GET", url: "/landing" });
    const directives = String(page.headers["content-security-policy"])
      .split(";")
      .map((part) => part.trim());
    expect(directives).toContain("worker-src 'self'");
    expect(directives).toContain("manifest-src 'self'");
  });
});
