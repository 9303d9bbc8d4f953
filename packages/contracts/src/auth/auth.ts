import { z } from "zod";
import {
  EMAIL_MAX_LENGTH,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from "../shared/limits";
import { supportedLocale } from "../locale/locale";
import { messages } from "../shared/messages";
import { singleLineText } from "../shared/text";

/** Emails are compared case-insensitively, so they are stored trimmed and lower-cased. */
export const email = singleLineText("Email", messages.emailRequired)
  .min(1, messages.emailRequired)
  .max(EMAIL_MAX_LENGTH, messages.emailInvalid)
  .pipe(z.email({ error: messages.emailInvalid }))
  .transform((value) => value.toLowerCase());

/** A new password: the spec's minimum, and a maximum so hashing cost stays bounded. */
export const newPassword = z
  .string({ error: messages.passwordRequired })
  .min(PASSWORD_MIN_LENGTH, messages.passwordTooShort)
  .max(PASSWORD_MAX_LENGTH, messages.passwordTooLong);

/**
 * The signed-in user's password, asked again before a change that outlives the session (a new
 * password, an API key, two-factor sign-in).
 */
export const currentPassword = z
  .string({ error: messages.passwordRequired })
  .min(1, messages.passwordRequired)
  .max(PASSWORD_MAX_LENGTH, messages.currentPasswordWrong);

/** A password being checked against a stored hash: any length up to the maximum. */
const existingPassword = z
  .string({ error: messages.passwordRequired })
  .min(1, messages.passwordRequired)
  .max(PASSWORD_MAX_LENGTH, messages.invalidCredentials);

export const personName = singleLineText("Name", messages.nameRequired)
  .min(1, messages.nameRequired)
  .max(NAME_MAX_LENGTH, `Name must be at most ${NAME_MAX_LENGTH} characters long`);

export const loginInput = z.object({
  email,
  password: existingPassword,
  /** The original client always sends an empty name with a login; it is ignored. */
  name: singleLineText("Name").max(NAME_MAX_LENGTH).optional(),
});
export type LoginInput = z.output<typeof loginInput>;

export const registerInput = z.object({
  email,
  password: newPassword,
  name: personName,
  /** The browser's closest supported locale (issue 36); when not sent, Accept-Language's. */
  locale: supportedLocale.optional(),
});
export type RegisterInput = z.output<typeof registerInput>;

export const forgotPasswordInput = z.object({ email });
export type ForgotPasswordInput = z.output<typeof forgotPasswordInput>;

export const resetPasswordInput = z.object({
  token: singleLineText("The reset token", messages.invalidResetToken)
    .min(1, messages.invalidResetToken)
    .max(200, messages.invalidResetToken),
  email,
  newPassword,
});
export type ResetPasswordInput = z.output<typeof resetPasswordInput>;

const isoDate = z.iso.datetime({ offset: true });

/** The signed-in user as the login and register answers describe it (spec section 3). */
export const authUser = z.object({
  token: z.string(),
  /** When the token stops being accepted at the latest; the client checks it every minute. */
  expiresAt: isoDate,
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  isAdmin: z.boolean(),
  lastLoginDate: isoDate.nullable(),
  previousLoginDate: isoDate.nullable(),
  createdDate: isoDate,
  numberOfLogins: z.number().int(),
  failedLogins: z.number().int(),
  /** The locale figures and dates are written in (issue 36). */
  locale: supportedLocale,
});
export type AuthUser = z.infer<typeof authUser>;

/** What a restored session learns from the server: the user without a new token. */
export const sessionUser = authUser.omit({ token: true });
export type SessionUser = z.infer<typeof sessionUser>;

export const messageResult = z.object({ message: z.string() });
export type MessageResult = z.infer<typeof messageResult>;
