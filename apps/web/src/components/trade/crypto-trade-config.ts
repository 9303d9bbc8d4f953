import {
  CRYPTO_OVERSELL_NOTICE_MS,
  CRYPTO_PRICE_STEP,
  CRYPTO_QUANTITY_STEP,
  canOnlySellUpTo,
  cannotSellMoreThanCrypto,
  portfolioMessages,
} from "@ledgerline/contracts/browser";
import type { TradeAssetConfig } from "./trade-config";

/**
 * Crypto: spec section 4 "Crypto buy dialog" / "Crypto sell dialog" and section 5 "Crypto buy" /
 * "Crypto sell". Quantities step by 0.000001; more than owned in the sell box shows the 5-second
 * notice and the spec's message, and resets the quantity to what is owned; with nothing owned
 * the inputs are disabled.
 */
export const cryptoTrade: TradeAssetConfig = {
  assetLabel: "Crypto",
  pricePerUnitLabel: "Price per Coin",
  quantityText: (quantity, symbol) => `${quantity} ${symbol}`,
  quantityStep: CRYPTO_QUANTITY_STEP,
  priceStep: CRYPTO_PRICE_STEP,
  buy: {
    title: "Buy Crypto",
    quantityLabel: "Quantity",
    priceLabel: "Purchase Price",
    submitLabel: "Add to Portfolio",
    confirmTitle: "Confirm Purchase",
    failure: portfolioMessages.failedToAddToPortfolio,
    success: (quantity, symbol) => `Added ${quantity} ${symbol} to your portfolio`,
  },
  sell: {
    title: "Sell Crypto",
    quantityLabel: "Quantity to Sell",
    priceLabel: "Sell Price",
    submitLabel: "Sell",
    confirmTitle: "Confirm Sale",
    failure: portfolioMessages.failedToReducePosition,
    success: (quantity, symbol) => `Sold ${quantity} ${symbol}`,
    oversellMessage: (owned, symbol) => cannotSellMoreThanCrypto(owned, symbol),
    oversellNotice: {
      text: (owned, symbol) => canOnlySellUpTo(owned, symbol),
      durationMs: CRYPTO_OVERSELL_NOTICE_MS,
    },
    disableInputsWhenNothingHeld: true,
  },
};
