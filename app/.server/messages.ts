import type { Messages } from "@lingui/core";
import type { Locale } from "~/i18n/locales";
import { messages as de } from "../../locales/de/messages.po";
import { messages as en } from "../../locales/en/messages.po";
import { messages as es } from "../../locales/es/messages.po";
import { messages as fr } from "../../locales/fr/messages.po";
import { messages as it } from "../../locales/it/messages.po";

/** The server renders any locale on any request, so it holds every catalog. */
export const serverMessages: Record<Locale, Messages> = { de, en, it, fr, es };
