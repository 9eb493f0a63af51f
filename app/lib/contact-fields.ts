// What the contact form's fields may hold, for the browser's form and the server alike.
// Kept apart from the zod schema (contact-form.ts) so the page can show limits without it.

export const contactLimits = {
  name: 100,
  email: 254,
  subject: 150,
  messageMin: 10,
  message: 5000,
} as const;

/** The form's fields in the order they appear; the first one in error gets the focus. */
export const contactFieldNames = ["name", "email", "subject", "message", "answer"] as const;
export type ContactFieldName = (typeof contactFieldNames)[number];

export type ContactFieldError =
  | "required"
  | "too_short"
  | "too_long"
  | "line_break"
  | "invalid_email"
  | "wrong_answer"
  | "expired_question";

export type ContactFieldErrors = Partial<Record<ContactFieldName, ContactFieldError>>;

export type Question = { a: number; op: "+" | "-"; b: number };

/** What the visitor typed, handed back so that a page without JavaScript can show it again. */
export type ContactValues = Record<Exclude<ContactFieldName, "answer">, string>;

export type ContactOutcome =
  | { status: "sent" }
  | { status: "invalid"; errors: ContactFieldErrors; values?: ContactValues }
  /**
   * A bot, a limit or a failed delivery: all look the same to the sender. `unsent`: the
   * request never reached the site (offline), so the question was not used up.
   */
  | { status: "failed"; values?: ContactValues; unsent?: true };

/** Faster than this from question to submit is a program, not a person (spec's bot checks). */
export const MIN_FILL_MS = 3000;
