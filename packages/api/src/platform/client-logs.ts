import { dateOf } from "@ledgerline/clock";
import { messages, type ClientLogInput } from "@ledgerline/contracts";
import type { UserRow } from "@ledgerline/db";
import { tooManyRequests } from "./errors";
import type { RequestScope } from "./scope";

export async function storeClientLog(
  scope: RequestScope,
  user: UserRow | null,
  record: ClientLogInput,
): Promise<{ stored: true }> {
  const { repos, throttles, clock } = scope.deps;
  const address = scope.ip ?? "unknown";
  if (!(await throttles.clientLogsPerIp.tryConsume(address))) {
    throw tooManyRequests(messages.tooManyAttempts);
  }
  // Anyone may write logs before signing in, so what an address stores that way has a byte budget.
  if (user === null) {
    const kilobytes = Math.ceil(Buffer.byteLength(JSON.stringify(record)) / 1024);
    if (!(await throttles.anonymousClientLogKilobytesPerIp.tryConsume(address, kilobytes))) {
      throw tooManyRequests(messages.tooManyAttempts);
    }
  }
  await repos.clientLogs.insert({
    receivedAt: dateOf(clock),
    userId: user?.id ?? null,
    level: record.level,
    message: record.message,
    context: record.context ? JSON.stringify(record.context) : null,
    clientTimestamp: record.timestamp,
    errorMessage: record.error?.message ?? null,
    errorStack: record.error?.stack ?? null,
    ipAddress: scope.ip,
  });
  return { stored: true };
}
