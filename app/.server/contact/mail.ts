import { createMimeMessage, Mailbox } from "mimetext/browser";
import type { Config } from "#app/.server/env.ts";
import type { ContactForm } from "#app/features/contact/contact-form.ts";
import { type Locale, localeInfo } from "#app/i18n/locales.ts";

const SITE_NAME = "Lake Garda Live Camera";

export function composeContactMail(
  config: Config,
  form: Omit<ContactForm, "answer">,
  locale: Locale,
): string {
  const mime = createMimeMessage();
  // Email Routing sends only from our own domain; the visitor is who a reply goes to.
  mime.setSender({ name: SITE_NAME, addr: config.CONTACT_EMAIL_FROM });
  mime.setRecipient(config.CONTACT_EMAIL_TO);
  mime.setHeader("Reply-To", new Mailbox({ name: form.name, addr: form.email }));
  mime.setSubject(`[${SITE_NAME}] ${form.subject}`);
  mime.setHeader("Content-Language", locale);
  const body = [
    `Name: ${form.name}`,
    `E-mail: ${form.email}`,
    `Language: ${localeInfo[locale].name} (${locale})`,
    "",
    form.message,
    "",
    "-- ",
    `Sent with the contact form on ${config.SITE_URL}. A reply goes to ${form.name}.`,
  ].join("\n");
  mime.addMessage({
    contentType: "text/plain",
    encoding: "base64",
    // Canonical CRLF lines, and base64 in lines of 76 as RFC 2045 asks (mimetext leaves
    // both to the caller).
    data: mime.toBase64(body.replace(/\n/g, "\r\n")).replace(/.{76}(?=.)/g, "$&\r\n"),
  });
  return mime.asRaw();
}
