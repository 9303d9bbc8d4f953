/**
 * How fresh the prices on a screen are, told one way everywhere (issue 37): headers said
 * 'Updated live' while the intros under them said 'every minute' and 'every 10 seconds'. Both
 * are true at different moments: prices are pushed live while the live feed answers, and polled
 * on the asset's interval (STOCK_/CRYPTO_REFRESH_INTERVAL_MS) while it does not, when the badge
 * says 'Delayed'. The header says which holds now; an intro says both.
 */
export const freshness = {
  live: "Updated live as the market moves.",
  polling: { stock: "Refreshed every minute.", crypto: "Refreshed every 10 seconds." },
  intro: {
    stock:
      "Prices update live while this page is open, or every minute while the live feed is unavailable (the badge by the title then says Delayed).",
    crypto:
      "Prices update live while this page is open, or every 10 seconds while the live feed is unavailable (the badge by the title then says Delayed).",
  },
  delayedBadge: "The live feed is unavailable: prices are refreshed on a timer",
} as const;
