import { round, STORED_FRACTION_DIGITS, toStored, type Decimal } from "@ledgerline/money";
import { eq } from "drizzle-orm";
import type { Tables } from "../database";
import type { AssetType } from "../schema";

/** One holding's rows of the trade log: the user's, in one account, of one asset and symbol. */
export const holdingRows = (
  { transactions }: Tables,
  holding: { userId: number; accountId: number; assetType: AssetType; symbol: string },
) => [
  eq(transactions.userId, holding.userId),
  eq(transactions.accountId, holding.accountId),
  eq(transactions.type, holding.assetType),
  eq(transactions.symbol, holding.symbol),
];

/** The figures a replay of a holding reads from each of its trade rows (stored text). */
export const tradeFigures = ({ transactions }: Tables) => ({
  id: transactions.id,
  transactionDate: transactions.transactionDate,
  transactionType: transactions.transactionType,
  quantity: transactions.quantity,
  price: transactions.price,
  fee: transactions.fee,
});

/** A decimal as stored, rounded to the stored places: a product of two long decimals may not fit. */
export const storable = (value: Decimal) => toStored(round(value, STORED_FRACTION_DIGITS));
