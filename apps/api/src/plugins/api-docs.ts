import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance } from "fastify";

const viewport = '<meta name="viewport" content="width=device-width, initial-scale=1">';

/**
 * The OpenAPI document at `<prefix>/openapi.json` and Swagger UI at `<prefix>/docs`, with and
 * without a trailing slash. Swagger UI builds absolute asset addresses from its own route prefix
 * only, so the enclosing prefix (/api) is passed as `indexPrefix`; its page has no viewport, so
 * one is added for phones.
 *
 * The page is Ledgerline's, not Fastify's: Swagger UI's base layout has no top bar (the plugin
 * puts Fastify's logo there, over Swagger's own, whose inline `<style>` the page's strict CSP
 * refuses with a console error), and no favicon links (the plugin's are Fastify's), so the
 * browser shows the site's own /favicon.ico.
 */
export async function apiDocsPlugin(app: FastifyInstance, options: { document: object }) {
  await app.register(swagger, {
    mode: "static",
    specification: { document: options.document as never },
  });
  app.addHook("onSend", async (_req, reply, payload) => {
    const type = reply.getHeader("content-type");
    if (typeof payload !== "string" || !String(type).startsWith("text/html")) return payload;
    return payload.replace("<head>", `<head>\n${viewport}`);
  });
  await app.register(swaggerUi, {
    routePrefix: "/docs",
    indexPrefix: app.prefix,
    staticCSP: true,
    uiConfig: { layout: "BaseLayout" },
    theme: { title: "Ledgerline REST API", favicon: [] },
  });
  app.get("/openapi.json", { schema: { hide: true } }, () => app.swagger());
}
