import type { SsoErrorReason } from "@ledgerline/contracts";

/**
 * A sign-in through the provider that cannot go on: the browser is sent back to the login page,
 * which says why (`ssoErrorMessages[reason]`). Never a 5xx: the provider's failures are the
 * reader's to retry, not the server's.
 */
export class SsoRefusal extends Error {
  constructor(
    readonly reason: SsoErrorReason,
    /** What the audit log records (the provider's own words, when it gave any). */
    readonly detail: string = reason,
  ) {
    super(detail);
    this.name = "SsoRefusal";
  }
}
