import type { ReferenceClose } from "../reference";

/**
 * Reference closes of the stocks the simulated market is kept near (see ../reference.ts).
 *
 * `close` entries are the real closing prices of Tuesday 31 December 2024, the last session of
 * 2024, as published by the exchanges (in the shares of that day: after NVDA's, AVGO's, WMT's and
 * CMG's 2024 splits). `generated` entries are plausible figures near where those companies
 * traded, written for the demo and not to be quoted as facts. Every other constituent gets a
 * generated reference from company-profiles.ts.
 */
export const STOCK_REFERENCE_DATE = "2024-12-31";

const recorded = (close: number): ReferenceClose => ({
  date: STOCK_REFERENCE_DATE,
  close,
  source: "close",
});
const generated = (close: number): ReferenceClose => ({
  date: STOCK_REFERENCE_DATE,
  close,
  source: "generated",
});

export const stockReferenceCloses: Readonly<Record<string, ReferenceClose>> = {
  AAPL: recorded(250.42),
  MSFT: recorded(421.5),
  NVDA: recorded(134.29),
  AMZN: recorded(219.39),
  GOOGL: recorded(189.3),
  GOOG: recorded(190.44),
  META: recorded(585.51),
  TSLA: recorded(403.84),
  AVGO: recorded(231.84),
  "BRK.B": recorded(453.28),
  JPM: recorded(239.71),
  V: recorded(316.04),
  MA: recorded(526.57),
  LLY: recorded(772.0),
  JNJ: recorded(144.62),
  WMT: recorded(90.35),
  PG: recorded(167.65),
  XOM: recorded(107.57),
  UNH: recorded(505.86),
  KO: recorded(62.26),
  NFLX: recorded(891.32),
  AMD: recorded(120.79),
  INTC: recorded(20.05),
  COST: recorded(916.27),
  SPY: recorded(586.08),
  HD: generated(390.0),
  PEP: generated(152.0),
  DIS: generated(111.0),
  CSCO: generated(59.5),
  ORCL: generated(168.0),
  IBM: generated(221.0),
  NKE: generated(76.0),
  MCD: generated(290.0),
  BA: generated(177.0),
  CRM: generated(334.0),
  ADBE: generated(440.0),
  PFE: generated(26.5),
  CVX: generated(145.0),
  BAC: generated(44.0),
  CMG: generated(60.0),
  WBD: generated(10.5),
};
