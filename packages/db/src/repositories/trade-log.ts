import { round, STORED_FRACTION_DIGITS, toStored, type Decimal } from "@ledgerline/money";
import { eq } from "drizzle-orm";
import type { Tables } from "../database";
import { transactionTypes, type AssetType, type TransactionType } from "../schema";

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

/** The one string of each asset type and side, rather than the driver's copy per row. */
const SHARED_KINDS = new Map<string, AssetType | TransactionType>(
  ["STOCK", "CRYPTO", ...transactionTypes].map((kind) => [kind, kind as AssetType]),
);
export const sharedKind = <T extends string>(kind: T): T => (SHARED_KINDS.get(kind) as T) ?? kind;
