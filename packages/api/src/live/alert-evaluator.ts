import { ALERT_REARM_MARGIN } from "@ledgerline/contracts";
import type { Alert, AssetType, Repositories } from "@ledgerline/db";
import { instrumentKey, type MarketService } from "@ledgerline/market";
import { add, big, canonical, compare, multiply, subtract, type Decimal } from "@ledgerline/money";
import { formatPercent, formatPrice, formatShare } from "@ledgerline/money/format";
import type { Logger } from "../platform/logger";
import type { Mailer } from "../platform/mail/mailer";
import type { Signals } from "../platform/shared-state";
import { alertMail } from "../platform/mail/templates";
import { type Clock, dateOf } from "@ledgerline/clock";

/** At most one mail per alert within this window, however often it fires (the rule). */
export const ALERT_MAIL_GAP_MS = 60 * 60 * 1000;

type AlertRule = Pick<Alert, "condition" | "value">;

/** The size of the day's move, as an exact decimal (the market reports percents as numbers). */
const moveSize = (changePercent: number): Decimal => canonical(big(Math.abs(changePercent)));

/** True when the price (or the day's move) is at or beyond the alert's level. */
export function alertCrossed(alert: AlertRule, price: Decimal, changePercent: number): boolean {
  switch (alert.condition) {
    case "above":
      return compare(price, alert.value) >= 0;
    case "below":
      return compare(price, alert.value) <= 0;
    case "move":
      return compare(moveSize(changePercent), alert.value) >= 0;
  }
}

/**
 * True when a triggered re-arming alert may arm again: the price has come back past the level by
 * ALERT_REARM_MARGIN of it (see its comment), so a price hovering at the level fires once.
 */
export function alertRearms(alert: AlertRule, price: Decimal, changePercent: number): boolean {
  const margin = multiply(alert.value, ALERT_REARM_MARGIN);
  switch (alert.condition) {
    case "above":
      return compare(price, subtract(alert.value, margin)) <= 0;
    case "below":
      return compare(price, add(alert.value, margin)) >= 0;
    case "move":
      return compare(moveSize(changePercent), subtract(alert.value, margin)) <= 0;
  }
}

/**
 * What the notification (the bell and its toast) and the mail say, with the figures as every
 * screen writes them (the one formatting module): "BTC is at $86,733.97, at or above your alert
 * at $85,000.00". A level reads at its price's precision.
 */
export function alertMessage(
  alert: Pick<Alert, "condition" | "value" | "symbol" | "note">,
  price: Decimal,
  changePercent: number,
): string {
  const at = formatPrice(price);
  const level = formatPrice(alert.value, price);
  const what =
    alert.condition === "above"
      ? `${alert.symbol} is at ${at}, at or above your alert at ${level}`
      : alert.condition === "below"
        ? `${alert.symbol} is at ${at}, at or below your alert at ${level}`
        : `${alert.symbol} moved ${formatPercent(changePercent)} today (price ${at}), beyond your alert at ±${formatShare(alert.value)}`;
  return alert.note ? `${what}. Note: ${alert.note}` : what;
}

/** True when a price calls for a change of this alert: an armed one fires, a triggered one re-arms. */
export function alertDue(
  alert: Pick<Alert, "condition" | "value" | "state" | "repeat">,
  price: Decimal,
  changePercent: number,
): boolean {
  if (alert.state === "armed") return alertCrossed(alert, price, changePercent);
  return alert.repeat === "rearm" && alertRearms(alert, price, changePercent);
}

/** The signal channel saying an asset's alerts changed; its message is the instrument key. */
export const ALERT_CHANGES_CHANNEL = "alert-changes";

/**
 * Where price updates reach the alerts: the market refresher after each cycle, a new alert
 * against the price just read, and every live tick (see alert-ticks.ts).
 */
export interface AlertEvaluator {
  onPrice(
    symbol: string,
    assetType: AssetType,
    price: Decimal,
    changePercent: number,
    at: Date,
  ): Promise<void>;
  /** Checks alerts already read (all on one asset) against its price; true when any changed. */
  apply(
    alerts: readonly Alert[],
    price: Decimal,
    changePercent: number,
    at: Date,
  ): Promise<boolean>;
  /** Checks every symbol with a live alert against the market service's current (cached) price. */
  evaluateAll(assetType: AssetType): Promise<void>;
  /** Tells every process that an asset's alerts were set, deleted, fired or re-armed. */
  changed(assetType: AssetType, symbol: string): void;
}

interface EvaluatorDeps {
  repos: Repositories;
  market: MarketService;
  mailer: Mailer;
  clock: Clock;
  logger: Logger;
  signals: Signals;
  appOrigin: string;
}

/** The current price and the day's move of an asset, or undefined when only a stale copy exists. */
export async function currentPrice(
  market: MarketService,
  assetType: AssetType,
  symbol: string,
): Promise<{ price: Decimal; changePercent: number; stale: boolean }> {
  const quote =
    assetType === "STOCK"
      ? await market.stocks.getSnapshot(symbol)
      : await market.crypto.getQuote(symbol);
  return { price: quote.price, changePercent: quote.changePercent, stale: quote.stale === true };
}

/**
 * Evaluates alerts on the server, whoever is online. Alerts are read from the database on each
 * refresh (so they survive restarts and every process sees the same ones); firing is a
 * conditional update, so with several processes exactly one fires a crossing, and only that one
 * writes the notification and claims the (hourly) mail.
 */
export function createAlertEvaluator(deps: EvaluatorDeps): AlertEvaluator {
  const { repos, logger } = deps;

  async function mail(alert: Alert, message: string, at: Date): Promise<void> {
    if (!(await repos.alerts.claimMail(alert.id, at, ALERT_MAIL_GAP_MS))) return;
    const user = await repos.users.findById(alert.userId);
    if (!user) return;
    await deps.mailer.send(alertMail(user, message, deps.appOrigin));
  }

  const evaluator: AlertEvaluator = {
    async onPrice(symbol, assetType, price, changePercent, at) {
      const alerts = await repos.alerts.forSymbol(assetType, symbol);
      if (await evaluator.apply(alerts, price, changePercent, at)) {
        evaluator.changed(assetType, symbol);
      }
    },

    async apply(alerts, price, changePercent, at) {
      let changed = false;
      for (const alert of alerts) {
        if (!alertDue(alert, price, changePercent)) continue;
        if (alert.state === "triggered") {
          changed = (await repos.alerts.rearm(alert.id)) || changed;
          continue;
        }
        const message = alertMessage(alert, price, changePercent);
        const notification = await repos.alerts.trigger(alert.id, price, at, message);
        if (!notification) continue;
        changed = true;
        await mail(alert, message, at);
      }
      return changed;
    },

    async evaluateAll(assetType) {
      const symbols = await repos.alerts.distinctSymbols(assetType);
      for (const symbol of symbols) {
        try {
          const quote = await currentPrice(deps.market, assetType, symbol);
          // A price the provider could not confirm never fires an alert.
          if (quote.stale) continue;
          await evaluator.onPrice(
            symbol,
            assetType,
            quote.price,
            quote.changePercent,
            dateOf(deps.clock),
          );
        } catch (error) {
          logger.warn({ err: error, symbol, assetType }, "alert evaluation failed");
        }
      }
    },

    changed(assetType, symbol) {
      deps.signals
        .publish(ALERT_CHANGES_CHANNEL, instrumentKey({ assetType, symbol }))
        .catch((error: unknown) => logger.warn({ err: error }, "alert change signal failed"));
    },
  };
  return evaluator;
}
