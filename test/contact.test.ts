import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { utcDay } from "#app/.server/pseudonyms/visitor-id.ts";
import {
  aMessage,
  atFreshContactWindow,
  deliveredWith,
  escaped,
  expectNotDelivered,
  openContactForm,
  sendMessage,
  startQuietDay,
  submitContact,
  submitContactWith,
  takeTimeToWrite,
} from "./contact-helpers.ts";
import { runCron, visit } from "./helpers.ts";

// Each refusal is checked against a later delivery: two visits a test, on a busy machine too.
vi.setConfig({ testTimeout: 20_000 });

const GENERIC_ERROR = "Message could not be sent. Please try again.";
const WRONG_ANSWER = "Please solve the math problem correctly";

// This file sends more than the day's messages that need no proof of work.
beforeEach(startQuietDay);
afterEach(() => {
  vi.useRealTimers();
});

function recordConsole(): string[] {
  const logged: string[] = [];
  for (const level of ["log", "info", "warn", "error", "debug"] as const) {
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      logged.push(args.map(String).join(" "));
    });
  }
  return logged;
}

describe("the contact page", () => {
  test("asks its question in the visitor's language and is never cached", async () => {
    const questions = {
      de: /Sicherheitsfrage: Wie viel ist \d (plus|minus) \d\?/,
      en: /Security question: what is \d (plus|minus) \d\?/,
      it: /Domanda di sicurezza: quanto fa \d (più|meno) \d\?/,
      fr: /Question de sécurité\s:\scombien font \d (plus|moins) \d\s\?/,
      es: /Pregunta de seguridad: ¿cuánto es \d (más|menos) \d\?/,
    };
    for (const [locale, question] of Object.entries(questions)) {
      const response = await visit(locale === "de" ? "/contact" : `/${locale}/contact`);
      expect(response.headers.get("Cache-Control")).toBe("no-store");
      expect(await response.text()).toMatch(question);
    }
  });

  test("gives every visit a question of its own", async () => {
    const first = await openContactForm();
    const second = await openContactForm();
    expect(first.token).not.toBe(second.token);
  });
});

describe("sending a message", () => {
  test("delivers it to the owner: plain text, Reply-To the visitor, the site's name in the subject", async () => {
    const { response, message, marker } = await sendMessage({ name: "Jürgen Müller-Lüdenscheidt" });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain(
      "Message sent successfully! We will get back to you soon.",
    );

    const mail = await deliveredWith(marker);
    expect(mail.subject).toBe(`[Lake Garda Live Camera] ${message.subject}`);
    expect(mail.from).toEqual({
      name: "Lake Garda Live Camera",
      address: env.CONTACT_EMAIL_FROM,
    });
    expect(mail.to).toEqual([{ name: "", address: env.CONTACT_EMAIL_TO }]);
    expect(mail.replyTo).toEqual([{ name: message.name, address: message.email }]);
    expect(mail.html).toBeUndefined();
    expect(mail.attachments).toEqual([]);
    expect(mail.text).toContain(message.message);
    expect(mail.text).toContain(`Name: ${message.name}`);
    expect(mail.text).toContain(`E-mail: ${message.email}`);
    expect(mail.text).toContain("Language: English (en)");
    expect(mail.headers.find((header) => header.key === "content-language")?.value).toBe("en");
  });

  test("notes the visitor's language and answers in it", async () => {
    const { response, message, marker } = await sendMessage(
      {
        message: "Grüße vom Gardasee! Die Kamera ist wunderbar.",
      },
      { locale: "de" },
    );
    expect(response.status).toBe(200);
    expect(await response.text()).toContain(
      "Nachricht erfolgreich gesendet! Wir melden uns bald bei Ihnen.",
    );
    const mail = await deliveredWith(marker);
    expect(mail.text).toContain("Language: Deutsch (de)");
    expect(mail.text).toContain(message.message);
  });

  test("after a send, no table holds the message and the log says only that it went out", async () => {
    const logged = recordConsole();
    const mediaBefore = (await env.MEDIA.list()).objects.length;
    const { response, message, marker } = await sendMessage({
      name: "Ottavia Bellavista",
      email: "ottavia@example.org",
    });
    expect(response.status).toBe(200);
    await deliveredWith(marker);
    vi.restoreAllMocks();

    expect(logged).toEqual(["contact: message sent"]);
    const { results: tables } = await env.DB.prepare(
      "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like '_cf_%'",
    ).all<{ name: string }>();
    expect(tables.map((t) => t.name)).toContain("contact_nonces");
    const contents: string[] = [];
    for (const { name } of tables) {
      const { results } = await env.DB.prepare(`select * from "${name}"`).all();
      contents.push(JSON.stringify(results));
    }
    for (const piece of Object.values(message)) {
      expect(contents.join("\n")).not.toContain(piece);
    }
    expect((await env.MEDIA.list()).objects.length).toBe(mediaBefore);
  });
});

test("when the e-mail cannot be sent, the visitor gets the error and the log only says so", async () => {
  const logged = recordConsole();
  // A deploy whose CONTACT_EMAIL_TO is not the binding's destination_address: the real
  // local binding refuses it, with the address in its error.
  const misconfigured = { ...env, CONTACT_EMAIL_TO: "somebody-else@example.net" } as unknown as Env;
  const form = await openContactForm();
  const { fields: message } = aMessage();
  takeTimeToWrite();
  const response = await submitContactWith(misconfigured, form, message);
  vi.restoreAllMocks();
  expect(response.status).toBe(502);
  const html = await response.text();
  expect(html).toContain(GENERIC_ERROR);
  expect(html).toContain(escaped(message.message));
  expect(logged).toEqual(["contact: sending failed"]);
});

describe("the form refuses", () => {
  const invalid = [
    ["no name", { name: "" }, "Please enter your name."],
    ["a name over 100 characters", { name: "N".repeat(101) }, "Please use at most 100 characters."],
    ["no e-mail address", { email: "" }, "Please enter your e-mail address."],
    [
      "an e-mail address that is none",
      { email: "giulia@rossi" },
      "Please enter a valid e-mail address, such as name@example.com.",
    ],
    ["no subject", { subject: "" }, "Please enter a subject."],
    [
      "a subject over 150 characters",
      { subject: "S".repeat(151) },
      "Please use at most 150 characters.",
    ],
    ["no message", { message: "   " }, "Please write your message."],
    ["a message under 10 characters", { message: "Ciao!" }, "Please write at least 10 characters."],
    [
      "a message over 5,000 characters",
      { message: "M".repeat(5001) },
      "Please use at most 5,000 characters.",
    ],
  ] as const;

  for (const [what, change, shown] of invalid) {
    test(`${what}, with a message next to the field and nothing sent`, async () => {
      const { response, marker } = await sendMessage(change);
      expect(response.status).toBe(400);
      const html = await response.text();
      expect(html).toContain(escaped(shown));
      expect(html).toMatch(/aria-invalid="true"/);
      await expectNotDelivered(marker);
    });
  }

  test("a field in the visitor's language", async () => {
    const { response } = await sendMessage({ message: "Ciao!" }, { locale: "it" });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Scrivi almeno 10 caratteri.");
  });

  const injections = [
    [
      "the name",
      { name: "Giulia\r\nBcc: victim@example.net" },
      "Please write this on a single line.",
    ],
    [
      "the subject",
      { subject: "Hello\nBcc: victim@example.net" },
      "Please write this on a single line.",
    ],
    [
      "the e-mail address",
      { email: "giulia@example.com\r\nBcc: victim@example.net" },
      "Please enter a valid e-mail address, such as name@example.com.",
    ],
  ] as const;

  for (const [where, change, shown] of injections) {
    test(`a header smuggled into ${where}`, async () => {
      const { response, marker } = await sendMessage(change);
      expect(response.status).toBe(400);
      expect(await response.text()).toContain(escaped(shown));
      await expectNotDelivered(marker);
    });
  }

  test("a wrong answer, with the spec's message, a new question and the text kept", async () => {
    const form = await openContactForm();
    const { fields: message, marker } = aMessage({
      message: "I'll keep every word <b>of this</b> & more.",
    });
    takeTimeToWrite();
    const response = await submitContact(form, {
      ...message,
      answer: String(Number(form.answer) + 1),
    });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain(WRONG_ANSWER);
    expect(html).toContain(escaped(message.message));
    expect(html).toContain(`value="${message.subject}"`);
    const next = /name="challenge" value="([^"]+)"/.exec(html)?.[1];
    expect(next).toBeDefined();
    expect(next).not.toBe(form.token);
    await expectNotDelivered(marker);
  });

  test("a right answer to a question that expired", async () => {
    const form = await openContactForm();
    const { fields: message, marker } = aMessage();
    takeTimeToWrite(2 * 60 * 60 * 1000 + 1);
    const response = await submitContact(form, message);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(
      "This question has expired. Please answer the new one.",
    );
    await expectNotDelivered(marker);
  });

  test("an answer used a second time", async () => {
    const form = await openContactForm();
    const first = aMessage();
    takeTimeToWrite();
    expect((await submitContact(form, first.fields)).status).toBe(200);
    const replay = aMessage();
    const response = await submitContact(form, replay.fields);
    expect(response.status).toBe(409);
    expect(await response.text()).toContain(GENERIC_ERROR);
    await deliveredWith(first.marker);
    await expectNotDelivered(replay.marker);
  });

  test("a form whose hidden trap field was filled in, with the visitor's error", async () => {
    const { response, message, marker } = await sendMessage({
      website: "https://cheap-pills.example",
    });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain(GENERIC_ERROR);
    expect(html).toContain(escaped(message.message));
    await expectNotDelivered(marker);
  });

  test("a form sent faster than a person could fill it in", async () => {
    const form = await openContactForm();
    const { fields: message, marker } = aMessage();
    takeTimeToWrite(1000);
    const response = await submitContact(form, message);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(GENERIC_ERROR);
    await expectNotDelivered(marker);
  });

  test("a sixth submission within a minute from the same network (IPv6 by /64)", async () => {
    await atFreshContactWindow();
    const statuses: number[] = [];
    for (let i = 1; i <= 5; i++) {
      const response = await submitContact(null, aMessage({ name: "" }).fields, {
        address: `2001:db8:5:7::${i}`,
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400]);
    const { response, marker } = await sendMessage({}, { address: "2001:db8:5:7:ffff::1" });
    expect(response.status).toBe(429);
    expect(await response.text()).toContain(GENERIC_ERROR);
    await expectNotDelivered(marker);
  }, 40_000); // it may first wait up to 20 s for a fresh rate-limit minute

  test("more messages than the day's cap, whoever sends them, saying so", async () => {
    const today = utcDay(new Date());
    await env.DB.prepare(
      "insert into contact_daily_counts (day, messages) values (?1, ?2) on conflict (day) do update set messages = ?2",
    )
      .bind(today, Number(env.CONTACT_DAILY_LIMIT))
      .run();
    const { response, message, marker } = await sendMessage();
    expect(response.status).toBe(429);
    const html = await response.text();
    expect(html).toContain(
      "The form has taken all the messages it can today. Please try again tomorrow.",
    );
    expect(html).toContain(escaped(message.message));
    await env.DB.prepare("delete from contact_daily_counts").run();
    await expectNotDelivered(marker);
  });

  test("a post from another site", async () => {
    const form = await openContactForm();
    const { fields: message, marker } = aMessage();
    takeTimeToWrite();
    const response = await visit("/en/contact", {
      method: "POST",
      body: new URLSearchParams({ ...message, challenge: form.token, answer: form.answer }),
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: "https://elsewhere.example",
        "Sec-Fetch-Site": "cross-site",
      },
    });
    expect(response.status).toBe(403);
    await expectNotDelivered(marker);
  });

  test("a body that is no form", async () => {
    const response = await visit("/en/contact", {
      method: "POST",
      body: "{ not a form",
      headers: {
        "Content-Type": "multipart/form-data; boundary=nothing",
        Origin: "https://lake.test",
      },
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(GENERIC_ERROR);
  });

  test("a body far larger than any real message", async () => {
    const response = await submitContact(null, aMessage({ message: "M".repeat(200_000) }).fields);
    expect(response.status).toBe(413);
  });
});

test("the ten-minute cron forgets used nonces once they expire, and earlier days' counts and networks", async () => {
  const now = Date.now();
  const insertNonce = env.DB.prepare(
    "insert into contact_nonces (nonce, expires_at) values (?, ?)",
  );
  const insertCount = env.DB.prepare(
    "insert or replace into contact_daily_counts (day, messages) values (?, ?)",
  );
  const insertSender = env.DB.prepare(
    "insert into contact_senders (day, sender, messages) values (?, ?, 1)",
  );
  await env.DB.batch([
    insertNonce.bind("expired-nonce", now - 1000),
    insertNonce.bind("current-nonce", now + 60_000),
    insertCount.bind(utcDay(new Date(now - 86_400_000)), 7),
    insertCount.bind(utcDay(new Date(now)), 3),
    insertSender.bind(utcDay(new Date(now - 86_400_000)), "yesterdays-network"),
    insertSender.bind(utcDay(new Date(now)), "todays-network"),
  ]);
  await runCron();
  const nonces = await env.DB.prepare("select nonce from contact_nonces").all<{ nonce: string }>();
  expect(nonces.results.map((row) => row.nonce)).not.toContain("expired-nonce");
  expect(nonces.results.map((row) => row.nonce)).toContain("current-nonce");
  const days = await env.DB.prepare("select day from contact_daily_counts").all<{ day: string }>();
  expect(days.results.map((row) => row.day)).toEqual([utcDay(new Date(now))]);
  const senders = await env.DB.prepare("select sender from contact_senders").all<{
    sender: string;
  }>();
  expect(senders.results.map((row) => row.sender)).toEqual(["todays-network"]);
});
