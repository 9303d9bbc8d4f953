// Imports nothing: a route's search validation is in the route definitions' chunk every page
// loads, so what it imports must not pull in the API client (the first-route budget).

/** `?account=<id>` as a page's search reads it: a positive whole number, or nothing. */
export function accountSearch(value: unknown): number | undefined {
  const account = Number(value);
  return Number.isInteger(account) && account > 0 ? account : undefined;
}

/**
 * The search of a page filtered by account alone (the summary, income): `?account=<id>`, or
 * nothing for every account. Both its validateSearch and its Account filter's navigation.
 */
export function accountOnlySearch(account: unknown): { account?: number } {
  const id = accountSearch(account);
  return id === undefined ? {} : { account: id };
}
