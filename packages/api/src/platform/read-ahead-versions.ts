import type { UserRow } from "@ledgerline/db";
import { EVERYONE, MARKET, USER_LIST, userData } from "./data-versions";

/**
 * The data versions a signed-in read's cached answer is looked up under, read together with the
 * session revocations when a request's session is answered from memory: one Redis round trip per
 * kept answer, not one for the session and another for the answer. They are keyed by the user
 * row that request's session lookup returned (a copy per request), so one request never uses
 * what another read: a read after the user's own write always sees the write's bump.
 */
const readAhead = new WeakMap<object, ReadAhead>();

/** What was read ahead: the own answers' versions, and the user list's for an admin. */
export interface ReadAhead {
  /** The values of ownAnswerVersions, joined by dots as DataVersions.read gives them. */
  own: string;
  /** The user list's version (USER_LIST), read ahead for an admin only. */
  userList?: string;
}

/** The versions a user's own answers depend on (services/answer-cache.ts), in the order read. */
export const ownAnswerVersions = (userId: number) => [EVERYONE, MARKET, userData(userId)];

/**
 * The versions read ahead for a user, in order: their own answers', then for an admin the user
 * list's too (the admin's hot read), so it costs no second round trip either.
 */
export const readAheadVersions = (user: UserRow) =>
  user.isAdmin ? [...ownAnswerVersions(user.id), USER_LIST] : ownAnswerVersions(user.id);

/** Keeps what was read for readAheadVersions(user): their values joined by dots. */
export function keepReadAhead(user: UserRow, values: string): void {
  if (!user.isAdmin) {
    readAhead.set(user, { own: values });
    return;
  }
  const last = values.lastIndexOf(".");
  readAhead.set(user, { own: values.slice(0, last), userList: values.slice(last + 1) });
}

/** What was read ahead for this request's user, once: a second use reads afresh. */
export function takeReadAhead(user: object): ReadAhead | undefined {
  const versions = readAhead.get(user);
  readAhead.delete(user);
  return versions;
}
