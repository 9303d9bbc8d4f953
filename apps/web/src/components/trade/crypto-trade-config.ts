import { m } from "@ledgerline/messages";
import { CRYPTO_PRICE_STEP, CRYPTO_QUANTITY_STEP } from "@ledgerline/contracts/browser";
import type { TradeAssetConfig } from "./trade-config";

/**
 * Crypto: spec section 4 "Crypto buy dialog" / "Crypto sell dialog" and section 5 "Crypto buy" /
 * "Crypto sell". Quantities step by 0.000001; the sell box says how much can be sold, and more
 * than owned shows the spec's message in its place and resets the quantity to what is owned (one
 * message, not a toast beside it, so the spec's 5-second notice has no timer: the words stand
 * under the box until more is typed); with nothing owned the inputs are disabled. The buttons and
 * labels say what the stock dialogs say for the same acts (Add ... / Remove ...).
 */
export const cryptoTrade: TradeAssetConfig = {
  assetType: "CRYPTO",
  assetLabel: m.trade_crypto(),
  pricePerUnitLabel: m.trade_price_per_coin(),
  quantityText: (quantity, symbol) => `${quantity} ${symbol}`,
  quantityStep: CRYPTO_QUANTITY_STEP,
  priceStep: CRYPTO_PRICE_STEP,
  buy: {
    title: m.asset_buy_crypto(),
    quantityLabel: m.trade_quantity_to_add(),
    priceLabel: m.trade_purchase_price(),
    submitLabel: m.trade_add_crypto(),
    confirmTitle: m.trade_confirm_purchase(),
    failure: m.trade_add_failed(),
    success: (quantity, symbol) => m.trade_crypto_added({ quantity, symbol }),
  },
  sell: {
    title: m.asset_sell_crypto(),
    quantityLabel: m.trade_quantity_to_remove(),
    priceLabel: m.trade_sell_price(),
    submitLabel: m.trade_remove_crypto(),
    confirmTitle: m.trade_confirm_sale(),
    failure: m.trade_reduce_failed(),
    success: (quantity, symbol) => m.trade_crypto_sold({ quantity, symbol }),
    oversellMessage: (owned, symbol) => m.trade_cannot_sell_more_crypto({ owned, symbol }),
    quantityHint: (owned, symbol) => m.trade_can_only_sell_up_to({ amount: owned, symbol }),
    disableInputsWhenNothingHeld: true,
  },
};
