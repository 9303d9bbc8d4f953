import { ssoErrorMessages, type SsoErrorReason } from "@ledgerline/contracts/browser";
import type { LoginAnswer } from "@ledgerline/contracts";
import type { UseNavigateResult } from "@tanstack/react-router";
import type { postJson } from "../../lib/rest";

const isReason = (reason: string): reason is SsoErrorReason =>
  Object.hasOwn(ssoErrorMessages, reason);

/**
 * The login page opened by the provider's callback (`?sso=<code>` or `?ssoError=<reason>`):
 * trades the one-time code for a session (or a two-factor challenge), or throws why the sign-in
 * failed in the reader's words. The page hands over its own `postJson`, so this chunk imports
 * nothing the page has already loaded (and the page's first bundle lists nothing to preload).
 */
export async function ssoReturn(
  navigate: UseNavigateResult<string>,
  post: typeof postJson,
): Promise<LoginAnswer> {
  const search = new URLSearchParams(location.search);
  const code = search.get("sso");
  const reason = search.get("ssoError") ?? "failed";
  // The code is good once: off the address at once, so a reload or Back does not offer it again.
  await navigate({ to: "/login", search: {}, replace: true });
  if (code) return post("/auth/sso/session", { code });
  throw new Error(ssoErrorMessages[isReason(reason) ? reason : "failed"]);
}
