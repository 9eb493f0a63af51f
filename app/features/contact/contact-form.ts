import * as z from "zod/mini";
import { type ContactFieldErrors, type ContactFieldName, contactLimits } from "./contact-fields.ts";

// zod/mini, loaded once the visitor starts the form: a fifth of the classic build.

// Name and subject become mail headers: a control character could smuggle in headers.
const singleLine = (max: number) =>
  z
    .string()
    .check(
      z.trim(),
      z.minLength(1, "required"),
      z.maxLength(max, "too_long"),
      z.regex(/^[^\p{Cc}\u2028\u2029]*$/u, "line_break"),
    );

export const contactForm = z.object({
  name: singleLine(contactLimits.name),
  email: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, "required"),
      z.maxLength(contactLimits.email, "invalid_email"),
      z.email("invalid_email"),
    ),
  subject: singleLine(contactLimits.subject),
  message: z.string().check(
    // Browsers send a textarea's line breaks as CRLF but count them as one character.
    z.overwrite((text) => text.replace(/\r\n?/g, "\n").trim()),
    z.minLength(1, "required"),
    z.minLength(contactLimits.messageMin, "too_short"),
    z.maxLength(contactLimits.message, "too_long"),
  ),
  answer: z.string().check(z.trim(), z.regex(/^\d{1,3}$/, "wrong_answer")),
});

export type ContactForm = z.infer<typeof contactForm>;

export type ContactFormCheck =
  | { ok: true; data: ContactForm }
  | { ok: false; errors: ContactFieldErrors };

export function checkContactForm(formData: FormData): ContactFormCheck {
  const input = Object.fromEntries(
    Object.keys(contactForm.shape).map((name) => [name, String(formData.get(name) ?? "")]),
  );
  const result = z.safeParse(contactForm, input);
  if (result.success) return { ok: true, data: result.data };
  const errors: ContactFieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as ContactFieldName;
    errors[field] ??= issue.message as ContactFieldErrors[ContactFieldName];
  }
  return { ok: false, errors };
}
