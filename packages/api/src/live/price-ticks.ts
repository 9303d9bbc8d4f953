import { randomUUID } from "node:crypto";
import {
  instrumentKey,
  PriceTicks,
  type Instrument,
  type PriceTick,
  type TickSource,
} from "@ledgerline/market";
import type { Leadership, SharedState } from "../platform/shared-state";

/**
 * A feed's lease: when the process running a symbol's upstream dies, another with viewers of it
 * takes it over within leaseMs + renewMs (2.4 s); the singleton jobs' 10 s lease had left every
 * other process's viewers without a price for 10 s and more (bench/scale-out).
 */
export const PRICE_FEED_LEASE = { leaseMs: 2000, renewMs: 400 };

/**
 * Live prices for the whole deployment, one upstream per symbol however many processes serve
 * viewers of it. Every process with listeners for a symbol listens on the symbol's signal
 * channel (Redis pub/sub with several processes, in memory with one) and competes for the
 * symbol's lease; the process holding it runs the upstream stream, hands its ticks to its own
 * listeners at once and publishes them on the channel for the other processes (each message
 * says which process sent it, which skips its own). When the holder's last listener leaves it
 * gives the lease up, and another process that still has listeners takes the upstream over at
 * its next attempt.
 */
export function relayedTickSource(
  shared: SharedState,
  upstream: TickSource,
  onError: (error: unknown) => void,
  /** Counts the upstream streams this process runs for the deployment. */
  running: { upstreams: number } = { upstreams: 0 },
): TickSource {
  // One lease per symbol, reused from one subscription to the next (a lease object is cheap,
  // but the shared state keeps every one it made, to release them at shutdown).
  const leases = new Map<string, Leadership>();
  const origin = randomUUID();
  return {
    open(instrument: Instrument, emit: (tick: PriceTick) => void) {
      const key = instrumentKey(instrument);
      const channel = `price-ticks:${key}`;
      const unsubscribe = shared.signals.subscribe(channel, (message) => {
        const cut = message.indexOf("\n");
        if (message.slice(0, cut) !== origin) emit(JSON.parse(message.slice(cut + 1)) as PriceTick);
      });
      let lease = leases.get(key);
      if (!lease) {
        // While Redis is out of reach each process feeds its own viewers.
        lease = shared.leadership(channel, { whileRedisDown: "lead", lease: PRICE_FEED_LEASE });
        leases.set(key, lease);
      }
      let closeUpstream: (() => void) | undefined;
      lease.start({
        gained: () => {
          running.upstreams += 1;
          closeUpstream = upstream.open(instrument, (tick) => {
            emit(tick);
            shared.signals.publish(channel, `${origin}\n${JSON.stringify(tick)}`).catch(onError);
          });
        },
        lost: () => {
          if (closeUpstream) running.upstreams -= 1;
          closeUpstream?.();
          closeUpstream = undefined;
        },
      });
      return () => {
        unsubscribe();
        void lease.stop();
      };
    },
  };
}

/**
 * The deployment's live prices over the market service's upstream feeds. `upstreamCount` is the
 * symbols this process's clients watch (each a channel it listens on); `upstreamStreams` the
 * upstream streams it runs for the whole deployment, the symbols whose lease it holds.
 */
export class RelayedPriceTicks extends PriceTicks {
  readonly #running: { upstreams: number };

  constructor(shared: SharedState, upstream: TickSource, onError: (error: unknown) => void) {
    const running = { upstreams: 0 };
    super(relayedTickSource(shared, upstream, onError, running), onError);
    this.#running = running;
  }

  get upstreamStreams(): number {
    return this.#running.upstreams;
  }
}

export function createPriceTicks(
  shared: SharedState,
  upstream: TickSource,
  onError: (error: unknown) => void,
): RelayedPriceTicks {
  return new RelayedPriceTicks(shared, upstream, onError);
}
