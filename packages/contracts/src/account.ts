import { z } from "zod";
import { currentPassword, email, newPassword } from "./auth";

export const updatePasswordInput = z.object({ currentPassword, newPassword });
export type UpdatePasswordInput = z.output<typeof updatePasswordInput>;

export const updateEmailInput = z.object({ newEmail: email });
export type UpdateEmailInput = z.output<typeof updateEmailInput>;
