import { describe, expect, it } from "vitest";
import { InMemoryMarketCache } from "../../src/resilience/cache";
import { ConsecutiveFailureBreaker } from "../../src/resilience/circuit-breaker";
import { providerBudget } from "../../src/resilience/rate-limit";
import { InMemorySingleFlight } from "../../src/resilience/single-flight";
import { createManualClock } from "../../src/testing";

describe("single-flight", () => {
  it("runs the work once for 100 concurrent callers of one key and gives all of them the result", async () => {
    const flight = new InMemorySingleFlight();
    let runs = 0;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const callers = Array.from({ length: 100 }, () =>
      flight.run("AAPL", async () => {
        runs += 1;
        await held;
        return "160.31";
      }),
    );
    release();
    expect(await Promise.all(callers)).toEqual(Array(100).fill("160.31"));
    expect(runs).toBe(1);
    expect(flight.pending).toBe(0);
  });

  it("shares a failure with every waiter and runs again afterwards", async () => {
    const flight = new InMemorySingleFlight();
    let runs = 0;
    const failing = () =>
      flight.run("k", async () => {
        runs += 1;
        throw new Error("down");
      });
    const results = await Promise.allSettled([failing(), failing(), failing()]);
    expect(results.every((result) => result.status === "rejected")).toBe(true);
    await flight.run("k", async () => (runs += 1));
    expect(runs).toBe(2);
  });
});

describe("the in-memory cache", () => {
  it("drops an entry once it is past its stale deadline, and evicts the least recently used", async () => {
    const clock = createManualClock(0);
    const cache = new InMemoryMarketCache({ clock, maxEntries: 2 });
    await cache.set("a", { value: 1, storedAt: 0, freshUntil: 10, staleUntil: 20 });
    clock.set(15);
    expect((await cache.get<number>("a"))?.value).toBe(1);
    clock.set(20);
    expect(await cache.get("a")).toBeUndefined();

    await cache.set("x", { value: 1, storedAt: 20, freshUntil: 99, staleUntil: 99 });
    await cache.set("y", { value: 2, storedAt: 20, freshUntil: 99, staleUntil: 99 });
    await cache.get("x");
    await cache.set("z", { value: 3, storedAt: 20, freshUntil: 99, staleUntil: 99 });
    expect(await cache.get("y")).toBeUndefined();
    expect((await cache.get<number>("x"))?.value).toBe(1);
  });
});

describe("the token bucket", () => {
  it("allows the free Polygon plan's 5 calls a minute, then one more every 12 seconds", async () => {
    const clock = createManualClock(0);
    const limiter = providerBudget({ requests: 5, perMs: 60_000 }, clock);
    for (let i = 0; i < 5; i++) expect(await limiter.take("polygon")).toEqual({ allowed: true });
    expect(await limiter.take("polygon")).toEqual({ allowed: false, retryAfterMs: 12_000 });
    clock.set(11_999);
    expect((await limiter.take("polygon")).allowed).toBe(false);
    clock.set(12_000);
    expect(await limiter.take("polygon")).toEqual({ allowed: true });
    expect((await limiter.take("polygon")).allowed).toBe(false);
  });

  it("keeps one bucket per key", async () => {
    const clock = createManualClock(0);
    const limiter = providerBudget({ requests: 1, perMs: 1000 }, clock);
    expect((await limiter.take("polygon")).allowed).toBe(true);
    expect((await limiter.take("coinbase")).allowed).toBe(true);
    expect((await limiter.take("polygon")).allowed).toBe(false);
  });
});

describe("the circuit breaker", () => {
  it("opens after the threshold of consecutive failures and refuses until the cooldown", () => {
    const clock = createManualClock(0);
    const breaker = new ConsecutiveFailureBreaker({
      failureThreshold: 3,
      cooldownMs: 30_000,
      clock,
    });
    breaker.recordFailure();
    breaker.recordFailure();
    breaker.recordSuccess();
    breaker.recordFailure();
    breaker.recordFailure();
    expect(breaker.state).toBe("closed");
    breaker.recordFailure();
    expect(breaker.state).toBe("open");
    expect(breaker.tryAcquire()).toBe(false);
    clock.set(29_999);
    expect(breaker.tryAcquire()).toBe(false);
  });

  it("lets one trial through after the cooldown: success closes, failure re-opens", () => {
    const clock = createManualClock(0);
    const breaker = new ConsecutiveFailureBreaker({ failureThreshold: 1, cooldownMs: 1000, clock });
    breaker.recordFailure();
    clock.set(1000);
    expect(breaker.state).toBe("half-open");
    expect(breaker.tryAcquire()).toBe(true);
    expect(breaker.tryAcquire()).toBe(false);
    breaker.recordFailure();
    expect(breaker.state).toBe("open");
    clock.set(2000);
    expect(breaker.tryAcquire()).toBe(true);
    breaker.recordSuccess();
    expect(breaker.state).toBe("closed");
    expect(breaker.tryAcquire()).toBe(true);
  });
});
