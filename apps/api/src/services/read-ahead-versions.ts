import { EVERYONE, MARKET, userData } from "./data-versions";

/**
 * The data versions a signed-in read's cached answer is looked up under, read together with the
 * session revocations when a request's session is answered from memory: one Redis round trip per
 * kept answer, not one for the session and another for the answer. They are keyed by the user
 * row that request's session lookup returned (a copy per request), so one request never uses
 * what another read: a read after the user's own write always sees the write's bump.
 */
const readAhead = new WeakMap<object, string>();

/** The versions a user's own answers depend on (services/answer-cache.ts), in the order read. */
export const ownAnswerVersions = (userId: number) => [EVERYONE, MARKET, userData(userId)];

export function keepReadAhead(user: object, versions: string): void {
  readAhead.set(user, versions);
}

/** What was read ahead for this request's user, once: a second use reads afresh. */
export function takeReadAhead(user: object): string | undefined {
  const versions = readAhead.get(user);
  readAhead.delete(user);
  return versions;
}
