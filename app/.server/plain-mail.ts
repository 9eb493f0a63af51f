import { createMimeMessage, type Mailbox } from "mimetext/browser";
import type { Locale } from "#app/i18n/locales.ts";

export const SITE_NAME = "Lake Garda Live Camera";

type PlainMail = {
  from: { name: string; addr: string };
  to: string;
  replyTo?: Mailbox;
  subject: string;
  locale: Locale;
  lines: string[];
};

export function plainTextMail(mail: PlainMail): string {
  const mime = createMimeMessage();
  mime.setSender(mail.from);
  mime.setRecipient(mail.to);
  if (mail.replyTo) mime.setHeader("Reply-To", mail.replyTo);
  mime.setSubject(`[${SITE_NAME}] ${mail.subject}`);
  mime.setHeader("Content-Language", mail.locale);
  mime.addMessage({
    contentType: "text/plain",
    encoding: "base64",
    // CRLF lines, base64 in lines of 76 (RFC 2045): mimetext leaves both to the caller.
    data: mime.toBase64(mail.lines.join("\r\n")).replace(/.{76}(?=.)/g, "$&\r\n"),
  });
  return mime.asRaw();
}
