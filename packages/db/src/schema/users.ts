import type { ColumnKit } from "./kit";

export function userTables(k: ColumnKit) {
  const users = k.table("users", {
    id: k.id(),
    /** Stored trimmed and lower-cased; unique regardless of how it was typed. */
    email: k.text("email").notNull().unique(),
    name: k.text("name").notNull(),
    passwordHash: k.text("password_hash").notNull(),
    isAdmin: k.flag("is_admin").notNull().default(false),
    createdAt: k.instant("created_at").notNull(),
    lastLoginAt: k.instant("last_login_at"),
    previousLoginAt: k.instant("previous_login_at"),
    numberOfLogins: k.integer("number_of_logins").notNull().default(0),
    failedLogins: k.integer("failed_logins").notNull().default(0),
    /** The currency figures are shown in (ISO 4217); amounts are still stored in USD. */
    displayCurrency: k.text("display_currency").notNull().default("USD"),
    /** The BCP 47 locale figures and dates are written in (one of contracts' supportedLocales). */
    locale: k.text("locale").notNull().default("en-US"),
  });

  /** A row's owner: the user whose data it is, whose deletion deletes the row. */
  const ownerId = () =>
    k
      .integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" });

  return { users, ownerId };
}

/** The users table and the owner column every user's row carries. */
export type Owners = ReturnType<typeof userTables>;
