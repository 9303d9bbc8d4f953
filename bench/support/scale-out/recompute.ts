import { randomUUID } from "node:crypto";
import { changes, openDatabase } from "@ledgerline/db";
import { utcDay } from "@ledgerline/api/accounting/portfolio-valuation";
import { HEAVY_SPAN_MS, heavyPositionRows, heavySymbols, heavyTradeRows } from "../heavy-trades";
import { daysBetween } from "./measures";

const DAY = 86_400_000;

async function json(
  url: string,
  init: RequestInit = {},
): Promise<{ status: number; body: unknown }> {
  const answer = await fetch(url, { ...init, signal: AbortSignal.timeout(15_000) });
  const text = await answer.text();
  return { status: answer.status, body: text ? (JSON.parse(text) as unknown) : undefined };
}

const post = (url: string, body: unknown, token?: string) =>
  json(url, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "idempotency-key": randomUUID(),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });

export interface RecomputeCheck {
  trades: number;
  staleFrom: string | null;
  valuedThrough: string | null;
  firstDay: string | null;
  portfolioDays: number;
  /** Days from the first trade's to yesterday, both counted: what a complete recompute stores. */
  expectedDays: number;
  /** Current holding snapshots whose quantity differs from the positions table (or is missing). */
  holdingsOff: number;
}

/**
 * A user with a long history (100,000 trades by default) seeded straight into the database of
 * a running cluster, and a back-dated trade through the API that queues the recompute of all of
 * it: what a worker runs (and may be killed in) while the API processes serve the load.
 */
export class HeavyUser {
  readonly email = `heavy-${randomUUID().slice(0, 8)}@example.com`;
  token = "";
  userId = 0;
  readonly #balancerUrl: string;
  readonly #databaseUrl: string;
  readonly #end = Date.now() - DAY;

  constructor(balancerUrl: string, databaseUrl: string) {
    this.#balancerUrl = balancerUrl;
    this.#databaseUrl = databaseUrl;
  }

  /** Registers through the balancer, then writes the trades and positions in one transaction. */
  async seed(trades: number): Promise<void> {
    const registered = await post(`${this.#balancerUrl}/api/auth/register`, {
      email: this.email,
      name: "Heavy Trader",
      password: "scale-out-pass-1",
    });
    this.token = (registered.body as { token: string }).token;
    const database = await openDatabase(this.#databaseUrl);
    try {
      const [user] = await database.query<{ id: number }>("SELECT id FROM users WHERE email = ?", [
        this.email,
      ]);
      this.userId = Number(user!.id);
      const [account] = await database.query<{ id: number }>(
        "SELECT id FROM investment_accounts WHERE user_id = ? ORDER BY is_default DESC LIMIT 1",
        [this.userId],
      );
      const rows = heavyTradeRows({
        userId: this.userId,
        accountIds: [Number(account!.id)],
        trades,
        end: this.#end,
      });
      const { transactions, positions } = database.tables;
      const held = heavyPositionRows(rows, this.#end);
      await database.transaction(function* (tx) {
        for (let start = 0; start < rows.length; start += 1000) {
          yield* changes(tx.insert(transactions).values(rows.slice(start, start + 1000)));
        }
        yield* changes(tx.insert(positions).values(held));
      });
    } finally {
      await database.close();
    }
  }

  /** A buy dated a day after the history's first: it restates (nearly) every day of it. */
  async tradeBackDated(): Promise<void> {
    const answer = await post(
      `${this.#balancerUrl}/api/portfolio`,
      {
        symbol: heavySymbols()[0],
        quantity: 1,
        purchasePrice: 100,
        purchaseDate: new Date(this.#end - HEAVY_SPAN_MS + DAY).toISOString(),
      },
      this.token,
    );
    if (answer.status !== 200) {
      throw new Error(`back-dated buy: ${answer.status} ${JSON.stringify(answer.body)}`);
    }
  }

  /** The stale mark as the API answers it: true while a back-dated change is being recomputed. */
  async updating(): Promise<boolean> {
    const answer = await json(`${this.#balancerUrl}/api/portfolio/history/update`, {
      headers: { authorization: `Bearer ${this.token}` },
    });
    return (answer.body as { updating: boolean }).updating;
  }

  /** What the database holds for the user once the recompute is over. */
  async check(): Promise<RecomputeCheck> {
    const database = await openDatabase(this.#databaseUrl);
    try {
      // Every placeholder is the user's id.
      const one = async (sql: string) =>
        (
          await database.query<Record<string, unknown>>(
            sql,
            sql
              .split("?")
              .slice(1)
              .map(() => this.userId),
          )
        )[0] ?? {};
      const state = await one(
        "SELECT stale_from, valued_through, first_day FROM portfolio_snapshot_states WHERE user_id = ?",
      );
      const days = await one("SELECT count(*) AS n FROM portfolio_days WHERE user_id = ?");
      const trades = await one("SELECT count(*) AS n FROM transactions WHERE user_id = ?");
      // The current snapshots (until FAR_DAY) against the positions the trades kept.
      const off = await one(
        `SELECT count(*) AS n FROM
           (SELECT asset_type, symbol, quantity FROM holding_snapshots
             WHERE user_id = ? AND until = '9999-12-31' AND quantity <> 0) AS h
           FULL JOIN (SELECT asset_type, symbol, sum(quantity) AS quantity FROM positions
             WHERE user_id = ? GROUP BY asset_type, symbol) AS p
           ON h.asset_type = p.asset_type AND h.symbol = p.symbol
         WHERE h.quantity IS DISTINCT FROM p.quantity`,
      );
      const firstDay = (state.first_day as string | null | undefined) ?? null;
      const yesterday = utcDay(Date.now() - DAY);
      return {
        trades: Number(trades.n),
        staleFrom: (state.stale_from as string | null | undefined) ?? null,
        valuedThrough: (state.valued_through as string | null | undefined) ?? null,
        firstDay,
        portfolioDays: Number(days.n),
        expectedDays: firstDay ? daysBetween(firstDay, yesterday) : NaN,
        holdingsOff: Number(off.n),
      };
    } finally {
      await database.close();
    }
  }
}

/** The queues' counts as an admin reads them (GET /api/admin/jobs). */
export async function jobCounts(
  balancerUrl: string,
  admin: { email: string; password: string },
): Promise<{ queue: string; waiting: number; active: number; delayed: number; failed: number }[]> {
  const signedIn = await post(`${balancerUrl}/api/auth/login`, admin);
  const token = (signedIn.body as { token: string }).token;
  const answer = await json(`${balancerUrl}/api/admin/jobs`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (answer.status !== 200) throw new Error(`admin jobs: ${answer.status}`);
  return (answer.body as { queues: Awaited<ReturnType<typeof jobCounts>> }).queues;
}
