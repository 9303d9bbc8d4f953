import { dateOf } from "@ledgerline/clock";
import type { CorporateAction, HistoricalBar } from "@ledgerline/contracts";
import type { AssetType } from "@ledgerline/db";
import { applyCorporateActions } from "@ledgerline/api/accounting/corporate-actions";
import { closeInSharesOf } from "@ledgerline/api/accounting/portfolio-valuation";
import type { AppDeps } from "@ledgerline/api/platform/scope";

/**
 * The demo user's watchlists and a portfolio with a few months of history, so a new development
 * database shows every screen with data. Trades are priced at the market's daily close on their
 * date (the simulated market's history), so charts and gains look like a real account's.
 */

const watchedStocks = ["AAPL", "MSFT", "NVDA", "JPM", "KO"];
const watchedCrypto = ["BTC", "ETH", "SOL"];

interface DemoTrade {
  assetType: AssetType;
  symbol: string;
  side: "BUY" | "SELL";
  quantity: string;
  /** How long before the market's today the trade was made. */
  daysAgo: number;
  notes: string | null;
}

const trades: DemoTrade[] = [
  {
    assetType: "STOCK",
    symbol: "AAPL",
    side: "BUY",
    quantity: "15",
    daysAgo: 150,
    notes: "Starter position",
  },
  { assetType: "CRYPTO", symbol: "BTC", side: "BUY", quantity: "0.15", daysAgo: 140, notes: null },
  { assetType: "STOCK", symbol: "MSFT", side: "BUY", quantity: "6", daysAgo: 120, notes: null },
  {
    assetType: "STOCK",
    symbol: "JPM",
    side: "BUY",
    quantity: "12",
    daysAgo: 100,
    notes: "Dividend payer",
  },
  {
    assetType: "STOCK",
    symbol: "AAPL",
    side: "BUY",
    quantity: "10",
    daysAgo: 90,
    notes: "Added on the dip",
  },
  { assetType: "CRYPTO", symbol: "ETH", side: "BUY", quantity: "2.5", daysAgo: 80, notes: null },
  { assetType: "STOCK", symbol: "NVDA", side: "BUY", quantity: "20", daysAgo: 60, notes: null },
  { assetType: "CRYPTO", symbol: "SOL", side: "BUY", quantity: "30", daysAgo: 50, notes: null },
  { assetType: "CRYPTO", symbol: "BTC", side: "BUY", quantity: "0.1", daysAgo: 45, notes: null },
  {
    assetType: "STOCK",
    symbol: "AAPL",
    side: "SELL",
    quantity: "8",
    daysAgo: 30,
    notes: "Took some profit",
  },
  { assetType: "CRYPTO", symbol: "ETH", side: "SELL", quantity: "1", daysAgo: 20, notes: null },
];

const DAY_MS = 86_400_000;
const isoDay = (instant: number) => new Date(instant).toISOString().slice(0, 10);

/** The last bar on or before a day: a trade on a weekend happens at Friday's close. */
function closeOn(bars: HistoricalBar[], day: string): HistoricalBar | undefined {
  let found: HistoricalBar | undefined;
  for (const bar of bars) {
    if (bar.date > day) break;
    found = bar;
  }
  return found;
}

export async function seedDemoPortfolio(deps: AppDeps, userId: number): Promise<void> {
  const { repos, market } = deps;
  const now = dateOf(deps.clock);
  const marketNow = market.clock.now();
  const from = isoDay(marketNow - 160 * DAY_MS);
  const to = isoDay(marketNow);

  const snapshots = await market.stocks.getSnapshots(watchedStocks);
  for (const result of snapshots) {
    if (result.ok) await repos.stockWatchlist.save(userId, result.snapshot, now);
  }
  const quotes = await market.crypto.getQuotes(watchedCrypto);
  for (const result of quotes) {
    if (result.ok) await repos.cryptoWatchlist.save(userId, result.quote, now);
  }

  // One history per symbol traded; a symbol without one is left out of the demo.
  const histories = new Map<string, HistoricalBar[]>();
  const splits = new Map<string, CorporateAction[]>();
  await Promise.all(
    [...new Set(trades.map((trade) => `${trade.assetType}:${trade.symbol}`))].map(async (key) => {
      const [assetType, symbol] = key.split(":") as [AssetType, string];
      try {
        histories.set(
          key,
          assetType === "STOCK"
            ? await market.stocks.getDailyBars(symbol, from, to)
            : await market.crypto.getDailyBars(symbol, from, to),
        );
        if (assetType === "STOCK") {
          splits.set(key, await market.stocks.getCorporateActions(symbol));
        }
      } catch (error) {
        deps.logger.warn({ err: error, symbol }, "demo portfolio: no history for a symbol");
      }
    }),
  );

  for (const trade of trades) {
    const bar = closeOn(
      histories.get(`${trade.assetType}:${trade.symbol}`) ?? [],
      isoDay(marketNow - trade.daysAgo * DAY_MS),
    );
    if (!bar) continue;
    // Mid-morning in New York on the bar's day.
    const transactionDate = new Date(`${bar.date}T15:30:00.000Z`);
    const request = {
      userId,
      assetType: trade.assetType,
      quantity: trade.quantity,
      // Charts' bars are split-adjusted; the trade is at the price of its day's shares.
      price: closeInSharesOf(
        bar.c,
        bar.date,
        splits.get(`${trade.assetType}:${trade.symbol}`) ?? [],
      ),
      transactionDate,
      notes: trade.notes,
      now,
    };
    if (trade.side === "BUY") {
      await repos.portfolio.buy({ ...request, symbol: trade.symbol });
    } else {
      const position = await repos.portfolio.findBySymbol(userId, trade.assetType, trade.symbol);
      if (position) await repos.portfolio.sell({ ...request, positionId: position.id });
    }
  }
  // The demo's splits and dividends are in its history from the start.
  await applyCorporateActions(deps, userId, { force: true });
}
