import { QueryClient, QueryObserver, dehydrate, hydrate } from "@tanstack/react-query";
import { afterEach, describe, expect, it } from "vitest";
import { asLastLoaded, figuresAsOf, isKeptRead, mergedKept } from "../src/lib/offline/kept-reads";

const clients: QueryClient[] = [];
afterEach(() => {
  for (const client of clients.splice(0)) client.clear();
});

/** A tRPC query's key: its procedure's path, and its input. */
const keyOf = (path: string) => [path.split("."), { type: "query" }];

function cacheWith(reads: Record<string, { data?: unknown; at?: number }>) {
  const client = new QueryClient();
  clients.push(client);
  for (const [path, { data, at }] of Object.entries(reads)) {
    if (data !== undefined) client.setQueryData(keyOf(path), data, { updatedAt: at });
    else client.getQueryCache().build(client, { queryKey: keyOf(path) });
  }
  return client;
}

const read = (client: QueryClient, path: string) =>
  client.getQueryCache().find({ queryKey: keyOf(path) })!;

/** A screen showing the read: an observer that never fetches (its answer never comes). */
function shown(client: QueryClient, path: string) {
  const observer = new QueryObserver(client, {
    queryKey: keyOf(path),
    queryFn: () => new Promise(() => undefined),
    staleTime: Infinity,
  });
  observer.subscribe(() => undefined);
}

describe("the reads kept for reading offline", () => {
  it("keeps figures, positions and watchlists, never the account's secrets or the session", () => {
    const client = cacheWith({
      "portfolioSummary.get": { data: { total: "10" } },
      "portfolio.list": { data: [] },
      "watchlist.list": { data: [] },
      "apiKeys.list": { data: [{ name: "key" }] },
      "mfa.status": { data: { enabled: true } },
      "auth.session": { data: { id: 1 } },
      "account.get": { data: { email: "a@example.com" } },
    });
    const kept = dehydrate(client, { shouldDehydrateQuery: isKeptRead }).queries.map((query) =>
      (query.queryKey[0] as string[]).join("."),
    );
    expect(kept.sort()).toEqual(["portfolio.list", "portfolioSummary.get", "watchlist.list"]);
  });

  it("keeps a read whose refresh failed, stored as the answer it last had", async () => {
    const client = cacheWith({ "portfolio.list": { data: [{ symbol: "AAPL" }], at: 1000 } });
    await client
      .fetchQuery({
        queryKey: keyOf("portfolio.list"),
        queryFn: () => Promise.reject(new Error("Failed to fetch")),
        staleTime: 0,
        retry: false,
      })
      .catch(() => undefined);
    expect(read(client, "portfolio.list").state.status).toBe("error");

    const stored = asLastLoaded(dehydrate(client, { shouldDehydrateQuery: isKeptRead }));
    expect(stored.queries).toHaveLength(1);
    expect(stored.queries[0]!.state).toMatchObject({
      status: "success",
      error: null,
      data: [{ symbol: "AAPL" }],
      dataUpdatedAt: 1000,
    });

    const restored = new QueryClient();
    clients.push(restored);
    hydrate(restored, stored);
    expect(read(restored, "portfolio.list").state).toMatchObject({
      status: "success",
      data: [{ symbol: "AAPL" }],
    });
  });

  it("never keeps a write", () => {
    const client = cacheWith({ "portfolio.list": { data: [] } });
    const state = dehydrate(client);
    expect(asLastLoaded({ ...state, mutations: [{} as never] }).mutations).toEqual([]);
  });
});

describe("the time the offline banner gives", () => {
  it("is the oldest answer the open page shows, not one it no longer shows", () => {
    const client = cacheWith({
      "portfolioSummary.get": { data: {}, at: 5_000 },
      "portfolio.list": { data: [], at: 3_000 },
      "watchlist.list": { data: [], at: 1_000 },
      "account.get": { data: {}, at: 500 },
      "market.summary": {},
    });
    for (const path of ["portfolioSummary.get", "portfolio.list", "account.get", "market.summary"])
      shown(client, path);
    expect(figuresAsOf(client.getQueryCache().getAll())).toBe(3_000);
  });

  it("is none while the page shows no answer", () => {
    const client = cacheWith({ "market.summary": {}, "watchlist.list": { data: [], at: 1_000 } });
    shown(client, "market.summary");
    expect(figuresAsOf(client.getQueryCache().getAll())).toBeUndefined();
  });
});

describe("what the device keeps after a page's write", () => {
  const written = (buster: string, reads: Record<string, { data: unknown; at: number }>) => {
    const client = cacheWith(reads);
    return JSON.stringify({ buster, timestamp: 0, clientState: dehydrate(client) });
  };
  const keptOf = (text: string) =>
    Object.fromEntries(
      (JSON.parse(text) as { clientState: ReturnType<typeof dehydrate> }).clientState.queries.map(
        (query) => [(query.queryKey[0] as string[]).join("."), query.state.data],
      ),
    );

  it("keeps another page's reads, and the newer of two answers to one read", () => {
    const before = written("1", {
      "watchlist.list": { data: ["AAPL"], at: 1_000 },
      "portfolio.list": { data: ["old"], at: 1_000 },
    });
    const page = written("1", { "portfolio.list": { data: ["new"], at: 2_000 } });
    expect(keptOf(mergedKept(before, page, 0))).toEqual({
      "watchlist.list": ["AAPL"],
      "portfolio.list": ["new"],
    });
  });

  it("drops what another build kept and what is older than the oldest kept", () => {
    const page = written("2", { "portfolio.list": { data: ["new"], at: 2_000 } });
    expect(
      keptOf(mergedKept(written("1", { "watchlist.list": { data: [], at: 1_500 } }), page, 0)),
    ).toEqual({ "portfolio.list": ["new"] });
    expect(
      keptOf(mergedKept(written("2", { "watchlist.list": { data: [], at: 500 } }), page, 1_000)),
    ).toEqual({ "portfolio.list": ["new"] });
    expect(keptOf(mergedKept(undefined, page, 0))).toEqual({ "portfolio.list": ["new"] });
    expect(keptOf(mergedKept("not json", page, 0))).toEqual({ "portfolio.list": ["new"] });
  });
});
