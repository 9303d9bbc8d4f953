import { MAX_JSON_DEPTH } from "@ledgerline/contracts";
import { errorCodes, type FastifyInstance } from "fastify";
import { jsonThread } from "./json-thread";

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

/** Bodies longer than this are parsed on the parser's thread (json-thread.ts). */
const ON_THREAD_FROM = 256 * 1024;

/**
 * JSON request bodies, everywhere in the app: Fastify's own parser (prototype poisoning
 * refused) behind the depth check above. A large body (an import's file, up to 20 MB) is taken
 * as bytes, moved to a thread of its own, checked and parsed there: on the event loop the two
 * took 200-600 ms for 20 MB of escaped quotes (load 10-14). Taking the body as text and
 * cloning it to the thread and back held the loop 75-115 ms for a 9 MB import (29 Nov); as
 * bytes moved both ways, a few milliseconds.
 */
export function parseJsonBodies(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser("error", "error");
  const thread = jsonThread(nestsDeeperThan, MAX_JSON_DEPTH);
  app.addHook("onClose", async () => thread.close());
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "buffer" }, (req, body, done) => {
    const bytes = body as Buffer;
    if (bytes.length >= ON_THREAD_FROM) {
      thread.parse(bytes).then(
        (outcome) => {
          if (outcome.ok) done(null, outcome.value);
          else if (outcome.tooDeep) done(tooDeepError(), undefined);
          else done(new errorCodes.FST_ERR_CTP_INVALID_JSON_BODY(), undefined);
        },
        (error: Error) => done(error, undefined),
      );
      return;
    }
    const text = bytes.toString("utf8");
    if (nestsDeeperThan(text, MAX_JSON_DEPTH)) {
      done(tooDeepError(), undefined);
      return;
    }
    void parseJson(req, text, done);
  });
}
