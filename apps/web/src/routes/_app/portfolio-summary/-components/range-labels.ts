import type { PerformanceRange } from "@ledgerline/contracts";

/** The summary's periods on their tabs (the value chart's, the returns' and the risk's): ALL is All. */
export const rangeLabels: Record<PerformanceRange, string> = {
  "1M": "1M",
  "3M": "3M",
  "6M": "6M",
  YTD: "YTD",
  "1Y": "1Y",
  ALL: "All",
};
