import { runImportJob } from "@ledgerline/api/import/import-jobs";
import type { ImportJobView } from "@ledgerline/contracts";
import { afterEach } from "vitest";
import type { TestApp, TestAppOptions } from "../support/test-app";
import { historyApp } from "../support/transactions-support";

/**
 * A Ledgerline CSV of `rows` trades, oldest first: two shares bought, now and then one sold,
 * across a few stocks the pinned market knows, each on a day of its own before the market's now.
 */
export function ledgerlineCsv(rows: number, symbols = ["AAPL", "MSFT", "AMZN", "TSLA"]): string {
  const held = new Map<string, number>();
  const lines = ["transactionDate,type,symbol,transactionType,quantity,price,total,notes"];
  const start = Date.parse("2020-01-02T15:00:00Z");
  for (let i = 0; i < rows; i++) {
    const symbol = symbols[i % symbols.length]!;
    const date = new Date(start + i * 60_000).toISOString();
    const shares = held.get(symbol) ?? 0;
    const price = (100 + (i % 97)).toFixed(2);
    if (shares >= 2 && i % 5 === 0) {
      held.set(symbol, shares - 1);
      lines.push(`${date},STOCK,${symbol},SELL,1,${price},${price},`);
    } else {
      held.set(symbol, shares + 2);
      lines.push(`${date},STOCK,${symbol},BUY,2,${price},,row ${i}`);
    }
  }
  return `${lines.join("\n")}\n`;
}

/** Holds the app's import worker until `release` is called: the jobs started wait queued. */
export function holdWorker(t: TestApp) {
  const { deps } = t.app;
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  deps.jobs.handle("import", async ({ importId }, attempt) => {
    await released;
    await runImportJob(deps, importId, attempt);
  });
  return release;
}

/** A call's answer, or a subscription's refusal (its error as the stream's one event). */
type TrpcAnswer<T> = { result?: { data: T }; error?: { message: string }; message?: string };

/** A procedure of the import jobs through the tRPC door: its status and its data or message. */
export async function jobCall<T = ImportJobView>(
  t: TestApp,
  kind: "query" | "mutation",
  path: string,
  input: unknown,
  token: string,
) {
  const response = await t.trpc(kind, path, input, token);
  const body = response.body as unknown as TrpcAnswer<T>;
  return {
    status: response.status,
    data: body.result?.data as T,
    message: body.error?.message ?? body.message,
  };
}

/** The user's trades and positions as rows to compare (ids left out). */
export async function holdingsOf(t: TestApp, userId: number) {
  const { repos } = t.app.deps;
  const trades = (await repos.portfolio.transactions(userId)).map(({ id: _id, ...row }) => row);
  const positions = [
    ...(await repos.portfolio.list(userId, "STOCK")),
    ...(await repos.portfolio.list(userId, "CRYPTO")),
  ].map(({ id: _id, ...row }) => row);
  return { trades, positions };
}

/** The events of a tRPC subscription's event stream, as JSON. */
export function streamEvents<T>(text: string): T[] {
  return text
    .split("\n\n")
    .map((block) => block.split("\n").find((line) => line.startsWith("data: ")))
    .filter((line): line is string => line !== undefined && line.length > "data: ".length)
    .map((line) => JSON.parse(line.slice("data: ".length)) as T);
}

/** Starts an import job of a Ledgerline CSV as the token's user. */
export function startImport(t: TestApp, token: string, csv: string, skipInvalid = true) {
  return jobCall(t, "mutation", "import.start", { source: "ledgerline", csv, skipInvalid }, token);
}

/** The job as its owner (or another token's user) polls it. */
export function importStatus(t: TestApp, id: number, token: string) {
  return jobCall(t, "query", "import.status", { id }, token);
}

/** Asks to cancel the job as the token's user. */
export function cancelImport(t: TestApp, id: number, token: string) {
  return jobCall(t, "mutation", "import.cancel", { id }, token);
}

/**
 * Cancels the job once its first rows are written, so the cancel lands mid-write; the promise
 * returned ends with the cancel's answer (call it once the app has settled).
 */
export function cancelOnFirstWrite(t: TestApp, id: number, token: string) {
  let cancelled: Promise<unknown> | undefined;
  t.app.deps.importProgress.watch(id, (event) => {
    if (event.status === "writing" && event.done > 0 && !cancelled) {
      cancelled = cancelImport(t, id, token);
    }
  });
  return () => cancelled;
}

/**
 * Cancels the job `queued` once the import ahead of it has written its first rows, so the cancel
 * lands while it still waits in the queue; the promise returned ends with the cancel's answer.
 */
export function cancelWhileAheadWrites(t: TestApp, ahead: number, queued: number, token: string) {
  let cancelled: Promise<Awaited<ReturnType<typeof cancelImport>>> | undefined;
  t.app.deps.importProgress.watch(ahead, (event) => {
    if (event.status === "writing" && event.done > 0 && !cancelled) {
      cancelled = cancelImport(t, queued, token);
    }
  });
  return () => cancelled;
}

/**
 * A test file's importers: each call opens a history app with its user, `start` to import a
 * Ledgerline CSV as that user and `status` to poll a job; every app is closed after its test.
 */
export function importers() {
  const apps: TestApp[] = [];
  afterEach(async () => {
    for (const app of apps.splice(0)) await app.close();
  });
  return async (options: TestAppOptions = {}) => {
    const me = await historyApp(options);
    apps.push(me.t);
    const start = (csv: string, skipInvalid = true) =>
      startImport(me.t, me.user.token, csv, skipInvalid);
    const status = (id: number, token = me.user.token) => importStatus(me.t, id, token);
    return { ...me, start, status };
  };
}
