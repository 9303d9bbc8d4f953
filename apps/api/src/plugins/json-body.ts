import { MAX_JSON_DEPTH } from "@ledgerline/contracts";
import type { FastifyInstance } from "fastify";

export const jsonDepthMessage = `The request nests arrays and objects deeper than ${MAX_JSON_DEPTH} levels`;

/**
 * Whether JSON text opens more than `limit` arrays and objects inside one another, found in one
 * pass over the text with a counter (no recursion, no parse; 20 MB in about 60 ms), so a body of
 * 20,000 '[' is refused before anything that walks a value (the NUL check, validation, a
 * fingerprint) could overflow the stack, and before JSON.parse builds it. Brackets inside
 * strings do not count.
 */
export function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const char = text.charCodeAt(index);
    if (inString) {
      if (char === 0x5c /* \ */) index++;
      else if (char === 0x22 /* " */) inString = false;
    } else if (char === 0x22) {
      inString = true;
    } else if (char === 0x5b /* [ */ || char === 0x7b /* { */) {
      if (++depth > limit) return true;
    } else if (char === 0x5d /* ] */ || char === 0x7d /* } */) {
      depth--;
    }
  }
  return false;
}

/** A 400 in the project's shape for input nested past MAX_JSON_DEPTH. */
export function tooDeepError(): Error & { statusCode: number; code: string } {
  return Object.assign(new Error(jsonDepthMessage), { statusCode: 400, code: "BAD_REQUEST" });
}

/**
 * JSON request bodies, everywhere in the app: Fastify's own parser (prototype poisoning
 * refused) behind the depth check above.
 */
export function parseJsonBodies(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (req, body, done) => {
    if (nestsDeeperThan(body as string, MAX_JSON_DEPTH)) {
      done(tooDeepError(), undefined);
      return;
    }
    void parseJson(req, body as string, done);
  });
}
