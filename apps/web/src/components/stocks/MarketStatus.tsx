import { Alert } from "../ui/Alert";

/** The spec shows a market-closed banner only when the status text says "closed". */
export const isClosedStatus = (status: string) => /closed/i.test(status);

export function MarketClosedBanner({ status }: { status: string }) {
  return isClosedStatus(status) ? <Alert tone="warning">{status}</Alert> : null;
}
