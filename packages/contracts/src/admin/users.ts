import { z } from "zod";
import { newPassword } from "../auth/auth";

const isoDate = z.iso.datetime({ offset: true });

export const userId = z.coerce
  .number({ error: "User id must be a whole number" })
  .int("User id must be a whole number")
  .positive("User id must be a whole number");

/** A row of the admin user list (spec section 3). */
export const userListRow = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  isAdmin: z.boolean(),
  createdDate: isoDate,
  lastLoginDate: isoDate.nullable(),
  numberOfLogins: z.number().int(),
  failedLogins: z.number().int(),
});
export type UserListRow = z.infer<typeof userListRow>;

export const userIdInput = z.object({ id: userId });

export const adminResetPasswordInput = z.object({ id: userId, newPassword });
export type AdminResetPasswordInput = z.output<typeof adminResetPasswordInput>;
