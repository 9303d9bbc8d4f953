import { z } from "zod";
import { calendarDate } from "../market/market";

/**
 * On an answer worked from the daily history stored before a back-dated change, while its
 * recompute runs (decision 0061): `from` is the first day being restated. Absent once the history
 * is current. The value chart's points then stop before `from` (the days before it are final);
 * figures over a period that reaches past it (returns, risk, monthly returns) are the ones from
 * before the change, not final: they are worked again when the update ends.
 */
export const historyUpdating = z
  .object({ from: calendarDate })
  .optional()
  .describe(
    "Present while a back-dated change's recompute runs: the answer is worked from the history stored before it, and `from` is the first day being restated. The value chart's points stop before `from`; figures over a period reaching past it are the ones from before the change, not final, until `GET /api/portfolio/history/update` says the update ended.",
  );
export type HistoryUpdating = z.infer<typeof historyUpdating>;
