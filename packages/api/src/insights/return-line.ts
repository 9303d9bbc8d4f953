import type { PortfolioHistoryPoint } from "@ledgerline/contracts";
import type { Decimal } from "@ledgerline/money";
import { currentPrices, portfolioHistory } from "../accounting/portfolio-summary";
import { utcDay } from "../accounting/portfolio-valuation";
import { KeptByVersion } from "../platform/kept-by-version";
import type { UserScope } from "../platform/scope";

/** A close of the return line: its time-weighted return from the range's start. */
export type ReturnClose = PortfolioHistoryPoint & { timeWeightedReturn: Decimal };

type ReturnLineInput = Pick<Parameters<typeof portfolioHistory>[1], "range" | "accountId">;

interface ReturnLine {
  held: ReturnClose[];
  spy: Map<string, Decimal>;
}

/**
 * Lines kept (a user's ranges and accounts count apart): ALL over five years of a heavy trader is
 * ~1,800 closes, ~60 ms to build at 100,000 trades (bench/portfolio-history), read by the month
 * grid and the risk card alike.
 */
const lines = new KeptByVersion<ReturnLine>(32);

/**
 * The value chart's return line over a range (`portfolioHistory` with the "return" basis), what
 * the month grid and the risk figures are worked from: the closes that have a return, and SPY's
 * total return from the same start by date. Kept while the answers built from it would be
 * (decision 0051): the user's data (trades, cash, dividends, accounts), the market's quotes
 * (their generation) and the day stand. The current prices are asked for first, so a quote past
 * its freshness is loaded again and moves the generation, as a read that builds the line would.
 */
export async function returnLineOf(
  scope: UserScope,
  { range, accountId }: ReturnLineInput,
): Promise<ReturnLine> {
  const { deps, user } = scope;
  await currentPrices(scope);
  const version = await deps.answers.version(user, "own-data");
  const today = utcDay(deps.market.clock.now());
  return lines.read(
    deps,
    `${user.id}:${accountId ?? "all"}:${range}`,
    version === undefined ? undefined : `${version} ${today}`,
    async () => {
      const history = await portfolioHistory(scope, { range, benchmark: "return", accountId });
      const held = history.points.filter(
        (point): point is ReturnClose => typeof point.timeWeightedReturn === "string",
      );
      const spy = new Map(history.benchmark?.points.map((point) => [point.date, point.value]));
      return { held, spy };
    },
  );
}
