import type { AlertRepeat, AlertState } from "@ledgerline/db";

/**
 * An alert's repeat, state and when it last fired as its view shows them (the contracts'
 * alertStateShape), alike for an alert on a price and one on a target mix.
 */
export function alertStateView(alert: {
  repeat: AlertRepeat;
  state: AlertState;
  triggeredAt: Date | null;
}): { repeat: AlertRepeat; state: AlertState; triggeredAt?: string } {
  return {
    repeat: alert.repeat,
    state: alert.state,
    ...(alert.triggeredAt ? { triggeredAt: alert.triggeredAt.toISOString() } : {}),
  };
}
