import type { ServerResponse } from "node:http";

/**
 * A REST answer that is an event stream: the door writes the status and headers (the route's
 * own and `eventStreamHeaders`) on the raw response, then hands it to `start`, which writes the
 * events itself and ends its part when the response closes (the client went away).
 */
export class EventStreamAnswer {
  constructor(readonly start: (response: ServerResponse) => void) {}
}

export const eventStreamHeaders = {
  "content-type": "text/event-stream; charset=utf-8",
  // Never cached, never transformed (compressed) on the way: every event must arrive as sent.
  "cache-control": "no-cache, no-transform",
  // nginx buffers answers unless told not to.
  "x-accel-buffering": "no",
};
