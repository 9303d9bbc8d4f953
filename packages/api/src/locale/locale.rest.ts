import * as contracts from "@ledgerline/contracts";
import { restRoute } from "../platform/rest/route";

export const localeRoutes = [
  restRoute({
    method: "GET",
    url: "/users/locale",
    operationId: "getLocale",
    tag: "Account settings",
    summary: "The locale the signed-in user's numbers and dates are written in",
    access: "user",
    response: contracts.localeSetting,
    call: (caller) => caller.locale.get(),
  }),
  restRoute({
    method: "PUT",
    url: "/users/locale",
    operationId: "setLocale",
    tag: "Account settings",
    summary:
      "Write the signed-in user's numbers and dates in en-US, en-GB, de-DE, de-CH, fr-FR or es-ES",
    description: "An unknown locale is a 400 and changes nothing.",
    access: "user",
    body: contracts.localeSetting,
    response: contracts.localeSetting,
    call: (caller, { body }) => caller.locale.set(body),
  }),
];
