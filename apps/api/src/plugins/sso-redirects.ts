import { SSO_CALLBACK_PATH, SSO_START_PATH } from "@ledgerline/contracts";
import { finishSsoSignIn, SSO_ATTEMPT_TTL_MS, startSsoSignIn } from "@ledgerline/api/sso/sso-flow";
import { SsoRefusal } from "@ledgerline/api/sso/sso-refusal";
import { createContext } from "@ledgerline/api/platform/trpc/context";
import { parseCookie, stringifySetCookie } from "cookie";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

/** The browser's half of a sign-in's state: sent back only to the callback, never to scripts. */
const STATE_COOKIE = "ledgerline_sso_state";

/**
 * The two browser-facing steps of single sign-on, as redirects rather than JSON: GET start sends
 * the browser to the provider, GET callback takes the provider's answer and sends the browser to
 * the login page, with a one-time code (`/login?sso=`) or the reason it failed
 * (`/login?ssoError=`), never an error page. The logic is in @ledgerline/api/sso.
 */
export async function ssoRedirectsPlugin(app: FastifyInstance, { secure }: { secure: boolean }) {
  const stateCookie = (value: string, maxAge: number) =>
    stringifySetCookie({
      name: STATE_COOKIE,
      value,
      maxAge,
      httpOnly: true,
      secure,
      // Lax: the provider's redirect back is a top-level GET from another site, which Lax lets
      // the cookie ride along with; no other cross-site request carries it.
      sameSite: "lax",
      path: SSO_CALLBACK_PATH,
    });

  app.get(SSO_START_PATH.replace(/^\/api/, ""), async (req, reply) => {
    try {
      const started = await startSsoSignIn(await scopeOf(req));
      reply.header("set-cookie", stateCookie(started.state, SSO_ATTEMPT_TTL_MS / 1000));
      return await redirect(reply, started.url);
    } catch (error) {
      return refuse(reply, error);
    }
  });

  app.get(SSO_CALLBACK_PATH.replace(/^\/api/, ""), async (req, reply) => {
    const browserState = parseCookie(req.headers.cookie ?? "")[STATE_COOKIE];
    // Spent whatever happens: a state is good for one answer of the provider.
    reply.header("set-cookie", stateCookie("", 0));
    try {
      const search = req.url.includes("?") ? req.url.slice(req.url.indexOf("?")) : "";
      const code = await finishSsoSignIn(await scopeOf(req), { search, browserState });
      return await redirect(reply, `/login?sso=${encodeURIComponent(code)}`);
    } catch (error) {
      return refuse(reply, error);
    }
  });
}

function scopeOf(req: FastifyRequest) {
  return createContext({ req });
}

function redirect(reply: FastifyReply, location: string) {
  // Not a page anyone should keep: the provider's URL carries a state, the login page's a code.
  return reply.header("cache-control", "no-store").redirect(location, 302);
}

function refuse(reply: FastifyReply, error: unknown) {
  if (!(error instanceof SsoRefusal)) throw error;
  return redirect(reply, `/login?ssoError=${error.reason}`);
}
