import { randomUUID } from "node:crypto";
import type { Timed } from "./measures";

/**
 * A mixed load through the load balancer: signed-in users reading their screens' data and
 * trading, every trade with an Idempotency-Key and retried with the same key until it has an
 * answer, as a careful client does. Counts what clients saw.
 */
export interface LoadReport {
  requests: number;
  /** Answers a client could not use: network errors and 5xx, before any retry. */
  errors: number;
  /** Of those, trades a retry with the same key then completed. */
  errorsRetried: number;
  /** Trades still without an answer at the end (budget: none). */
  tradesUnanswered: number;
  tradesAcknowledged: number;
  /** Every trade's key and the status its final answer had. */
  tradeAnswers: Map<string, number>;
  errorSamples: string[];
  /** Every request's start and duration, answered or not, as clients saw them. */
  timings: Timed[];
}

const symbols = ["AAPL", "MSFT", "NVDA", "AMZN", "GOOGL", "META", "TSLA", "JPM", "V", "XOM"];
const reads = [
  "/api/portfolio",
  "/api/savedstocks",
  "/api/transaction?page=1&pageSize=10",
  "/api/marketmovers",
  "/api/stockdata/summary",
];

interface Answer {
  status: number;
  body: unknown;
}

export async function runLoad(
  baseUrl: string,
  options: { users: number; until: number },
): Promise<LoadReport> {
  const report: LoadReport = {
    requests: 0,
    errors: 0,
    errorsRetried: 0,
    tradesUnanswered: 0,
    tradesAcknowledged: 0,
    tradeAnswers: new Map(),
    errorSamples: [],
    timings: [],
  };
  const noteError = (what: string) => {
    report.errors += 1;
    if (report.errorSamples.length < 5) report.errorSamples.push(what);
  };

  async function call(method: string, path: string, token?: string, body?: unknown, key?: string) {
    report.requests += 1;
    const at = Date.now();
    const started = performance.now();
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { "content-type": "application/json" }),
        ...(key ? { "idempotency-key": key } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(15_000),
    });
    const text = await response.text();
    report.timings.push({ at, ms: performance.now() - started });
    return { status: response.status, body: text ? (JSON.parse(text) as unknown) : undefined };
  }

  /** A write with its key, sent again until the answer is not a fault or an in-flight 409. */
  async function once(path: string, token: string, body: unknown): Promise<Answer | undefined> {
    const key = randomUUID();
    let faulted = false;
    for (let attempt = 0; attempt < 20; attempt++) {
      try {
        const answer = await call("POST", path, token, body, key);
        if (answer.status < 500 && answer.status !== 409) {
          if (faulted) report.errorsRetried += 1;
          report.tradeAnswers.set(key, answer.status);
          return answer;
        }
        if (answer.status >= 500) {
          faulted = true;
          noteError(`POST ${path} -> ${answer.status}`);
        }
      } catch (error) {
        faulted = true;
        noteError(`POST ${path} -> ${(error as Error).message}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    report.tradesUnanswered += 1;
    return undefined;
  }

  async function user(index: number) {
    const email = `scale-${index}-${randomUUID().slice(0, 8)}@example.com`;
    const registered = await call("POST", "/api/auth/register", undefined, {
      email,
      name: `Scale ${index}`,
      password: "scale-out-pass-1",
    });
    const token = (registered.body as { token: string }).token;
    await call("POST", `/api/savedstocks/${symbols[index % symbols.length]}`, token, {});
    const held = new Map<string, { id: number; quantity: number }>();
    let step = 0;
    while (Date.now() < options.until) {
      step += 1;
      if (step % 4 === 0) {
        const symbol = symbols[(index + step) % symbols.length]!;
        const position = held.get(symbol);
        const selling = position !== undefined && position.quantity >= 1 && step % 8 === 0;
        const answer = selling
          ? await once(`/api/portfolio/${position.id}/sell`, token, { quantity: 1, price: 100 })
          : await once("/api/portfolio", token, { symbol, quantity: 1, purchasePrice: 100 });
        if (answer?.status === 200) {
          report.tradesAcknowledged += 1;
          const traded = answer.body as { position: { id: number; quantity: number } | null };
          if (traded.position) held.set(symbol, traded.position);
          else held.delete(symbol);
        }
      } else {
        const path = reads[step % reads.length]!;
        try {
          const answer = await call("GET", path, token);
          if (answer.status >= 500) noteError(`GET ${path} -> ${answer.status}`);
        } catch (error) {
          noteError(`GET ${path} -> ${(error as Error).message}`);
        }
      }
    }
  }

  await Promise.all(Array.from({ length: options.users }, (_, index) => user(index)));
  return report;
}
