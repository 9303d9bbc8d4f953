import type { ClientLogInput } from "@ledgerline/contracts";
import { sessionStore } from "./session";

/** Sends a log record to POST /api/logs; never throws and never logs its own failure. */
export function sendClientLog(record: Omit<ClientLogInput, "timestamp">): void {
  const session = sessionStore.get();
  void fetch("/api/logs", {
    method: "POST",
    keepalive: true,
    credentials: "same-origin",
    headers: {
      "content-type": "application/json",
      ...(session ? { authorization: `Bearer ${session.token}` } : {}),
    },
    body: JSON.stringify({ ...record, timestamp: new Date().toISOString() }),
  }).catch(() => undefined);
}
