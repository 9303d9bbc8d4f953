import { compare } from "@ledgerline/money";
import { z } from "zod";
import {
  CRYPTO_SYMBOL_PATTERN,
  marketMessages,
  STOCK_SYMBOL_PATTERN,
} from "../market/market-constants";
import {
  ALERT_NOTE_MAX_LENGTH,
  alertAssetTypes,
  alertConditions,
  alertMessages,
  alertRepeats,
  MAX_ALERT_MOVE_PERCENT,
  NOTIFICATIONS_LIMIT,
} from "./alert-constants";
import { decimalInput } from "../shared/decimal-input";
import { decimalString } from "../market/market";

export const createAlertInput = z
  .object({
    symbol: z.string().trim().toUpperCase(),
    assetType: z.enum(alertAssetTypes),
    condition: z.enum(alertConditions),
    /** A price for above/below, a percent for move; text or a JSON number, read exactly. */
    value: decimalInput("Value", { positiveMessage: alertMessages.notPositive }),
    note: z.string().trim().max(ALERT_NOTE_MAX_LENGTH).optional(),
    repeat: z.enum(alertRepeats).default("once"),
  })
  .superRefine((input, ctx) => {
    const stock = input.assetType === "STOCK";
    if (!(stock ? STOCK_SYMBOL_PATTERN : CRYPTO_SYMBOL_PATTERN).test(input.symbol)) {
      ctx.addIssue({
        code: "custom",
        path: ["symbol"],
        message: stock ? marketMessages.invalidStockSymbol : marketMessages.invalidCryptoSymbol,
      });
    }
    if (typeof input.value !== "string") return;
    if (input.condition === "move" && compare(input.value, MAX_ALERT_MOVE_PERCENT) > 0) {
      ctx.addIssue({ code: "custom", path: ["value"], message: alertMessages.percentTooLarge });
    }
  });
export type CreateAlertInput = z.output<typeof createAlertInput>;

export const alertIdInput = z.object({ id: z.coerce.number().int().positive() });

/** Whether an alert (on a price or on a target mix) fires again, is armed, and when it last fired. */
export const alertStateShape = {
  repeat: z.enum(alertRepeats),
  state: z.enum(["armed", "triggered"]),
  triggeredAt: z.iso.datetime({ offset: true }).optional(),
};

export const alert = z.object({
  id: z.number().int(),
  symbol: z.string(),
  assetType: z.enum(alertAssetTypes),
  condition: z.enum(alertConditions),
  value: decimalString,
  note: z.string().optional(),
  ...alertStateShape,
  triggeredPrice: decimalString.optional(),
});
export type Alert = z.infer<typeof alert>;

export const notification = z.object({
  id: z.number().int(),
  /** A price alert fired, or a drift alert on a target mix. */
  kind: z.enum(["alert", "drift"]),
  message: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
  readAt: z.iso.datetime({ offset: true }).optional(),
  alertId: z.number().int().optional(),
});
export type Notification = z.infer<typeof notification>;

/** Without ids, every unread notification of the user is marked read. */
export const markNotificationsReadInput = z.object({
  ids: z.array(z.number().int().positive()).max(NOTIFICATIONS_LIMIT).optional(),
});
export const markNotificationsReadResult = z.object({ marked: z.number().int() });
