import type { CostBasisMethod, InvestmentAccountType } from "@ledgerline/contracts";
import type { InvestmentAccount, LotTradeRow } from "@ledgerline/db";
import type { AppDeps } from "../platform/scope";
import type { LotAccount, LotAssetType, LotEvent, LotSelection } from "./lot-engine";

/** Builders for the lot engine's tests: trades by date, ids in the order written. */
export function account(
  id: number,
  costBasisMethod: CostBasisMethod = "fifo",
  type: InvestmentAccountType = "taxable",
): LotAccount {
  return { id, type, costBasisMethod };
}

interface Where {
  accountId?: number;
  symbol?: string;
  assetType?: LotAssetType;
}

export class Trades {
  readonly events: LotEvent[] = [];
  private nextId = 1;

  private base(date: string, where: Where) {
    const id = this.nextId++;
    return {
      id,
      accountId: where.accountId ?? 1,
      assetType: where.assetType ?? "STOCK",
      symbol: where.symbol ?? "AAPL",
      at: Date.parse(`${date}T15:00:00Z`) + id,
      date,
    };
  }

  buy(date: string, quantity: string, cost: string, where: Where = {}): number {
    const event: LotEvent = { ...this.base(date, where), kind: "buy", quantity, cost };
    this.events.push(event);
    return event.id;
  }

  sell(
    date: string,
    quantity: string,
    proceeds: string,
    where: Where & { lots?: LotSelection[] } = {},
  ): number {
    const event: LotEvent = {
      ...this.base(date, where),
      kind: "sell",
      quantity,
      proceeds,
      lots: where.lots ?? null,
    };
    this.events.push(event);
    return event.id;
  }

  split(date: string, quantityAfter: string, where: Where = {}): number {
    const event: LotEvent = { ...this.base(date, where), kind: "split", quantityAfter };
    this.events.push(event);
    return event.id;
  }

  transfer(date: string, quantity: string, from: number, to: number, where: Where = {}): void {
    const transferId = `t${this.nextId}`;
    this.events.push({
      ...this.base(date, { ...where, accountId: from }),
      kind: "transfer-out",
      quantity,
      transferId,
    });
    this.events.push({
      ...this.base(date, { ...where, accountId: to }),
      kind: "transfer-in",
      quantity,
      cost: "0",
      transferId,
    });
  }
}

/** Deps holding a user's `rows` at `version` of their trades, counting the reads of them. */
export function lotDepsOf(
  accounts: readonly InvestmentAccount[],
  log: { rows: LotTradeRow[]; version: number; reads: number },
): AppDeps {
  return {
    repos: {
      investmentAccounts: { list: () => Promise.resolve(accounts) },
      snapshots: { state: () => Promise.resolve({ version: log.version }) },
      portfolio: {
        lotTrades: () => {
          log.reads += 1;
          return Promise.resolve([...log.rows]);
        },
      },
    },
  } as unknown as AppDeps;
}
