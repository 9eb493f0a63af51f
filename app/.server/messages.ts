import type { Messages } from "@lingui/core";
import type { Locale } from "~/i18n/locales";
import { messages as de } from "../../locales/de/messages.po";
import { messages as dePages } from "../../locales/de/pages.po";
import { messages as en } from "../../locales/en/messages.po";
import { messages as enPages } from "../../locales/en/pages.po";
import { messages as es } from "../../locales/es/messages.po";
import { messages as esPages } from "../../locales/es/pages.po";
import { messages as fr } from "../../locales/fr/messages.po";
import { messages as frPages } from "../../locales/fr/pages.po";
import { messages as it } from "../../locales/it/messages.po";
import { messages as itPages } from "../../locales/it/pages.po";

/** The server renders any page in any locale, so it holds every catalog, merged. */
export const serverMessages: Record<Locale, Messages> = {
  de: { ...de, ...dePages },
  en: { ...en, ...enPages },
  it: { ...it, ...itPages },
  fr: { ...fr, ...frPages },
  es: { ...es, ...esPages },
};
