import type { HistoryUpdate, PortfolioSummary } from "@ledgerline/contracts";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { pinnedOpenMarket } from "../support/portfolio-support";
import { RedisDeployment } from "../support/redis-deployment";
import { dropKeys, redisForTests, uniqueRedisPrefix } from "../support/services";
import { startTestApp, TestClock, type TestApp } from "../support/test-app";

// The pinned market's day is 2026-03-11: a buy on 2 February restates five weeks of history.
const backDated = { symbol: "AAPL", quantity: "2", purchasePrice: "100" };

const opened: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const app of opened.splice(0).reverse()) await app.close();
  vi.restoreAllMocks();
});

/** A buy through the REST door; without a date, now. */
async function buy(t: TestApp, token: string, purchaseDate?: string) {
  const bought = await t.request("POST", "/api/portfolio", {
    token,
    body: { ...backDated, ...(purchaseDate && { purchaseDate }), notes: "" },
  });
  expect(bought.status, bought.text).toBe(200);
}

/** Holds every recompute at its store until the answer is called: it is seen running. */
function holdRecomputes(t: TestApp): () => void {
  const snapshots = t.app.deps.repos.snapshots;
  const save = snapshots.save.bind(snapshots);
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  vi.spyOn(snapshots, "save").mockImplementation(async (rebuild) => {
    await held;
    return save(rebuild);
  });
  return release;
}

/** GET /api/portfolio/history/update and tRPC's portfolioSummary.historyUpdate, which agree. */
async function historyUpdate(t: TestApp, token: string): Promise<HistoryUpdate> {
  const rest = await t.request("GET", "/api/portfolio/history/update", { token });
  expect(rest.status).toBe(200);
  const trpc = await t.trpc("query", "portfolioSummary.historyUpdate", undefined, token);
  expect((trpc.body as unknown as { result: { data: unknown } }).result.data).toEqual(rest.body);
  return rest.body as unknown as HistoryUpdate;
}

describe("the history update read, in-process", () => {
  it("says from which day a back-dated trade's recompute restates, until it has stored", async () => {
    const t = await startTestApp({ market: pinnedOpenMarket() });
    opened.push(t);
    const user = await t.registerUser();
    const other = await t.registerUser();
    await buy(t, user.token, "2026-01-05T15:00:00Z");
    await t.settled();
    expect(await historyUpdate(t, user.token)).toEqual({ updating: false, from: null });

    // The recompute is held at its store, so the read is seen while it runs.
    const release = holdRecomputes(t);
    await buy(t, user.token, "2026-02-02T15:00:00Z");
    expect(await historyUpdate(t, user.token)).toEqual({ updating: true, from: "2026-02-02" });
    // Another user's history is not theirs.
    expect(await historyUpdate(t, other.token)).toEqual({ updating: false, from: null });

    release();
    await t.settled();
    expect(await historyUpdate(t, user.token)).toEqual({ updating: false, from: null });
  });

  it("answers the summary under the banner, not after the recompute, with its final figures", async () => {
    const t = await startTestApp({ market: pinnedOpenMarket() });
    opened.push(t);
    const user = await t.registerUser();
    await buy(t, user.token, "2026-01-05T15:00:00Z");
    await t.settled();
    const [position] = (await t.request("GET", "/api/portfolio", { token: user.token }))
      .body as unknown as { id: number }[];
    const sold = await t.request("POST", `/api/portfolio/${position!.id}/sell`, {
      token: user.token,
      body: { quantity: "1", price: "300" },
    });
    expect(sold.status, sold.text).toBe(200);
    await t.settled();

    const release = holdRecomputes(t);
    await buy(t, user.token, "2026-02-02T15:00:00Z");
    expect(await historyUpdate(t, user.token)).toEqual({ updating: true, from: "2026-02-02" });
    // Before the fix this read waited for the held recompute: it never answered while held.
    const summary = () => t.trpc("query", "portfolioSummary.get", undefined, user.token);
    const timeout = new Promise<"waited">((resolve) => setTimeout(() => resolve("waited"), 2_000));
    const during = await Promise.race([summary(), timeout]);
    expect(during).not.toBe("waited");

    release();
    await t.settled();
    const after = await summary();
    const figures = (answer: typeof after) => {
      const { pricedAt: _at, ...rest } = (answer.body as unknown as { result: { data: object } })
        .result.data as PortfolioSummary;
      return rest;
    };
    // The figures shown under the banner are the restated ones: nothing changes when it ends.
    expect(figures(during as typeof after)).toEqual(figures(after));
    expect(figures(after).returns.realizedGain).not.toBe("0");
  });

  it("answers the chart, returns, risk and monthly returns at once from the stored history, marked", async () => {
    const t = await startTestApp({ market: pinnedOpenMarket() });
    opened.push(t);
    const user = await t.registerUser();
    await buy(t, user.token, "2026-01-05T15:00:00Z");
    await t.settled();
    const reads = {
      history: "/api/portfolio/history?range=3M",
      returns: "/api/portfolio/performance?range=3M",
      holdings: "/api/portfolio/performance/holdings?range=3M",
      risk: "/api/portfolio/risk?range=3M",
      monthly: "/api/portfolio/returns/monthly",
    };
    type Answer = Record<string, unknown> & { points?: { date: string }[] };
    /** Each read through the REST door, or "waited" for one not answered within a second. */
    const readAll = async () => {
      const answers: Record<string, Answer | "waited"> = {};
      await Promise.all(
        Object.entries(reads).map(async ([name, url]) => {
          const waited = new Promise<"waited">((resolve) => setTimeout(resolve, 1_000, "waited"));
          const read = t.request("GET", url, { token: user.token }).then((answer) => {
            expect(answer.status, answer.text).toBe(200);
            return answer.body as unknown as Answer;
          });
          answers[name] = await Promise.race([read, waited]);
        }),
      );
      return answers as Record<keyof typeof reads, Answer | "waited">;
    };
    const before = await readAll();
    expect(Object.values(before)).not.toContain("waited");

    const release = holdRecomputes(t);
    await buy(t, user.token, "2026-02-02T15:00:00Z");
    // Before the change each of these waited for the held recompute.
    const during = await readAll();
    const from = { from: "2026-02-02" };
    for (const name of Object.keys(reads) as (keyof typeof reads)[]) {
      expect(during[name], name).not.toBe("waited");
      expect((during[name] as Answer).updating, name).toEqual(from);
    }
    // The chart stops before the restated days: those before are the stored, final ones.
    const stored = (before.history as Answer).points!;
    const shown = (during.history as Answer).points!;
    expect(shown.length).toBeGreaterThan(0);
    expect(shown).toEqual(stored.filter((point) => point.date < "2026-02-02"));
    const benchmark = (answer: Answer) =>
      (answer.benchmark as { points: { date: string }[] }).points;
    expect(benchmark(during.history as Answer)).toEqual(
      benchmark(before.history as Answer).filter((point) => point.date < "2026-02-02"),
    );
    // The figures over the period are the ones stored before the buy (not final, and marked).
    expect({ ...(during.returns as Answer), updating: undefined }).toEqual({
      ...(before.returns as Answer),
      updating: undefined,
    });

    release();
    await t.settled();
    const after = await readAll();
    for (const name of Object.keys(reads) as (keyof typeof reads)[]) {
      expect((after[name] as Answer).updating, name).toBeUndefined();
    }
    // The restated days are back, with the buy in them.
    const restated = (after.history as Answer).points!;
    expect(restated.length).toBe(stored.length);
    expect(restated.at(-1)).not.toEqual(stored.at(-1));
  });

  it("waits as before while no history is stored yet (the first recompute)", async () => {
    const t = await startTestApp({ market: pinnedOpenMarket() });
    opened.push(t);
    const user = await t.registerUser();
    const release = holdRecomputes(t);
    await buy(t, user.token, "2026-02-02T15:00:00Z");
    const history = t.request("GET", "/api/portfolio/history?range=3M", { token: user.token });
    const waited = new Promise<"waited">((resolve) => setTimeout(resolve, 1_000, "waited"));
    expect(await Promise.race([history, waited])).toBe("waited");
    release();
    const answer = await history;
    expect(answer.status).toBe(200);
    expect((answer.body as unknown as { updating?: unknown }).updating).toBeUndefined();
    await t.settled();
  });

  it("counts a trade of today as no update: no closed day is restated", async () => {
    // The app's clock on the market's day, as in a deployment (tests default to 2 March).
    const clock = new TestClock(Date.parse("2026-03-11T15:00:00Z"));
    const t = await startTestApp({ market: pinnedOpenMarket(), clock });
    opened.push(t);
    const user = await t.registerUser();
    vi.spyOn(t.app.deps.jobs, "enqueue").mockImplementation(() => {});
    await buy(t, user.token);
    expect(await t.app.deps.repos.snapshots.state(user.id)).toMatchObject({
      staleFrom: "2026-03-11",
    });
    expect(await historyUpdate(t, user.token)).toEqual({ updating: false, from: null });
  });

  it("answers 401 without a session", async () => {
    const t = await startTestApp({ market: pinnedOpenMarket() });
    opened.push(t);
    expect((await t.request("GET", "/api/portfolio/history/update")).status).toBe(401);
  });
});

const available = await redisForTests("the history update read on Redis");
const prefix = uniqueRedisPrefix("history-update");
afterAll(async () => {
  if (available) await dropKeys(prefix);
});

describe.skipIf(!available)("the history update read, with Redis", () => {
  it("shows a recompute queued for a worker, and clears once a worker has run it", async () => {
    const deployment = new RedisDeployment(prefix, pinnedOpenMarket);
    opened.push(deployment);
    const api = await deployment.api();
    const user = await api.registerUser();
    // No worker yet: the job waits in Redis, and the API process never runs it.
    await buy(api, user.token, "2026-02-02T15:00:00Z");
    expect(await historyUpdate(api, user.token)).toEqual({ updating: true, from: "2026-02-02" });

    await deployment.worker(api);
    await api.settled();
    expect(await historyUpdate(api, user.token)).toEqual({ updating: false, from: null });
  });
});
