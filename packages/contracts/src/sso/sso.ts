import { z } from "zod";

export const ssoProvider = z.object({
  name: z
    .string()
    .nullable()
    .describe("The provider's display name for the sign-in button; null without single sign-on"),
});
export type SsoProvider = z.infer<typeof ssoProvider>;

export const ssoHandoffInput = z.object({
  code: z
    .string()
    .min(1)
    .max(200)
    .describe("The one-time code the provider's callback put in the login page's address"),
});
export type SsoHandoffInput = z.infer<typeof ssoHandoffInput>;

export const ssoSettings = z.object({
  configured: z.boolean().describe("Whether OIDC_ISSUER and its client are set on the server"),
  name: z.string().nullable(),
  required: z
    .boolean()
    .describe("Accounts other than admins may only sign in through single sign-on"),
});
export type SsoSettings = z.infer<typeof ssoSettings>;

export const ssoSettingsInput = z.object({ required: z.boolean() });
export type SsoSettingsInput = z.infer<typeof ssoSettingsInput>;
