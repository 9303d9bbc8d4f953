/** What a dialog trades: the symbol, a name to show beside it, and the current market price. */
export interface TradeTarget {
  symbol: string;
  name?: string;
  /** Exact decimal text; the price inputs default to it. */
  price: string;
}

/** What the user confirmed, as the inputs' exact text. */
export interface TradeValues {
  quantity: string;
  price: string;
  /** The fee, exact decimal text; "0" when none was typed. */
  fee: string;
  notes: string;
  /** The investment account chosen in the dialog; none for a user with one account. */
  accountId?: number;
  /** A sell's lots as the seller chose them; none when the account's method picks them. */
  lots?: { lotId: string; quantity: string }[];
  /** One per confirmation: every attempt to send it carries the same key. */
  idempotencyKey: string;
}
