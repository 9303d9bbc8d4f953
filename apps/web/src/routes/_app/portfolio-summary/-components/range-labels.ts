import type { PerformanceRange } from "@ledgerline/contracts";
import { m } from "@ledgerline/messages";

/**
 * The summary's periods on their tabs (the value chart's, the returns' and the risk's): ALL is
 * All. 1M to YTD read alike in the catalog's languages; the others are catalog messages.
 */
export const rangeLabels: Record<PerformanceRange, () => string> = {
  "1M": () => "1M",
  "3M": () => "3M",
  "6M": () => "6M",
  YTD: () => "YTD",
  "1Y": m.summary_range_1y,
  ALL: m.summary_range_all,
};
