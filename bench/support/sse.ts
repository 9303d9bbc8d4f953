import type { IncomingMessage } from "node:http";

/** Calls `onEvent` with each server-sent event's block of lines as it arrives on `res`. */
export function onServerSentEvents(res: IncomingMessage, onEvent: (block: string) => void): void {
  let buffered = "";
  res.setEncoding("utf8");
  res.on("data", (chunk: string) => {
    buffered += chunk;
    let end: number;
    while ((end = buffered.indexOf("\n\n")) >= 0) {
      onEvent(buffered.slice(0, end));
      buffered = buffered.slice(end + 2);
    }
  });
}
