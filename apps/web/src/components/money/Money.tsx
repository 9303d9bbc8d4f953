import type { MoneyDay, ShownMoney } from "./display-money";
import { useDisplayMoney } from "./useDisplayMoney";

/**
 * A converted figure with its hover: the USD amount, the rate and its day. It takes keyboard
 * focus so the hover reaches a keyboard too: focused, it shows the same words beside it
 * (`.money-hover` in styles.css) and a screen reader hears them as its description. The words
 * are not in the figure's text, so it still reads (and copies) as the amount alone.
 */
export function Money({ shown }: { shown: ShownMoney }) {
  return shown.title ? (
    <span tabIndex={0} title={shown.title} aria-description={shown.title} className="money-hover">
      {shown.text}
    </span>
  ) : (
    <>{shown.text}</>
  );
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
