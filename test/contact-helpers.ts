import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import PostalMime, { type Email } from "postal-mime";
import { expect, vi } from "vitest";
import { MIN_FILL_MS, type ProofPuzzle } from "#app/features/contact/contact-fields.ts";
import { type Locale, localizePath } from "#app/i18n/locales.ts";
// @ts-expect-error the built Worker bundle ships no type declarations
import worker from "#build/server/index.js";
import { atFreshRateLimitWindow, BROWSER_UA, ORIGIN, postForm, visit } from "./helpers.ts";

const questionPattern: Record<Locale, RegExp> = {
  en: /what is (\d) (plus|minus) (\d)\?/,
  de: /Wie viel ist (\d) (plus|minus) (\d)\?/,
  it: /quanto fa (\d) (più|meno) (\d)\?/,
  fr: /combien font (\d) (plus|moins) (\d)/,
  es: /cuánto es (\d) (más|menos) (\d)\?/,
};

/** `proof`: the proof of work a busy day asks of browsers, as the page hands it to its script. */
export type OpenedForm = { html: string; token: string; answer: string; proof: ProofPuzzle | null };

function proofIn(html: string): ProofPuzzle | null {
  const field = (name: string, value: string) =>
    new RegExp(`\\\\"${name}\\\\",\\\\?"?(${value})`).exec(html)?.[1];
  const salt = field("salt", "[\\w-]{22}");
  const target = field("target", "[0-9a-f]{64}");
  const range = field("range", "\\d+");
  return salt && target && range ? { salt, target, range: Number(range) } : null;
}

export async function openContactForm(locale: Locale = "en"): Promise<OpenedForm> {
  const response = await visit(localizePath("/contact", locale));
  expect(response.status).toBe(200);
  const html = await response.text();
  const token = /name="challenge" value="([^"]+)"/.exec(html)?.[1];
  const question = questionPattern[locale].exec(html);
  if (!token || !question) throw new Error("the contact page shows no question");
  const [, a, op, b] = question;
  const sum = ["plus", "più", "más"].includes(op ?? "");
  const answer = String(sum ? Number(a) + Number(b) : Number(a) - Number(b));
  return { html, token, answer, proof: proofIn(html) };
}

type ContactFields = Record<"name" | "email" | "subject" | "message", string> &
  Record<string, string>;

export function aMessage(overrides: Record<string, string> = {}) {
  const marker = crypto.randomUUID();
  const fields: ContactFields = {
    name: "Giulia Rossi",
    email: "giulia.rossi@example.com",
    subject: `Sunset photos ${marker}`,
    message: `Hello! Your camera made my evening. May I use a still at school? ${marker}`,
    ...overrides,
  };
  return { fields, marker };
}

/** Each test starts a quiet day with only Date faked: timers and bindings run on real time. */
export async function startQuietDay(): Promise<void> {
  vi.useFakeTimers({ toFake: ["Date"] });
  await env.DB.batch([
    env.DB.prepare("delete from contact_daily_counts"),
    env.DB.prepare("delete from contact_senders"),
  ]);
}

export function escaped(text: string) {
  return text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll("'", "&#x27;");
}

let addresses = 0;
function newClientAddress(): string {
  addresses += 1;
  return `198.51.100.${addresses % 250}`;
}

/** Local rate limits count in windows aligned to the wall clock's minute. */
export async function atFreshContactWindow(needed = 20_000): Promise<void> {
  vi.useRealTimers();
  await atFreshRateLimitWindow(needed);
  vi.useFakeTimers({ toFake: ["Date"] });
}

export function submitContact(
  form: OpenedForm | null,
  fields: Record<string, string>,
  { locale = "en", address = newClientAddress() }: { locale?: Locale; address?: string } = {},
) {
  return postForm(
    localizePath("/contact", locale),
    {
      challenge: form?.token ?? "",
      answer: form?.answer ?? "",
      website: "",
      ...fields,
    },
    { "CF-Connecting-IP": address },
  );
}

export async function submitContactWith(
  deployEnv: Env,
  form: OpenedForm,
  fields: Record<string, string>,
): Promise<Response> {
  const ctx = createExecutionContext();
  const request = new Request(`${ORIGIN}/en/contact`, {
    method: "POST",
    body: new URLSearchParams({ challenge: form.token, answer: form.answer, ...fields }),
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: ORIGIN,
      "User-Agent": BROWSER_UA,
      "CF-Connecting-IP": newClientAddress(),
    },
  });
  const response = await (worker as ExportedHandler<Env>).fetch?.(
    request as Request<unknown, IncomingRequestCfProperties>,
    deployEnv,
    ctx,
  );
  if (!response) throw new Error("the built Worker has no fetch handler");
  await waitOnExecutionContext(ctx);
  return response;
}

export async function sendMessage(
  overrides: Record<string, string> = {},
  { locale = "en", address }: { locale?: Locale; address?: string } = {},
) {
  const form = await openContactForm(locale);
  const { fields, marker } = aMessage(overrides);
  takeTimeToWrite();
  const response = await submitContact(form, fields, { locale, address });
  return { response, message: fields, marker };
}

export function takeTimeToWrite(ms = MIN_FILL_MS) {
  vi.setSystemTime(Date.now() + ms);
}

export async function deliveredMail(): Promise<Email[]> {
  const raw = await (await env.MAIL_DROP.fetch("http://mail-drop/")).json<string[]>();
  return Promise.all(raw.map((text) => PostalMime.parse(text)));
}

/** The binding writes a message to disk after send() returns, so a later message is awaited first. */
export async function expectNotDelivered(marker: string): Promise<void> {
  const later = await sendMessage();
  expect(later.response.status).toBe(200);
  await deliveredWith(later.marker);
  const carrying = (await deliveredMail()).filter((mail) =>
    `${mail.subject}\n${mail.text}`.includes(marker),
  );
  expect(carrying).toEqual([]);
}

export async function deliveredWith(marker: string): Promise<Email> {
  return vi.waitFor(
    async () => {
      const matching = (await deliveredMail()).filter((mail) => mail.subject?.includes(marker));
      expect(matching).toHaveLength(1);
      return matching[0] as Email;
    },
    { timeout: 10_000, interval: 50 },
  );
}
