import { fixedClock, systemClock } from "@ledgerline/market";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { createSharedState, type SharedState } from "@ledgerline/api/platform/shared-state/index";
import { dropKeys, redisForTests, testRedisUrl, uniqueRedisPrefix } from "../../support/services";

const available = await redisForTests("the Redis shared-state suite");
const prefix = uniqueRedisPrefix("shared-state");
const opened: SharedState[] = [];
/** What the processes reported as failed Redis calls; only the test that kills one expects any. */
let failures: unknown[] = [];

/** One API process's view of the deployment's shared state. */
async function process(options: { marketNow?: number; leaseMs?: number } = {}) {
  const state = await createSharedState({
    redisUrl: testRedisUrl,
    redisKeyPrefix: prefix,
    marketClock: options.marketNow === undefined ? systemClock : fixedClock(options.marketNow),
    onError: (error) => failures.push(error),
    lease: options.leaseMs ? { leaseMs: options.leaseMs, renewMs: options.leaseMs / 4 } : {},
  });
  opened.push(state);
  return state;
}

afterEach(async () => {
  vi.restoreAllMocks();
  await Promise.all(opened.splice(0).map((state) => state.close()));
  failures = [];
});
afterAll(async () => {
  if (available) await dropKeys(prefix);
});

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(!available)("shared state in Redis (several API processes)", () => {
  afterEach(() => {
    expect(failures).toEqual([]);
  });

  it("gives a one-time value put by one process to the first process that takes it", async () => {
    const a = await process();
    const b = await process();
    await a.oneTimeValues.put("passkey-challenge:abc", "for ann", 60_000);
    const taken = await Promise.all([
      b.oneTimeValues.take("passkey-challenge:abc"),
      a.oneTimeValues.take("passkey-challenge:abc"),
    ]);
    expect(taken.sort()).toEqual(["for ann", undefined]);
    await a.oneTimeValues.put("passkey-challenge:short", "gone soon", 50);
    await settle(120);
    expect(await b.oneTimeValues.take("passkey-challenge:short")).toBeUndefined();
  });

  it("shares market cache entries between processes until their stale deadline", async () => {
    const now = Date.now();
    const a = await process({ marketNow: now });
    const b = await process({ marketNow: now });
    const entry = {
      value: { price: "101.5" },
      storedAt: now,
      freshUntil: now + 100,
      staleUntil: now + 60_000,
    };
    await a.marketCache.set("quote:AAPL", entry);
    expect(await b.marketCache.get("quote:AAPL")).toEqual(entry);
    // A process whose market clock is past the stale deadline reads nothing.
    const later = await process({ marketNow: now + 60_001 });
    expect(await later.marketCache.get("quote:AAPL")).toBeUndefined();
    await b.marketCache.delete("quote:AAPL");
    expect(await a.marketCache.get("quote:AAPL")).toBeUndefined();
  });

  it("runs concurrent work for one key once across processes, and every caller gets its result", async () => {
    const processes = await Promise.all([process(), process(), process()]);
    // Each process hears the owner's announcement; the owner's work ends only once every
    // process's bid for the lock has been answered, so no bid can come after the lock is gone.
    await Promise.all(processes.map((state) => state.signals.ready()));
    let bid!: () => void;
    const bids: Promise<unknown>[] = [];
    const allBid = new Promise<void>((resolve) => (bid = resolve));
    for (const { redis } of processes) {
      const set = redis!.set.bind(redis) as (...args: unknown[]) => Promise<unknown>;
      vi.spyOn(redis!, "set").mockImplementation(((...args: unknown[]) => {
        bids.push(set(...args));
        if (bids.length === processes.length) bid();
        return bids.at(-1);
      }) as never);
    }
    let runs = 0;
    const work = async () => {
      runs += 1;
      await allBid;
      await Promise.all(bids);
      return { symbol: "MSFT", price: "410.25" };
    };
    const results = await Promise.all(
      processes.flatMap((state) =>
        Array.from({ length: 10 }, () => state.singleFlight.run("snapshot:MSFT", work)),
      ),
    );
    expect(runs).toBe(1);
    expect(new Set(results.map((result) => JSON.stringify(result))).size).toBe(1);
  });

  it("lets waiters run the work themselves when the first process's work fails", async () => {
    const [a, b] = await Promise.all([process(), process()]);
    let started!: () => void;
    const aRuns = new Promise<void>((resolve) => (started = resolve));
    const failing = a.singleFlight.run("movers", async () => {
      started();
      await settle(50);
      throw new Error("upstream down");
    });
    // b asks only once a holds the lock and runs the work.
    await aRuns;
    const waiter = b.singleFlight.run("movers", async () => "from b");
    await expect(failing).rejects.toThrow("upstream down");
    expect(await waiter).toBe("from b");
  });

  it("keeps one upstream budget per provider for all processes together", async () => {
    const [a, b] = await Promise.all([process(), process()]);
    const limits = { polygon: { requests: 3, perMs: 60_000 } };
    const limiters = [a.providerRateLimiter(limits)!, b.providerRateLimiter(limits)!];
    const decisions = [];
    for (let i = 0; i < 5; i++) decisions.push(await limiters[i % 2]!.take("polygon"));
    expect(decisions.filter((decision) => decision.allowed)).toHaveLength(3);
    const refused = decisions.at(-1)!;
    expect(refused.allowed).toBe(false);
    expect(refused.allowed === false && refused.retryAfterMs).toBeGreaterThan(0);
    // A provider without a limit is never held back.
    expect(await limiters[0]!.take("sim")).toEqual({ allowed: true });
  });

  it("counts throttles across processes", async () => {
    const [a, b] = await Promise.all([process(), process()]);
    const counters = [a.counter("logins", 2, 60), b.counter("logins", 2, 60)];
    await counters[0]!.consume("203.0.113.9");
    await counters[1]!.consume("203.0.113.9");
    await expect(counters[0]!.consume("203.0.113.9")).rejects.toMatchObject({ remainingPoints: 0 });
  });

  it("gives a singleton job to exactly one process and hands it over when that one stops", async () => {
    const [a, b] = await Promise.all([process({ leaseMs: 400 }), process({ leaseMs: 400 })]);
    const events: string[] = [];
    const leaderA = a.leadership("refresher");
    const leaderB = b.leadership("refresher");
    /** Starts one process's bid; resolves when it gains the job. */
    const bid = (leadership: typeof leaderA, name: string) =>
      new Promise<void>((resolve) =>
        leadership.start({
          gained: () => {
            events.push(`${name}+`);
            resolve();
          },
          lost: () => events.push(`${name}-`),
        }),
      );
    await bid(leaderA, "a");
    const bLeads = bid(leaderB, "b");
    // B tries every 100 ms meanwhile, and must not take over.
    await settle(300);
    expect([leaderA.isLeader, leaderB.isLeader]).toEqual([true, false]);
    await leaderA.stop();
    await bLeads;
    expect([leaderA.isLeader, leaderB.isLeader]).toEqual([false, true]);
    expect(events).toEqual(["a+", "a-", "b+"]);
    await leaderB.stop();
  });

  it("keeps a leadership just gained when Redis answers slower than the renewal period", async () => {
    const a = await process({ leaseMs: 400 });
    const redis = a.redis!;
    const set = redis.set.bind(redis) as (...args: unknown[]) => Promise<unknown>;
    let slowAnswer: Promise<unknown> | undefined;
    // The first claim takes 150 ms to answer; the next tick is due after 100 ms.
    vi.spyOn(redis, "set").mockImplementationOnce(((...args: unknown[]) => {
      slowAnswer = settle(150).then(() => set(...args));
      return slowAnswer;
    }) as never);
    const events: string[] = [];
    const leader = a.leadership("slow-redis");
    leader.start({ gained: () => events.push("gained"), lost: () => events.push("lost") });
    await slowAnswer;
    expect(events).toEqual(["gained"]);
    expect(leader.isLeader).toBe(true);
    await leader.stop();
  });

  it.each([
    ["renewal", "eval"],
    ["claim", "set"],
  ] as const)(
    "stays stopped when stopped while its %s waits for Redis, and leaves the lease free",
    async (_, command) => {
      const a = await process({ leaseMs: 400 });
      const redis = a.redis!;
      const leader = a.leadership(`stopped-mid-${command}`);
      const events: string[] = [];
      if (command === "eval") {
        await new Promise<void>((resolve) =>
          leader.start({
            gained: () => (events.push("gained"), resolve()),
            lost: () => events.push("lost"),
          }),
        );
      }
      const send = redis[command].bind(redis) as (...args: unknown[]) => Promise<unknown>;
      let asked!: () => void;
      const waiting = new Promise<void>((resolve) => (asked = resolve));
      // The next call of the command reaches Redis at once but its answer arrives only after
      // stop() has been called (and after stop's own release, sent later on the connection).
      vi.spyOn(redis, command).mockImplementationOnce((...args: unknown[]) => {
        asked();
        const answer = send(...args);
        return settle(150).then(() => answer);
      });
      if (command === "set")
        leader.start({ gained: () => events.push("gained"), lost: () => events.push("lost") });
      await waiting;
      await leader.stop();
      expect(leader.isLeader).toBe(false);
      expect(events).toEqual(command === "eval" ? ["gained", "lost"] : []);
      const b = await process({ leaseMs: 400 });
      const next = b.leadership(`stopped-mid-${command}`);
      const started = Date.now();
      const gained = new Promise<number>((resolve) =>
        next.start({ gained: () => resolve(Date.now() - started), lost: () => {} }),
      );
      // At once, not after the 400 ms lease a claim answered after stop() would still hold.
      expect(await gained).toBeLessThan(300);
      expect(next.isLeader).toBe(true);
      // Nor does the answer, when it comes, make the stopped process a leader again.
      await settle(200);
      expect([leader.isLeader, events]).toEqual([
        false,
        command === "eval" ? ["gained", "lost"] : [],
      ]);
      await next.stop();
    },
  );

  it("hands a dead leader's job over within its lease", async () => {
    const [a, b] = await Promise.all([process({ leaseMs: 400 }), process({ leaseMs: 400 })]);
    const leaderA = a.leadership("sync");
    leaderA.start({ gained: () => {}, lost: () => {} });
    await settle(50);
    // The leader's process dies: no stop(), its connection just goes.
    a.redis!.disconnect();
    const leaderB = b.leadership("sync");
    const started = Date.now();
    const gained = new Promise<number>((resolve) =>
      leaderB.start({ gained: () => resolve(Date.now() - started), lost: () => {} }),
    );
    expect(await gained).toBeLessThan(400 + 100 + 100);
    expect(leaderA.isLeader).toBe(false);
    await leaderB.stop();
    failures = [];
  });

  it("delivers a signal published on one process to subscribers on every process", async () => {
    const [a, b] = await Promise.all([process(), process()]);
    const heard: string[] = [];
    let bothHeard!: () => void;
    const heardTwice = new Promise<void>((resolve) => (bothHeard = resolve));
    const hear = (message: string) => {
      heard.push(message);
      if (heard.length === 2) bothHeard();
    };
    const unsubscribe = b.signals.subscribe("greetings", hear);
    a.signals.subscribe("greetings", (message) => hear(`a:${message}`));
    await Promise.all([a.signals.ready(), b.signals.ready()]);
    await a.signals.publish("greetings", "hello");
    await heardTwice;
    expect(heard.sort()).toEqual(["a:hello", "hello"]);
    unsubscribe();
  });

  it("sends the commands of one turn of the event loop to Redis in one write, a read after a write seeing it", async () => {
    const state = await process();
    const redis = state.redis!;
    await redis.ping();
    const stream = (redis as unknown as { stream: { write(chunk: unknown): boolean } }).stream;
    const writes = vi.spyOn(stream, "write");
    // What a busy moment has: several requests' version reads and a write between them.
    const [first, , second] = await Promise.all([
      state.versions.read(["pipelined"]),
      redis.incr(`${prefix}version:pipelined`),
      state.versions.read(["pipelined"]),
      ...Array.from({ length: 5 }, () => state.versions.read(["pipelined", "other"])),
    ]);
    expect(writes).toHaveBeenCalledTimes(1);
    // The turn's reads go as one script call, which may run after a write queued among them
    // (a newer version only makes a kept answer miss); a read queued after a write sees it.
    expect(["0", "1"]).toContain(first);
    expect(second).toBe("1");
  });

  it("counts requests in fixed windows, the turn's counts and reads in one script call", async () => {
    const state = await process();
    const count = state.countRequest!;
    const key = `${prefix}api-rate:10.0.0.1`;
    const [one, two, versions, three] = await Promise.all([
      count(key, 60_000),
      count(key, 60_000),
      state.versions.read(["counted", "other"]),
      count(key, 60_000),
    ]);
    expect([one.current, two.current, three.current]).toEqual([1, 2, 3]);
    expect(one.ttl).toBe(60_000);
    expect(three.ttl).toBeGreaterThan(59_000);
    expect(three.ttl).toBeLessThanOrEqual(60_000);
    expect(versions).toBe("0.0");
    expect(await state.redis!.pttl(key)).toBeGreaterThan(59_000);
  });

  it("answers ok to a health check while Redis answers", async () => {
    expect(await (await process()).ping()).toBe("ok");
  });

  it("does not count Redis as down for one command that timed out while it answers PING", async () => {
    const state = await process();
    // What a busy event loop does: the answer came, but the command's timer ran first.
    const batch = state.redis as unknown as { ledgerlineBatch(...args: unknown[]): unknown };
    vi.spyOn(batch, "ledgerlineBatch").mockRejectedValueOnce(new Error("Command timed out"));
    await expect(state.versions.read(["late"])).rejects.toThrow("Command timed out");
    await settle(50);
    expect(state.redisDownSince).toBeUndefined();
    expect(await state.ping()).toBe("ok");
    expect(await state.versions.read(["late"])).toBe("0");
  });
});
