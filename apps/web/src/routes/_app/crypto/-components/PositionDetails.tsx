import { m } from "@ledgerline/messages";
import type { PositionView } from "@ledgerline/contracts";
import { cryptoAsset } from "../../../../components/assets/crypto";
import { HoldingFigures } from "../../../../components/assets/HoldingFigures";
import { Panel } from "../../../../components/ui/Panel";

/** The user's position in one coin, valued at the price the page shows. */
export function PositionDetails({
  position,
  price,
}: {
  position: PositionView | undefined;
  price: string;
}) {
  return (
    <Panel titleId="crypto-position-heading" title={m.asset_your_position()} titleClassName="mb-3">
      <HoldingFigures asset={cryptoAsset} position={position} price={price} />
    </Panel>
  );
}
