import { z } from "zod";
import { localeMessages, supportedLocales, type SupportedLocale } from "./locale-constants";

export const supportedLocale = z.enum(supportedLocales, { error: localeMessages.unknownLocale });

export const localeSetting = z.object({ locale: supportedLocale });
export type LocaleSetting = { locale: SupportedLocale };
