import type { PositionView } from "@ledgerline/contracts";
import { cryptoAsset } from "../../../../components/assets/crypto";
import { HoldingFigures } from "../../../../components/assets/HoldingFigures";

/** The user's position in one coin, valued at the price the page shows. */
export function PositionDetails({
  position,
  price,
}: {
  position: PositionView | undefined;
  price: string;
}) {
  return (
    <section
      aria-labelledby="crypto-position-heading"
      className="rounded-xl border border-border bg-surface p-5 shadow-sm"
    >
      <h2 id="crypto-position-heading" className="mb-3 text-lg font-semibold">
        Your Position
      </h2>
      <HoldingFigures asset={cryptoAsset} position={position} price={price} />
    </section>
  );
}
