// Imports nothing: a route's search validation is in the route definitions' chunk every page
// loads, so what it imports must not pull in the API client (the first-route budget).

/** `?account=<id>` as a page's search reads it: a positive whole number, or nothing. */
export function accountSearch(value: unknown): number | undefined {
  const account = Number(value);
  return Number.isInteger(account) && account > 0 ? account : undefined;
}
