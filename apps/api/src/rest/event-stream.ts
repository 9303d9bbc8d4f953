/** One server-sent event: its id, its name and its data as JSON on one line. */
export interface ServerSentEvent {
  id: string;
  event: string;
  data: unknown;
}

/**
 * A text/event-stream body: each event as it comes, and a comment line (`: heartbeat`) every
 * `heartbeatMs` so proxies and load balancers keep a quiet stream open and a client notices a
 * dead one. Cancelling the body (the client went away) ends the events' iteration.
 */
export function eventStreamBody(
  events: AsyncIterable<ServerSentEvent>,
  heartbeatMs: number,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const iterator = events[Symbol.asyncIterator]();
  let heartbeat: ReturnType<typeof setInterval> | undefined;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      // Sent at once, so a client knows the stream is open before the first price changes.
      controller.enqueue(encoder.encode(": connected\n\n"));
      heartbeat = setInterval(
        () => controller.enqueue(encoder.encode(": heartbeat\n\n")),
        heartbeatMs,
      );
    },
    async pull(controller) {
      try {
        const next = await iterator.next();
        if (next.done) {
          clearInterval(heartbeat);
          controller.close();
          return;
        }
        const { id, event, data } = next.value;
        controller.enqueue(
          encoder.encode(`id: ${id}\nevent: ${event}\ndata: ${JSON.stringify(data)}\n\n`),
        );
      } catch (error) {
        clearInterval(heartbeat);
        controller.error(error);
      }
    },
    cancel() {
      clearInterval(heartbeat);
      // Not awaited: an iteration waiting for its next event finishes returning only once that
      // wait ends (the live ticks end theirs when the request's abort signal fires).
      iterator.return?.().catch(() => {});
    },
  });
}

export const eventStreamHeaders = {
  "content-type": "text/event-stream; charset=utf-8",
  // Never cached, never transformed (compressed) on the way: every event must arrive as sent.
  "cache-control": "no-cache, no-transform",
  // nginx buffers answers unless told not to.
  "x-accel-buffering": "no",
};
