import { m } from "@ledgerline/messages";
import { lazy, Suspense, type FormEvent } from "react";
import { Button } from "../ui/Button";
import { AccountSelect, AmountFields, FeeAndNotesFields } from "./TradeFields";
import { TradeTotals } from "./TradeTotals";
import type { TradeFlowState } from "./useTradeFlow";

// The lots' table loads with a sell's first opening, not with every trade dialog.
const LotChoice = lazy(() => import("./lots/LotChoice"));

/** A sell's lots to choose from, loaded with the first sell. */
function SellLots({ flow }: { flow: TradeFlowState }) {
  const { asset, target, values } = flow;
  return (
    <Suspense fallback={<p className="h-24 text-sm text-muted">{m.trade_loading_lots()}</p>}>
      <LotChoice
        key={flow.accountId}
        symbol={target.symbol}
        assetType={asset.assetType}
        accountId={flow.account?.id}
        quantity={values.quantity}
        price={values.price}
        quantityText={(amount, symbol) => asset.quantityText(amount, symbol)}
        onChange={flow.setLotChoice}
      />
    </Suspense>
  );
}

/** The form step: the trade's fields and totals, Cancel, and the button to review it. */
export function TradeFormStep({ flow, onClose }: { flow: TradeFlowState; onClose: () => void }) {
  function review(event: FormEvent) {
    event.preventDefault();
    void flow.form.handleSubmit();
  }
  return (
    <form noValidate onSubmit={review} className="space-y-4">
      <AccountSelect flow={flow} />
      <AmountFields flow={flow} />
      {flow.selling && flow.holdsSome && <SellLots flow={flow} />}
      <FeeAndNotesFields flow={flow} />
      <TradeTotals side={flow.side} figures={flow.figures} />
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>
          {m.trade_cancel()}
        </Button>
        <Button type="submit" disabled={flow.steps.pending || !flow.canReview}>
          {flow.texts.submitLabel}
        </Button>
      </div>
    </form>
  );
}
