import type { EventSink } from "../../live/quote-streams";

/**
 * A REST answer that is an event stream: the door writes the status and headers (the route's
 * own and `eventStreamHeaders`), then hands the connection to `start`, which writes the events
 * itself and ends its part when the connection closes (the client went away).
 */
export class EventStreamAnswer {
  constructor(readonly start: (sink: EventSink) => void) {}
}

export const eventStreamHeaders = {
  "content-type": "text/event-stream; charset=utf-8",
  // Never cached, never transformed (compressed) on the way: every event must arrive as sent.
  "cache-control": "no-cache, no-transform",
  // nginx buffers answers unless told not to.
  "x-accel-buffering": "no",
};
