import { m } from "@ledgerline/messages";

/** The texts of one side's trade dialog (buy or sell). */
interface TradeDialogTexts {
  title: string;
  quantityLabel: string;
  priceLabel: string;
  submitLabel: string;
  confirmTitle: string;
  /** When the server gives no 4xx message. */
  failure: string;
  success(quantity: string, symbol: string): string;
}

/**
 * What differs between trading one kind of asset and another: labels, input steps and the texts
 * of the spec's buy and sell dialogs. The dialogs read everything asset-specific from here, so a
 * new kind of asset is a new config object, not a new dialog.
 */
export interface TradeAssetConfig {
  /** The asset type the server's lots and reports name it by. */
  assetType: "STOCK" | "CRYPTO";
  /** The first row of the confirm step: "Stock", "Crypto". */
  assetLabel: string;
  /** Column label of the unit price in the confirm step: "Price per Share". */
  pricePerUnitLabel: string;
  /** "3 shares", "0.5 BTC". */
  quantityText(quantity: string, symbol: string): string;
  /** The quantity input's step (the spec: 0.000001 for crypto). */
  quantityStep: string;
  priceStep: string;
  buy: TradeDialogTexts;
  sell: TradeDialogTexts & {
    /** Shown under the quantity when more than is held was typed (the quantity is set to `held`). */
    oversellMessage(held: string, symbol: string): string;
    /**
     * Under the quantity until more than is held is typed (then the message above takes its
     * place, so one message shows at a time): crypto's 'You can only sell up to ...'.
     */
    quantityHint?(held: string, symbol: string): string;
    /** Crypto disables the inputs when nothing is owned; stocks only disable the button. */
    disableInputsWhenNothingHeld: boolean;
  };
}

const shares = (quantity: string) =>
  quantity === "1" ? m.trade_shares_one({ quantity }) : m.trade_shares_other({ quantity });

/** Stocks: spec section 2 "Modals" and section 5 "Stock buy" / "Stock sell". */
export const stockTrade: TradeAssetConfig = {
  assetType: "STOCK",
  assetLabel: m.trade_stock(),
  pricePerUnitLabel: m.trade_price_per_share(),
  quantityText: (quantity) => shares(quantity),
  quantityStep: "1",
  priceStep: "0.01",
  buy: {
    title: m.trade_buy_stock_title(),
    quantityLabel: m.trade_quantity_to_add(),
    priceLabel: m.trade_purchase_price(),
    submitLabel: m.trade_add_shares(),
    confirmTitle: m.trade_confirm_purchase(),
    failure: m.trade_add_failed(),
    success: (quantity, symbol) => m.trade_stock_added({ shares: shares(quantity), symbol }),
  },
  sell: {
    title: m.trade_sell_stock_title(),
    quantityLabel: m.trade_quantity_to_remove(),
    priceLabel: m.trade_sell_price(),
    submitLabel: m.trade_remove_shares(),
    confirmTitle: m.trade_confirm_sale(),
    failure: m.trade_sell_failed(),
    success: (quantity, symbol) => m.trade_stock_sold({ shares: shares(quantity), symbol }),
    oversellMessage: (held) => m.trade_cannot_sell_more_shares({ held }),
    disableInputsWhenNothingHeld: false,
  },
};
