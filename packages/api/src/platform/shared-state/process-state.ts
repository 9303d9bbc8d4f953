import { EventEmitter } from "node:events";
import {
  InMemoryMarketCache,
  InMemorySingleFlight,
  type Clock as MarketClock,
} from "@ledgerline/market";
import { RateLimiterMemory } from "rate-limiter-flexible";
import { processOneTimeValues } from "./one-time-values";
import type {
  DataVersions,
  Leadership,
  SharedState,
  Signals,
  UpstreamCall,
  UpstreamCallCounter,
} from "./shared-state";

/** Signals within one process. */
export function processSignals(): Signals {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    async publish(channel, message) {
      emitter.emit(channel, message);
    },
    subscribe(channel, handler) {
      emitter.on(channel, handler);
      return () => emitter.off(channel, handler);
    },
    ready: () => Promise.resolve(),
  };
}

/** The only process is always the leader. */
function soleLeadership(): Leadership {
  let handlers: { lost(): void } | undefined;
  return {
    start(given) {
      handlers = given;
      given.gained();
    },
    async stop() {
      handlers?.lost();
      handlers = undefined;
    },
    get isLeader() {
      return handlers !== undefined;
    },
  };
}

function processCounter(): UpstreamCallCounter {
  const counts = new Map<string, UpstreamCall & { calls: number }>();
  return {
    record(call) {
      const id = `${call.provider} ${call.operation}`;
      const counted = counts.get(id) ?? { ...call, calls: 0 };
      counted.calls += 1;
      counts.set(id, counted);
    },
    totals: async () => [...counts.values()].map((counted) => ({ ...counted })),
  };
}

function processVersions(): DataVersions {
  const counters = new Map<string, number>();
  return {
    read: async (names) => names.map((name) => counters.get(name) ?? 0).join("."),
    async bump(names) {
      for (const name of names) counters.set(name, (counters.get(name) ?? 0) + 1);
    },
  };
}

/** The embedded default: one process, everything in its memory. */
export function createProcessState(marketClock: MarketClock): SharedState {
  return {
    kind: "process",
    marketCache: new InMemoryMarketCache({ clock: marketClock }),
    singleFlight: new InMemorySingleFlight(),
    providerRateLimiter: () => undefined,
    counter: (_name, points, seconds) => new RateLimiterMemory({ points, duration: seconds }),
    oneTimeValues: processOneTimeValues(),
    leadership: soleLeadership,
    signals: processSignals(),
    versions: processVersions(),
    upstreamCalls: processCounter(),
    redis: undefined,
    countRequest: undefined,
    ping: async () => "not configured",
    redisDownSince: undefined,
    close: async () => {},
  };
}
