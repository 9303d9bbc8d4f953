import { z } from "zod";
import { email, newPassword } from "./auth";
import { PASSWORD_MAX_LENGTH } from "./limits";
import { messages } from "./messages";

export const updatePasswordInput = z.object({
  currentPassword: z
    .string({ error: messages.passwordRequired })
    .min(1, messages.passwordRequired)
    .max(PASSWORD_MAX_LENGTH, messages.currentPasswordWrong),
  newPassword,
});
export type UpdatePasswordInput = z.output<typeof updatePasswordInput>;

export const updateEmailInput = z.object({ newEmail: email });
export type UpdateEmailInput = z.output<typeof updateEmailInput>;
