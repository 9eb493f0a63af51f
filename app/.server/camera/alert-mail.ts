import { EmailMessage } from "cloudflare:email";
import type { Config } from "#app/.server/env.ts";
import { serverMessages } from "#app/.server/messages.ts";
import { plainTextMail, SITE_NAME } from "#app/.server/plain-mail.ts";
import { type AlertMailFacts, alertMailText } from "#app/features/camera/alert-mail-texts.ts";
import { createI18n } from "#app/i18n/catalogs.ts";
import { type Locale, localizePath } from "#app/i18n/locales.ts";

export const cameraPageUrl = (config: Config, locale: Locale) =>
  new URL(localizePath("/admin/camera", locale), config.SITE_URL).href;

export function composeAlertMail(config: Config, locale: Locale, facts: AlertMailFacts): string {
  const { subject, body } = alertMailText(
    createI18n(locale, serverMessages[locale]),
    locale,
    facts,
  );
  return plainTextMail({
    from: { name: SITE_NAME, addr: config.CAMERA_ALERT_FROM },
    to: config.CONTACT_EMAIL_TO,
    subject,
    locale,
    lines: body.flatMap((paragraph) => [paragraph, ""]),
  });
}

/** Through the contact form's binding, which reaches only the owner's verified inbox. */
export async function sendAlertMail(env: Env, config: Config, raw: string): Promise<void> {
  await env.CONTACT_EMAIL.send(
    new EmailMessage(config.CAMERA_ALERT_FROM, config.CONTACT_EMAIL_TO, raw),
  );
}
