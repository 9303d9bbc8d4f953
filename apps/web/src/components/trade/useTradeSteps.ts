import { m } from "@ledgerline/messages";
import { useMutation } from "@tanstack/react-query";
import { useRef, useState, type MouseEvent } from "react";
import { sum } from "@ledgerline/money";
import { formatQuantity, formatSignedCurrency } from "../../lib/format";
import { newIdempotencyKey } from "../../lib/idempotency-key";
import { notify } from "../../lib/notify";
import { errorMessage } from "../../lib/trpc";
import type { TradeTarget, TradeValues } from "./types";

export interface TradeStepsOptions {
  target: TradeTarget;
  submit: (target: TradeTarget, values: TradeValues) => Promise<unknown>;
  texts: { failure: string; success(quantity: string, symbol: string): string };
  onSuccess?: () => void;
  onClose: () => void;
}

/** A sell's answer names its lots' gains (issue 32): the notice says what the sale realized. */
function realizedNote(result: unknown): string {
  const realized = (result as { realized?: { gain: string }[] } | null)?.realized;
  if (!realized || realized.length === 0) return "";
  const gain = sum(realized.map((lot) => lot.gain));
  const amount = formatSignedCurrency(gain);
  return gain.startsWith("-")
    ? m.trade_realized_loss({ amount })
    : m.trade_realized_gain({ amount });
}

/**
 * The two steps the buy and sell dialogs share (edit, then confirm) and their one write.
 * Exactly once: moving to the confirm step mints a fresh idempotency key that every attempt of
 * that confirmation sends, so the server makes one trade however often it is asked; the confirm
 * button takes the first click only, until the answer comes (the second and third clicks of a
 * double- or triple-click are not new decisions, and React has not yet re-rendered the button
 * as disabled when they arrive).
 */
export function useTradeSteps({ target, submit, texts, onSuccess, onClose }: TradeStepsOptions) {
  const [step, setStep] = useState<"form" | "confirm">("form");
  const [failure, setFailure] = useState<string | null>(null);
  const confirmation = useRef<string | null>(null);
  const sending = useRef(false);

  const trade = useMutation({
    mutationFn: (values: TradeValues) => submit(target, values),
    onSuccess: (result, values) => {
      notify.success(
        texts.success(formatQuantity(values.quantity), target.symbol) + realizedNote(result),
      );
      onSuccess?.();
      onClose();
    },
    onError: (error) => setFailure(errorMessage(error, texts.failure)),
    onSettled: () => {
      sending.current = false;
    },
  });

  /** Only a deliberate single click (or a key press, detail 0) acts. */
  const singleClick = (event: MouseEvent, act: () => void) => {
    if (event.detail > 1) return;
    act();
  };

  return {
    step,
    failure,
    pending: trade.isPending,
    /** To the confirm step, as a new confirmation with a key of its own. */
    review() {
      setFailure(null);
      confirmation.current = newIdempotencyKey();
      setStep("confirm");
    },
    back: (event: MouseEvent) => singleClick(event, () => setStep("form")),
    /** The browser's Back button: from the confirm step back to the form, else close. */
    browserBack: () => {
      if (step === "confirm" && !trade.isPending) setStep("form");
      else if (!trade.isPending) onClose();
    },
    confirm: (event: MouseEvent, values: Omit<TradeValues, "idempotencyKey">) =>
      singleClick(event, () => {
        if (sending.current || !confirmation.current) return;
        sending.current = true;
        trade.mutate({ ...values, idempotencyKey: confirmation.current });
      }),
    /** Closing is refused while the write is on its way: its answer decides what happens. */
    requestClose: () => {
      if (!trade.isPending) onClose();
    },
  };
}
