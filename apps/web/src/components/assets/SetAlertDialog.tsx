import { m } from "@ledgerline/messages";
import { BellPlus } from "lucide-react";
import { Suspense, useState } from "react";
import { preloadable, preloadOn } from "../../lib/preloadable";
import { Button } from "../ui/Button";
import type { AssetConfig } from "./asset-config";

// The dialog's code (its form library and dialog primitives) loads when it is first opened, not
// with every card that shows the button.
const SetAlertDialog = preloadable(() =>
  import("./SetAlertForm").then((module) => ({ default: module.SetAlertDialog })),
);

const preloadAlertDialog = preloadOn(() => SetAlertDialog.preload());

/** A 'Set alert' button and its dialog, for any asset's page or card. */
export function SetAlertButton({
  asset,
  symbol,
  price,
  size,
}: {
  asset: AssetConfig;
  symbol: string;
  price: string | null;
  size?: "sm";
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        size={size}
        variant="secondary"
        aria-label={m.asset_set_alert_on({ symbol })}
        {...preloadAlertDialog}
        onClick={() => setOpen(true)}
      >
        <BellPlus aria-hidden="true" className="h-4 w-4" />
        {m.asset_set_alert()}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <SetAlertDialog
            asset={asset}
            symbol={symbol}
            price={price}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      )}
    </>
  );
}
