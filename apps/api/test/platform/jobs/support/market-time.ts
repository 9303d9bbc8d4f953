/** The pinned market's instant (a Wednesday in a regular session), the test's and its worker's. */
export const MARKET_TIME = "2026-03-11T15:00:00Z";
