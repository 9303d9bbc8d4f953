import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

export const users = sqliteTable("users", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  /** Stored trimmed and lower-cased; unique regardless of how it was typed. */
  email: text("email").notNull().unique(),
  name: text("name").notNull(),
  passwordHash: text("password_hash").notNull(),
  isAdmin: integer("is_admin", { mode: "boolean" }).notNull().default(false),
  createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  lastLoginAt: integer("last_login_at", { mode: "timestamp_ms" }),
  previousLoginAt: integer("previous_login_at", { mode: "timestamp_ms" }),
  numberOfLogins: integer("number_of_logins").notNull().default(0),
  failedLogins: integer("failed_logins").notNull().default(0),
});

/** A row's owner: the user whose data it is, whose deletion deletes the row. */
export const ownerId = () =>
  integer("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" });

export type UserRow = typeof users.$inferSelect;
