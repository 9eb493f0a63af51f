import { Mailbox } from "mimetext/browser";
import type { Config } from "#app/.server/env.ts";
import { plainTextMail, SITE_NAME } from "#app/.server/plain-mail.ts";
import type { ContactForm } from "#app/features/contact/contact-form.ts";
import { type Locale, localeInfo } from "#app/i18n/locales.ts";

export function composeContactMail(
  config: Config,
  form: Omit<ContactForm, "answer">,
  locale: Locale,
): string {
  return plainTextMail({
    // Email Routing sends only from our own domain; the visitor is who a reply goes to.
    from: { name: SITE_NAME, addr: config.CONTACT_EMAIL_FROM },
    to: config.CONTACT_EMAIL_TO,
    replyTo: new Mailbox({ name: form.name, addr: form.email }),
    subject: form.subject,
    locale,
    lines: [
      `Name: ${form.name}`,
      `E-mail: ${form.email}`,
      `Language: ${localeInfo[locale].name} (${locale})`,
      "",
      ...form.message.split("\n"),
      "",
      "-- ",
      `Sent with the contact form on ${config.SITE_URL}. A reply goes to ${form.name}.`,
    ],
  });
}
