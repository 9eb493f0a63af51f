import type { Messages } from "@lingui/core";
import type { Locale } from "./locales";

/** Loads one locale's compiled catalog in the browser; Vite splits each into its own chunk. */
export async function loadMessages(locale: Locale): Promise<Messages> {
  const { messages } = await import(`../../locales/${locale}/messages.po`);
  return messages;
}
