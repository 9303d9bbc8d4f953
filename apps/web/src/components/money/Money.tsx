import type { MoneyDay, ShownMoney } from "./display-money";
import { useDisplayMoney } from "./useDisplayMoney";

/** A converted figure with its hover: the USD amount, the rate and its day. */
export function Money({ shown }: { shown: ShownMoney }) {
  return shown.title ? <span title={shown.title}>{shown.text}</span> : <>{shown.text}</>;
}

/**
 * A USD amount shown in the display currency at the rate of `day` (today's figures: the latest),
 * for a figure that has no formatter handed down to it.
 */
export function MoneyText({
  usd,
  day = "today",
  signed = false,
}: {
  usd: string | null | undefined;
  day?: MoneyDay;
  signed?: boolean;
}) {
  const money = useDisplayMoney(day === "today" ? undefined : day);
  return <Money shown={money(usd, day, signed)} />;
}
