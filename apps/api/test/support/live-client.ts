import {
  clockStartingAt,
  createMarketService,
  instrumentKey,
  type Instrument,
  type PriceTick,
} from "@ledgerline/market";
import { createTRPCClient, httpBatchLink, httpSubscriptionLink, splitLink } from "@trpc/client";
import { EventSource } from "eventsource";
import type { AppRouter } from "@ledgerline/api/router";

/** A browser-like tRPC client of a listening app: batched queries, subscriptions over SSE. */
function client(base: string, bearer: string | undefined) {
  const url = `${base}/api/trpc`;
  const authorization: Record<string, string> = bearer ? { authorization: `Bearer ${bearer}` } : {};
  return createTRPCClient<AppRouter>({
    links: [
      splitLink({
        condition: (op) => op.type === "subscription",
        true: httpSubscriptionLink({
          url,
          EventSource,
          eventSourceOptions: () => ({
            fetch: (input: string | URL, init: RequestInit) =>
              fetch(input, { ...init, headers: { ...(init.headers as object), ...authorization } }),
          }),
        }),
        false: httpBatchLink({ url, headers: () => authorization }),
      }),
    ],
  });
}

/** Subscribes to live quotes as a bearer (or a visitor), collecting ticks and errors. */
export function subscribeLive(
  base: string,
  bearer: string | undefined,
  input: { stocks?: string[]; crypto?: string[] },
) {
  const ticks: PriceTick[] = [];
  const errors: unknown[] = [];
  const subscription = client(base, bearer).live.quotes.subscribe(input, {
    onData: (tracked) => ticks.push(tracked.data),
    onError: (error) => errors.push(error),
  });
  return { ticks, errors, stop: () => subscription.unsubscribe() };
}

export async function until(condition: () => boolean, timeoutMs = 8000) {
  const start = Date.now();
  while (!condition()) {
    if (Date.now() - start > timeoutMs) throw new Error("timed out waiting");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The simulated market from a Wednesday's session on, running in real time. */
export function countedMarket() {
  const market = createMarketService({ clock: clockStartingAt(new Date("2026-03-11T15:00:00Z")) });
  const opened: Instrument[] = [];
  const emitters = new Map<(tick: PriceTick) => void, string>();
  let open = 0;
  const ticks = market.ticks;
  return {
    market: {
      ...market,
      ticks: {
        open(instrument: Instrument, emit: (tick: PriceTick) => void) {
          opened.push(instrument);
          open += 1;
          emitters.set(emit, instrumentKey(instrument));
          const close = ticks.open(instrument, emit);
          return () => {
            open -= 1;
            emitters.delete(emit);
            close();
          };
        },
      },
    },
    opened,
    openCount: () => open,
    /** Sends a tick of the test's own from every open upstream of its instrument. */
    inject(tick: PriceTick) {
      for (const [emit, key] of emitters) if (key === instrumentKey(tick)) emit(tick);
    },
  };
}

/** Reads an event stream until `enough` says stop; returns the text read. */
export async function readStream(
  response: Response,
  enough: (text: string) => boolean,
  timeoutMs = 8000,
): Promise<string> {
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let text = "";
  const deadline = Date.now() + timeoutMs;
  while (!enough(text)) {
    if (Date.now() > deadline) throw new Error(`timed out; read so far:\n${text}`);
    const { value, done } = (await reader.read()) as { value?: Uint8Array; done: boolean };
    if (done) break;
    text += decoder.decode(value, { stream: true });
  }
  await reader.cancel();
  return text;
}

export function quoteEvents(text: string) {
  return text
    .split("\n\n")
    .filter((block) => block.includes("event: quote"))
    .map((block) => {
      const field = (name: string) =>
        block
          .split("\n")
          .find((line) => line.startsWith(`${name}: `))
          ?.slice(name.length + 2);
      return { id: field("id")!, data: JSON.parse(field("data")!) as Record<string, unknown> };
    });
}
