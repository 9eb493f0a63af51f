import { type I18n, type Messages, setupI18n } from "@lingui/core";
import type { Locale } from "./locales.ts";

/** A fresh instance per request (server) or per page load (client), never the global one. */
export function createI18n(locale: Locale, messages: Messages): I18n {
  return setupI18n({ locale, messages: { [locale]: messages } });
}
