// Apart from the zod schema (contact-form.ts): the page shows the limits without zod.

export const contactLimits = {
  name: 100,
  email: 254,
  subject: 150,
  messageMin: 10,
  message: 5000,
} as const;

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

/** The busy day's proof of work (ADR 012): the number below `range` whose SHA-256 is `target`. */
export type ProofPuzzle = { salt: string; target: string; range: number };

export const MESSAGES_PER_NETWORK = 3;

export type ContactLimit = "network" | "javascript" | "later" | "tomorrow";

export type ContactValues = Record<Exclude<ContactFieldName, "answer">, string>;

export type ContactOutcome =
  | { status: "sent" }
  | { status: "invalid"; errors: ContactFieldErrors; values?: ContactValues }
  /** `unsent` never reached the site, so the question was not used up. */
  | { status: "failed"; values?: ContactValues; unsent?: true; limit?: ContactLimit };

/** Faster than this from question to submit is a program, not a person (spec's bot checks). */
export const MIN_FILL_MS = 3000;
