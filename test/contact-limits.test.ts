import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { solveProof } from "#app/features/contact/contact-proof.ts";
import type { Locale } from "#app/i18n/locales.ts";
import {
  aMessage,
  deliveredWith,
  escaped,
  expectNotDelivered,
  type OpenedForm,
  openContactForm,
  sendMessage,
  startQuietDay,
  submitContact,
  takeTimeToWrite,
} from "./contact-helpers.ts";
import { runCron } from "./helpers.ts";

// Each test solves proofs of work and waits for deliveries, on a busy machine too.
vi.setConfig({ testTimeout: 30_000 });

const NEEDS_JAVASCRIPT: Record<Locale, string> = {
  en: "Many messages have arrived today, so for the rest of the day the form takes them only from browsers with JavaScript turned on. Please turn it on, or try again tomorrow.",
  de: "Heute sind schon viele Nachrichten eingegangen, deshalb nimmt das Formular für den Rest des Tages nur noch Nachrichten von Browsern mit aktiviertem JavaScript an. Bitte aktivieren Sie es oder versuchen Sie es morgen wieder.",
  it: "Oggi sono già arrivati molti messaggi, quindi per il resto della giornata il modulo li accetta solo dai browser con JavaScript attivo. Attivalo oppure riprova domani.",
  fr: "Beaucoup de messages sont déjà arrivés aujourd'hui, le formulaire ne les accepte donc plus, jusqu'à la fin de la journée, que depuis un navigateur où JavaScript est activé. Veuillez l'activer ou réessayer demain.",
  es: "Hoy ya han llegado muchos mensajes, así que durante el resto del día el formulario solo los acepta desde navegadores con JavaScript activado. Actívalo o vuelve a intentarlo mañana.",
};
const NETWORK_DONE =
  "Your internet connection has already sent 3 messages through this form today, the most it takes from one connection in a day. Please try again tomorrow.";
const LATER =
  "Many messages have arrived today, so the form now takes only a few an hour. Please try again later.";

const utcDay = () => new Date().toISOString().slice(0, 10);
const utcToday = (hours: number) => {
  const today = new Date();
  return Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate(), hours, 30);
};

/** The day's messages so far, as if others had sent them. */
async function messagesSentToday(count: number) {
  await env.DB.prepare(
    "insert into contact_daily_counts (day, messages) values (?1, ?2) on conflict (day) do update set messages = ?2",
  )
    .bind(utcDay(), count)
    .run();
}

async function sentToday(): Promise<number> {
  const row = await env.DB.prepare("select messages from contact_daily_counts where day = ?")
    .bind(utcDay())
    .first<{ messages: number }>();
  return row?.messages ?? 0;
}

/** What the page's script does on a busy day before the message leaves. */
async function solved(form: OpenedForm): Promise<string> {
  if (!form.proof) throw new Error("the page asks for no proof of work");
  return String(await solveProof(form.proof));
}

let networks = 0;
/** An IPv6 /64 of its own for each call; `host` varies the address within it. */
const aNetwork = () => {
  networks += 1;
  return (host = 1) => `2001:db8:c0:${networks.toString(16)}::${host.toString(16)}`;
};

beforeEach(startQuietDay);
afterEach(() => {
  vi.useRealTimers();
});

describe("each network", () => {
  test("sends three messages a day; the fourth is told so, and another network still sends", async () => {
    const network = aNetwork();
    const statuses: number[] = [];
    for (let host = 1; host <= 3; host++) {
      const { response, marker } = await sendMessage({}, { address: network(host) });
      statuses.push(response.status);
      await deliveredWith(marker);
    }
    // Another address of the same /64 is the same network.
    const fourth = await sendMessage({}, { address: network(0xffff) });
    expect(statuses).toEqual([200, 200, 200]);
    expect(fourth.response.status).toBe(429);
    const html = await fourth.response.text();
    expect(html).toContain(NETWORK_DONE);
    expect(html).toContain("You can also write to us directly at");
    expect(html).toContain(fourth.message.subject);
    await expectNotDelivered(fourth.marker);
    expect(await sentToday()).toBe(4);
  });

  test("is counted under the day's salted pseudonym, which the cron forgets with its salt", async () => {
    const address = aNetwork()(1);
    const { response } = await sendMessage({}, { address });
    expect(response.status).toBe(200);
    const { results } = await env.DB.prepare(
      "select day, sender, messages from contact_senders",
    ).all<{ day: string; sender: string; messages: number }>();
    expect(results).toEqual([
      { day: utcDay(), sender: expect.stringMatching(/^[0-9a-f]{32}$/), messages: 1 },
    ]);
    expect(JSON.stringify(results)).not.toContain("2001:db8");

    // The next day: yesterday's pseudonyms go, and the salt that made them.
    vi.setSystemTime(Date.now() + 86_400_000);
    await runCron();
    const left = await env.DB.prepare("select count(*) as n from contact_senders").first();
    expect(left).toEqual({ n: 0 });
    const salts = await env.DB.prepare("select day from like_salts").all<{ day: string }>();
    expect(salts.results.map((row) => row.day)).not.toContain(results[0]?.day);
  });
});

describe("past the day's 20th message", () => {
  // At half past noon the day has released more than these tests send: none meets the pacing
  // that holds just after midnight UTC (it failed then). The pacing test sets its own hours.
  beforeEach(() => vi.setSystemTime(utcToday(12)));

  test("a page asks no proof of work on a quiet day, and one on a busy day", async () => {
    expect((await openContactForm()).proof).toBeNull();
    await messagesSentToday(20);
    const busy = await openContactForm();
    expect(busy.proof).toMatchObject({ range: expect.any(Number) });
    expect(busy.html).toContain(NEEDS_JAVASCRIPT.en);
  });

  test("a browser without JavaScript is told to come back tomorrow, in the visitor's language", async () => {
    await messagesSentToday(20);
    const refused: string[] = [];
    for (const locale of ["de", "en", "it", "fr", "es"] as const) {
      const { response, message, marker } = await sendMessage({}, { locale });
      expect(response.status, locale).toBe(429);
      const html = await response.text();
      expect(html, locale).toContain(escaped(NEEDS_JAVASCRIPT[locale]));
      expect(html, locale).toContain(message.subject);
      refused.push(marker);
    }
    expect(await sentToday()).toBe(20);
    await expectNoneDelivered(refused);
  });

  test("a browser that solves the proof of work sends its message", async () => {
    await messagesSentToday(20);
    const form = await openContactForm();
    const { fields, marker } = aMessage();
    const proof = await solved(form);
    takeTimeToWrite();
    const response = await submitContact(form, { ...fields, proof });
    expect(response.status).toBe(200);
    await deliveredWith(marker);
    expect(await sentToday()).toBe(21);
  });

  test("a proof is good for its own question, once", async () => {
    await messagesSentToday(20);
    const first = await openContactForm();
    const second = await openContactForm();
    const proof = await solved(first);
    takeTimeToWrite();
    const elsewhere = aMessage();
    expect((await submitContact(second, { ...elsewhere.fields, proof })).status).toBe(400);
    const once = aMessage();
    expect((await submitContact(first, { ...once.fields, proof })).status).toBe(200);
    const again = aMessage();
    expect((await submitContact(first, { ...again.fields, proof })).status).toBe(409);
    await deliveredWith(once.marker);
    await expectNoneDelivered([elsewhere.marker, again.marker]);
  });

  test("the rest of the cap comes through the day: early on, even solved proofs wait", async () => {
    // Half past midnight: the open 20 and one more.
    vi.setSystemTime(utcToday(0));
    await messagesSentToday(21);
    const early = await openContactForm();
    const earlyMessage = aMessage();
    const earlyProof = await solved(early);
    takeTimeToWrite();
    const refused = await submitContact(early, { ...earlyMessage.fields, proof: earlyProof });
    expect(refused.status).toBe(429);
    expect(await refused.text()).toContain(LATER);
    expect(await sentToday()).toBe(21);

    // At half past noon the day has released fifteen more.
    vi.setSystemTime(utcToday(12));
    const noon = await openContactForm();
    const noonMessage = aMessage();
    const noonProof = await solved(noon);
    takeTimeToWrite();
    expect((await submitContact(noon, { ...noonMessage.fields, proof: noonProof })).status).toBe(
      200,
    );
    await deliveredWith(noonMessage.marker);
    expect(await sentToday()).toBe(22);
  });
});

/** The refused messages never arrived (checked after a later one, on a quiet day again). */
async function expectNoneDelivered(markers: string[]) {
  await env.DB.prepare("delete from contact_daily_counts").run();
  for (const marker of markers) await expectNotDelivered(marker);
}
