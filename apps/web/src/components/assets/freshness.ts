import { m } from "@ledgerline/messages";
/**
 * How fresh the prices on a screen are, told one way everywhere (issue 37): headers said
 * 'Updated live' while the intros under them said 'every minute' and 'every 10 seconds'. Both
 * are true at different moments: prices are pushed live while the live feed answers, and polled
 * on the asset's interval (STOCK_/CRYPTO_REFRESH_INTERVAL_MS) while it does not, when the badge
 * says 'Delayed'. The header says which holds now; an intro says both.
 */
export const freshness = {
  live: m.asset_freshness_live(),
  polling: { stock: m.asset_freshness_stock(), crypto: m.asset_freshness_crypto() },
  intro: { stock: m.asset_freshness_intro_stock(), crypto: m.asset_freshness_intro_crypto() },
  delayedBadge: m.asset_freshness_delayed_badge(),
} as const;
