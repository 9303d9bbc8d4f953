import {
  LIVE_STREAMS_LIMIT,
  LIVE_SYMBOLS_LIMIT,
  liveMessages,
  liveQuotesInput,
  type PriceTickView,
} from "@ledgerline/contracts";
import type { Instrument } from "@ledgerline/market";
import { tracked, type TRPCRouterRecord } from "@trpc/server";
import { badRequest, tooManyRequests } from "../platform/errors";
import { liveTicks, resumePosition, type LiveTickOptions } from "./live-prices";
import type { AppDeps } from "../platform/scope";
import { userProcedure } from "../platform/trpc/trpc";

async function* trackedTicks(
  deps: AppDeps,
  instruments: readonly Instrument[],
  options: LiveTickOptions,
  release: () => void,
) {
  try {
    for await (const tick of liveTicks(deps, instruments, options)) {
      yield tracked(String(tick.at), tick satisfies PriceTickView);
    }
  } finally {
    release();
  }
}

/**
 * One accepted live-price subscription, as the procedure hands it to a door. The tRPC door
 * iterates it (tracked ticks, one iteration per client); the REST door reads what it watches
 * and hands that to the process's shared event streams (services/quote-streams), which
 * serialize each tick once for every client of its symbol.
 */
export class LiveQuoteSubscription {
  constructor(
    readonly deps: AppDeps,
    readonly instruments: readonly Instrument[],
    readonly options: LiveTickOptions,
    /** Releases the user's claim on the symbols; harmless to call twice. */
    readonly release: () => void,
  ) {}

  [Symbol.asyncIterator]() {
    return trackedTicks(this.deps, this.instruments, this.options, this.release);
  }
}

/** Live prices pushed to the screens, over server-sent events (httpSubscriptionLink). */
export const liveRouter = {
  /**
   * Every change of these symbols' quotes, starting with the latest known ones. Each tick is
   * tracked by its market time, so a client that reconnects resumes where it was. A user watches
   * at most LIVE_SYMBOLS_LIMIT distinct symbols across all their open streams (a 400 past it) in
   * at most LIVE_STREAMS_LIMIT streams on one process (a 429 past it: each holds a connection and
   * a listener per symbol); the checks run before the stream starts, so both doors answer a
   * refusal with its status and message rather than a broken stream.
   */
  quotes: userProcedure.input(liveQuotesInput).subscription(({ ctx, input, signal }) => {
    const instruments: Instrument[] = [
      ...input.stocks.map((symbol) => ({ assetType: "STOCK" as const, symbol })),
      ...input.crypto.map((symbol) => ({ assetType: "CRYPTO" as const, symbol })),
    ];
    const release = ctx.deps.liveSymbols.claim(ctx.user.id, instruments, {
      symbols: LIVE_SYMBOLS_LIMIT,
      streams: LIVE_STREAMS_LIMIT,
    });
    if (release === "streams") throw tooManyRequests(liveMessages.tooManyStreams);
    if (release === "symbols") throw badRequest(liveMessages.tooManyForUser);
    // A stream ended before its first read never runs its body (nor its finally).
    signal?.addEventListener("abort", release, { once: true });
    const after = resumePosition(input.lastEventId);
    return new LiveQuoteSubscription(ctx.deps, instruments, { signal, after }, release);
  }),
} satisfies TRPCRouterRecord;
