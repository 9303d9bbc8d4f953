import { getPublisherFavicon } from "@ledgerline/market";
import type { FastifyInstance } from "fastify";

/**
 * The simulated news publishers' favicons, served from our own origin (the CSP allows no
 * third-party images). Public, since an <img> sends no bearer token.
 */
export async function faviconsPlugin(app: FastifyInstance) {
  app.get<{ Params: { file: string } }>("/market/favicons/:file", (req, reply) => {
    const svg = /^([a-z0-9-]{1,60})\.svg$/.exec(req.params.file)?.[1];
    const body = svg ? getPublisherFavicon(svg) : undefined;
    if (!body) return reply.code(404).send({ message: "No such favicon" });
    return reply.type("image/svg+xml").header("cache-control", "public, max-age=86400").send(body);
  });
}
