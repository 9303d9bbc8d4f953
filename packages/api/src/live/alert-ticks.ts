import type { Alert, Repositories } from "@ledgerline/db";
import {
  instrumentKey,
  type Instrument,
  type PriceTick,
  type PriceTicks,
} from "@ledgerline/market";
import type { Logger } from "../platform/logger";
import type { Signals } from "../platform/shared-state";
import { ALERT_CHANGES_CHANNEL, alertDue, type AlertEvaluator } from "./alert-evaluator";
import { type Clock, dateOf } from "@ledgerline/clock";

/** A full re-read of the watched alerts this often, in case a change signal was lost. */
export const ALERT_TICKS_RELOAD_MS = 60_000;

export interface AlertTicksDeps {
  repos: Repositories;
  priceTicks: PriceTicks;
  evaluator: AlertEvaluator;
  signals: Signals;
  clock: Clock;
  logger: Logger;
}

interface Watched {
  instrument: Instrument;
  alerts: Alert[];
  unsubscribe: () => void;
  /** A tick that arrived while the previous one was being written; only the newest is kept. */
  pending: PriceTick | undefined;
  busy: boolean;
}

/**
 * Checks the alerts against every live tick of their symbols, also while their users are away.
 * The alerts that can still fire or re-arm are kept in memory by symbol, so a tick costs a few
 * comparisons and reaches the database only when it calls for a change; the change itself is the
 * evaluator's conditional update, so a stale copy here can never fire an alert twice. The copy of
 * a symbol is read again whenever its alerts change (a signal from any process) or a write for it
 * was attempted, and all of it every ALERT_TICKS_RELOAD_MS. One process per deployment runs this.
 */
export function watchAlertTicks(deps: AlertTicksDeps): () => void {
  const watch = new AlertTicksWatch(deps);
  const warn = (message: string) => (error: unknown) => deps.logger.warn({ err: error }, message);
  const unsubscribeChanges = deps.signals.subscribe(ALERT_CHANGES_CHANNEL, (key) => {
    const [assetType, symbol] = key.split(":");
    if ((assetType !== "STOCK" && assetType !== "CRYPTO") || !symbol) return;
    watch.reloadSymbol({ assetType, symbol }).catch(warn("reading an asset's alerts failed"));
  });
  const reloadTimer = setInterval(
    () => void watch.reloadAll().catch(warn("reading the alerts failed")),
    ALERT_TICKS_RELOAD_MS,
  );
  reloadTimer.unref();
  void watch.reloadAll().catch(warn("reading the alerts failed"));

  return () => {
    watch.stopped = true;
    clearInterval(reloadTimer);
    unsubscribeChanges();
    watch.unsubscribeAll();
  };
}

const stillWatchable = (alert: Alert) => alert.state === "armed" || alert.repeat === "rearm";

/** The watched alerts by symbol, each symbol subscribed to its ticks (see watchAlertTicks). */
class AlertTicksWatch {
  readonly #watched = new Map<string, Watched>();
  stopped = false;
  // Reads overlap (a symbol's change signal during a full reload, two signals at once): each read
  // is numbered when it starts, and an answer older than the symbol's newest read is dropped, so
  // a slow full reload never puts back what a newer read of one symbol has replaced.
  #reads = 0;
  readonly #lastReadOf = new Map<string, number>();

  constructor(private readonly deps: AlertTicksDeps) {}

  #place(instrument: Instrument, alerts: Alert[]): void {
    const key = instrumentKey(instrument);
    const entry = this.#watched.get(key);
    if (alerts.length === 0) {
      if (!entry) return;
      this.#watched.delete(key);
      entry.unsubscribe();
      return;
    }
    if (entry) {
      entry.alerts = alerts;
      return;
    }
    const created: Watched = {
      instrument,
      alerts,
      unsubscribe: () => {},
      pending: undefined,
      busy: false,
    };
    this.#watched.set(key, created);
    created.unsubscribe = this.deps.priceTicks.subscribe([instrument], (tick) =>
      this.#onTick(created, tick),
    );
  }

  async reloadSymbol(instrument: Instrument): Promise<void> {
    const key = instrumentKey(instrument);
    const read = ++this.#reads;
    this.#lastReadOf.set(key, read);
    const alerts = await this.deps.repos.alerts.forSymbol(instrument.assetType, instrument.symbol);
    if (!this.stopped && this.#lastReadOf.get(key) === read) {
      this.#place(instrument, alerts.filter(stillWatchable));
    }
  }

  async reloadAll(): Promise<void> {
    const read = ++this.#reads;
    const byKey = new Map<string, { instrument: Instrument; alerts: Alert[] }>();
    for (const alert of await this.deps.repos.alerts.watchable()) {
      const key = instrumentKey(alert);
      const group = byKey.get(key) ?? { instrument: alert, alerts: [] };
      group.alerts.push(alert);
      byKey.set(key, group);
    }
    if (this.stopped) return;
    const newer = (key: string) => (this.#lastReadOf.get(key) ?? 0) > read;
    for (const [key, entry] of this.#watched) {
      if (byKey.has(key) || newer(key)) continue;
      this.#lastReadOf.set(key, read);
      this.#place(entry.instrument, []);
    }
    for (const [key, { instrument, alerts }] of byKey) {
      if (newer(key)) continue;
      this.#lastReadOf.set(key, read);
      this.#place({ assetType: instrument.assetType, symbol: instrument.symbol }, alerts);
    }
  }

  #onTick(entry: Watched, tick: PriceTick): void {
    // A price the provider could not confirm never fires an alert.
    if (tick.quote.stale === true) return;
    const { changePercent } = tick.quote;
    if (!entry.alerts.some((alert) => alertDue(alert, tick.price, changePercent))) return;
    entry.pending = tick;
    if (!entry.busy) void this.#drain(entry);
  }

  async #drain(entry: Watched): Promise<void> {
    const { evaluator, clock, logger } = this.deps;
    entry.busy = true;
    try {
      while (entry.pending && !this.stopped) {
        const tick = entry.pending;
        entry.pending = undefined;
        const { changePercent } = tick.quote;
        const due = entry.alerts.filter((alert) => alertDue(alert, tick.price, changePercent));
        if (due.length === 0) continue;
        const changed = await evaluator.apply(due, tick.price, changePercent, dateOf(clock));
        if (changed) evaluator.changed(entry.instrument.assetType, entry.instrument.symbol);
        await this.reloadSymbol(entry.instrument);
      }
    } catch (error) {
      logger.warn({ err: error, ...entry.instrument }, "alert evaluation on a tick failed");
    } finally {
      entry.busy = false;
    }
  }

  unsubscribeAll(): void {
    for (const entry of this.#watched.values()) entry.unsubscribe();
    this.#watched.clear();
  }
}
