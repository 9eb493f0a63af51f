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

/**
 * The proof of work asked on a busy day (ADR 012): the number below `range` whose SHA-256,
 * written after `salt` (./contact-proof.ts), is `target` (hex).
 */
export type ProofPuzzle = { salt: string; target: string; range: number };

/** Messages one network (an IPv4 address, an IPv6 /64) may send a day. */
export const MESSAGES_PER_NETWORK = 3;

/** Which of the day's limits refused a message (ADR 012); each is told to the visitor. */
export type ContactLimit = "network" | "javascript" | "later" | "tomorrow";

/** What the visitor typed, handed back so that a page without JavaScript can show it again. */
export type ContactValues = Record<Exclude<ContactFieldName, "answer">, string>;

export type ContactOutcome =
  | { status: "sent" }
  | { status: "invalid"; errors: ContactFieldErrors; values?: ContactValues }
  /**
   * A bot or a failed delivery: both look the same to the sender. `unsent`: the request never
   * reached the site (offline), so the question was not used up. `limit`: a limit of the day
   * refused it, and the visitor is told which.
   */
  | { status: "failed"; values?: ContactValues; unsent?: true; limit?: ContactLimit };

/** Faster than this from question to submit is a program, not a person (spec's bot checks). */
export const MIN_FILL_MS = 3000;
