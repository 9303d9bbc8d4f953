import { z } from "zod";
import { currentPassword, email, newPassword } from "./auth";

export const updatePasswordInput = z.object({ currentPassword, newPassword });
export type UpdatePasswordInput = z.output<typeof updatePasswordInput>;

/** The password is asked again: an address that moves takes password resets with it. */
export const updateEmailInput = z.object({ newEmail: email, currentPassword });
export type UpdateEmailInput = z.output<typeof updateEmailInput>;
