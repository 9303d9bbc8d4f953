import type {} from "@fastify/swagger";
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from "fastify";
import { onUseCompilers } from "../schema-compilers";

const viewport = '<meta name="viewport" content="width=device-width, initial-scale=1">';

export interface ApiDocsOptions {
  /** The OpenAPI document, made by the first request for it or for the docs page. */
  document: () => object;
  /** The application's router options, so that the docs' addresses match as the app's do. */
  routerOptions: FastifyServerOptions["routerOptions"];
}

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
async function docsRoutes(app: FastifyInstance, options: { document: object }) {
  const [{ default: swagger }, { default: swaggerUi }] = await Promise.all([
    import("@fastify/swagger"),
    import("@fastify/swagger-ui"),
  ]);
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

/**
 * The docs' addresses under the prefix, as Swagger UI 6 and the document route declare them; the
 * application declares the same, so an address the docs do not have is its 404 as before (not
 * counted against the request limit). test/platform/api-docs.test.ts holds this list to the
 * docs instance's own routes.
 */
export const DOCS_ROUTES = [
  "/docs",
  "/docs/static/index.html",
  "/docs/static/swagger-initializer.js",
  "/docs/json",
  "/docs/yaml",
  "/docs/static/*",
  "/openapi.json",
] as const;

/** The docs' own Fastify instance, and the addresses (GET) its routes were declared at. */
export async function docsServer(
  prefix: string,
  options: Pick<ApiDocsOptions, "routerOptions"> & { document: object },
) {
  const instance = Fastify({
    routerOptions: options.routerOptions,
    schemaController: { compilersFactory: onUseCompilers },
  });
  const routes: string[] = [];
  instance.addHook("onRoute", (route) => {
    if ([route.method].flat().includes("GET")) routes.push(route.url.slice(prefix.length));
  });
  await instance.register(docsRoutes, { prefix, document: options.document });
  await instance.ready();
  return { instance, routes };
}

/** Headers of the docs' own answer that the application's answer sets for itself. */
const ownHeaders = new Set([
  "content-length",
  "transfer-encoding",
  "connection",
  "keep-alive",
  "date",
]);

/**
 * The docs' routes (above) live in a Fastify instance of their own, made by the first request
 * for them: @fastify/swagger and Swagger UI require yaml as they load (72 modules), and the
 * document is every REST route's schemas in JSON, ~2 MB of an idle server's heap together that
 * only a reader of the docs needs (issue 35). The application answers the same addresses by
 * asking that instance for the request's address and sending its answer on, so its own hooks
 * (security headers, request ids, the request limit) apply as before, and a file the docs do not
 * have is the application's 404 (with the docs' CSP, as before).
 */
export async function apiDocsPlugin(app: FastifyInstance, options: ApiDocsOptions) {
  let docs: Promise<FastifyInstance> | undefined;
  const docsApp = () =>
    (docs ??= docsServer(app.prefix, {
      routerOptions: options.routerOptions,
      document: options.document(),
    })
      .then(({ instance }) => instance)
      .catch((error: unknown) => {
        docs = undefined;
        throw error;
      }));
  app.addHook("onClose", async () => {
    if (docs) await (await docs.catch(() => undefined))?.close();
  });

  async function forward(req: FastifyRequest, reply: FastifyReply) {
    const answer = await (
      await docsApp()
    ).inject({ method: "GET", url: req.url, headers: req.headers });
    if (answer.statusCode >= 500) throw new Error(`API docs answered ${answer.statusCode}`);
    const missing = answer.statusCode === 404;
    for (const [name, value] of Object.entries(answer.headers)) {
      // A missing file's answer is the application's 404, with the docs' CSP as before.
      if (value === undefined || ownHeaders.has(name) || (missing && name === "content-type")) {
        continue;
      }
      reply.header(name, value);
    }
    if (missing) return reply.callNotFound();
    reply.code(answer.statusCode);
    // A redirect has no body, and no content type either.
    return answer.rawPayload.length > 0 ? reply.send(answer.rawPayload) : reply.send();
  }

  for (const url of DOCS_ROUTES) app.get(url, { schema: { hide: true } }, forward);
}
