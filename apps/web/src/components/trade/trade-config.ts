import { cannotSellMoreThanShares, portfolioMessages } from "@ledgerline/contracts/browser";

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

const shares = (quantity: string) => (quantity === "1" ? "share" : "shares");

/** Stocks: spec section 2 "Modals" and section 5 "Stock buy" / "Stock sell". */
export const stockTrade: TradeAssetConfig = {
  assetType: "STOCK",
  assetLabel: "Stock",
  pricePerUnitLabel: "Price per Share",
  quantityText: (quantity) => `${quantity} ${shares(quantity)}`,
  quantityStep: "1",
  priceStep: "0.01",
  buy: {
    title: "Add/Increase Portfolio Position",
    quantityLabel: "Quantity to Add",
    priceLabel: "Purchase Price",
    submitLabel: "Add Shares",
    confirmTitle: "Confirm Purchase",
    failure: portfolioMessages.failedToAddToPortfolio,
    success: (quantity, symbol) =>
      `Added ${quantity} ${shares(quantity)} of ${symbol} to your portfolio`,
  },
  sell: {
    title: "Sell Portfolio Position",
    quantityLabel: "Quantity to Remove",
    priceLabel: "Sell Price",
    submitLabel: "Remove Shares",
    confirmTitle: "Confirm Sale",
    failure: portfolioMessages.failedToSellPosition,
    success: (quantity, symbol) => `Sold ${quantity} ${shares(quantity)} of ${symbol}`,
    oversellMessage: (held) => cannotSellMoreThanShares(held),
    disableInputsWhenNothingHeld: false,
  },
};
