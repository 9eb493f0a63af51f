import { globSync, readFileSync } from "node:fs";
import type { Locator, Page, Request } from "@playwright/test";
import PostalMime, { type Email } from "postal-mime";
import { MIN_FILL_MS } from "#app/features/contact/contact-fields.ts";
import { d1 } from "./d1.ts";
import { expect, expectNoAxeViolations, test } from "./fixtures.ts";
import { journeyMailDrop } from "./state.ts";

// A wrong answer and a refused sender are answered with 400; Chromium logs each.
test.use({ expectedStatuses: [400] });

/** The proof of work's module, which only a busy day's form loads. */
function recordProofModules(page: Page): string[] {
  const loaded: string[] = [];
  page.on("request", (request) => {
    if (/\/contact-proof-[\w-]+\.js$/.test(request.url())) loaded.push(request.url());
  });
  return loaded;
}

// Each journey another visitor: the form allows five a minute per client, and these send more.
test.beforeEach(async ({ page }) => {
  const network = Math.floor(Math.random() * 0xffff).toString(16);
  await page.setExtraHTTPHeaders({ "CF-Connecting-IP": `2001:db8:${network}::1` });
});

type Labels = {
  path: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  question: RegExp;
  send: string;
  sent: string;
  another: string;
};

const english: Labels = {
  path: "/en/contact",
  name: "Name",
  email: "E-mail",
  subject: "Subject",
  message: "Message",
  question: /Security question/,
  send: "Send message",
  sent: "Message sent successfully! We will get back to you soon.",
  another: "Write another message",
};

const german: Labels = {
  path: "/contact",
  name: "Name",
  email: "E-Mail",
  subject: "Betreff",
  message: "Nachricht",
  question: /Sicherheitsfrage/,
  send: "Nachricht senden",
  sent: "Nachricht erfolgreich gesendet! Wir melden uns bald bei Ihnen.",
  another: "Weitere Nachricht schreiben",
};

async function solve(answerField: Locator): Promise<string> {
  const label = (await answerField.evaluate((input: HTMLInputElement) =>
    input.labels?.[0]?.textContent?.trim(),
  )) as string;
  const [, a, op, b] = /(\d) (\p{L}+) (\d)/u.exec(label) ?? [];
  const sum = ["plus", "più", "más"].includes(op ?? "");
  return String(sum ? Number(a) + Number(b) : Number(a) - Number(b));
}

/** A POST of the visitor's: anything but the statistics beacon. */
const isSubmission = (request: Request) =>
  request.method() === "POST" && new URL(request.url()).pathname !== "/api/beacon";

function recordPosts(page: Page): string[] {
  const posts: string[] = [];
  page.on("request", (request) => {
    if (isSubmission(request)) posts.push(request.url());
  });
  return posts;
}

/** The enhanced form hands validation from the browser to the page's own checks. */
async function waitForEnhancedForm(page: Page) {
  await expect(page.locator("form[method=post][novalidate]")).toHaveCount(1);
}

/** `marker` (in the subject and text) finds the message in the mail drop. */
async function writeMessage(page: Page, labels: Labels, words: string) {
  const marker = crypto.randomUUID();
  const text = `${words} ${marker}`;
  const subject = `Hello from the lake ${marker}`;
  await page.getByLabel(labels.name, { exact: true }).fill("Anna Schmidt");
  await page.getByLabel(labels.email, { exact: true }).fill("anna.schmidt@example.com");
  await page.getByLabel(labels.subject, { exact: true }).fill(subject);
  await page.getByLabel(labels.message, { exact: true }).fill(text);
  const answer = page.getByLabel(labels.question);
  await answer.fill(await solve(answer));
  return { marker, text, subject, answer };
}

/** The delivered messages that carry `marker` in their subject. */
async function deliveredCarrying(marker: string): Promise<Email[]> {
  const found: Email[] = [];
  for (const file of globSync(`${journeyMailDrop}/**/*.eml`)) {
    const mail = await PostalMime.parse(readFileSync(file));
    if (mail.subject?.includes(marker)) found.push(mail);
  }
  return found;
}

async function deliveredWith(marker: string): Promise<Email> {
  await expect.poll(async () => (await deliveredCarrying(marker)).length).toBeGreaterThan(0);
  const found = await deliveredCarrying(marker);
  expect(found).toHaveLength(1);
  return found[0] as Email;
}

for (const labels of [english, german]) {
  test(`a visitor sends a message with JavaScript (${labels.path})`, async ({
    strictPage: page,
  }) => {
    const proofModules = recordProofModules(page);
    await page.goto(labels.path);
    await waitForEnhancedForm(page);
    const { marker, text } = await writeMessage(
      page,
      labels,
      "Wonderful views this morning.\nThank you for the camera!",
    );
    await page.getByRole("button", { name: labels.send }).click();

    const sent = page.getByRole("status").filter({ hasText: labels.sent });
    await expect(sent).toBeVisible();
    await expect(sent).toBeFocused();
    const mail = await deliveredWith(marker);
    expect(mail.replyTo).toEqual([{ name: "Anna Schmidt", address: "anna.schmidt@example.com" }]);
    expect(mail.text?.replaceAll("\r\n", "\n")).toContain(text);

    await page.getByRole("link", { name: labels.another }).click();
    await expect(page.getByLabel(labels.message, { exact: true })).toHaveValue("");
    // A quiet day asks for no proof of work: its code never loads.
    expect(proofModules).toEqual([]);
  });
}

test("the button says it is sending, and clicking again meanwhile sends nothing more", async ({
  strictPage: page,
}) => {
  const posts = recordPosts(page);
  // A slow connection: the message is on its way until the visitor has clicked again.
  const { promise: clickedAgain, resolve: arrive } = Promise.withResolvers<void>();
  await page.route(
    (url) => url.pathname.endsWith("/contact.data"),
    async (route) => {
      await clickedAgain;
      await route.continue();
    },
  );
  await page.goto(english.path);
  await waitForEnhancedForm(page);
  const { marker, answer } = await writeMessage(page, english, "Just one message, please.");
  const posted = page.waitForRequest(isSubmission);
  await page.getByRole("button", { name: english.send }).click();
  await posted;
  const sending = page.getByRole("button", { name: "Sending…" });
  await expect(sending).toHaveAttribute("aria-disabled", "true");
  await sending.click({ force: true });
  await answer.press("Enter");
  arrive();
  await expect(page.getByRole("status").filter({ hasText: english.sent })).toBeVisible();
  await deliveredWith(marker);
  expect(posts).toHaveLength(1);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a visitor sends a message with a plain form post", async ({ strictPage: page }) => {
    await page.goto(english.path);
    const { marker } = await writeMessage(page, english, "Sent from a browser without scripts.");
    // A person takes longer than the form's minimum fill time; a test has to wait for it.
    await page.waitForTimeout(MIN_FILL_MS);
    await page.getByRole("button", { name: english.send }).click();
    await expect(page).toHaveURL(english.path);
    await expect(page.getByText(english.sent)).toBeVisible();
    await deliveredWith(marker);
  });
});

test("a wrong answer shows the spec's message, a new question and keeps the form", async ({
  strictPage: page,
}) => {
  await page.goto(english.path);
  await waitForEnhancedForm(page);
  const { marker, text, answer } = await writeMessage(
    page,
    english,
    "Every word of this stays where it is.",
  );
  const challenge = page.locator("input[name=challenge]");
  const firstChallenge = await challenge.inputValue();
  await answer.fill(String(Number(await solve(answer)) + 1));
  await page.getByRole("button", { name: english.send }).click();

  const newAnswer = page.getByLabel(english.question);
  await expect(newAnswer).toHaveAccessibleDescription("Please solve the math problem correctly");
  await expect(newAnswer).toBeFocused();
  await expect(newAnswer).toHaveValue("");
  await expect(page.getByLabel(english.message, { exact: true })).toHaveValue(text);
  // Two questions may read alike; the signed challenge behind them never does.
  await expect(challenge).not.toHaveValue(firstChallenge);

  await newAnswer.fill(await solve(newAnswer));
  await page.getByRole("button", { name: english.send }).click();
  await expect(page.getByRole("status").filter({ hasText: english.sent })).toBeVisible();
  await deliveredWith(marker);
});

test("field messages appear next to each field, in the visitor's language, before any request", async ({
  strictPage: page,
}) => {
  const posts = recordPosts(page);
  await page.goto(german.path);
  await waitForEnhancedForm(page);
  await page.getByLabel(german.email, { exact: true }).fill("anna@schmidt");
  await page.getByLabel(german.message, { exact: true }).fill("Kurz");
  await page.getByRole("button", { name: german.send }).click();

  const name = page.getByLabel(german.name, { exact: true });
  await expect(name).toBeFocused();
  await expect(name).toHaveAccessibleDescription("Bitte geben Sie Ihren Namen ein.");
  await expect(page.getByLabel(german.email, { exact: true })).toHaveAccessibleDescription(
    "Bitte geben Sie eine gültige E-Mail-Adresse ein, zum Beispiel name@example.com.",
  );
  await expect(page.getByLabel(german.subject, { exact: true })).toHaveAccessibleDescription(
    "Bitte geben Sie einen Betreff ein.",
  );
  await expect(page.getByLabel(german.message, { exact: true })).toHaveAccessibleDescription(
    "Bitte schreiben Sie mindestens 10 Zeichen.",
  );
  await expect(page.getByLabel(german.question)).toHaveAccessibleDescription(
    "Bitte lösen Sie die Rechenaufgabe richtig",
  );
  await expectNoAxeViolations(page);
  expect(posts).toEqual([]);
});

test("when sending fails, the error is announced and everything typed stays", async ({
  strictPage: page,
}) => {
  await page.goto(english.path);
  await waitForEnhancedForm(page);
  const { text, subject } = await writeMessage(page, english, "This text must survive a failure.");
  // What a form-filling program does: the server refuses it as it refuses any failure.
  await page.locator("input[name=website]").evaluate((input: HTMLInputElement) => {
    input.value = "https://spam.example";
  });
  await page.getByRole("button", { name: english.send }).click();

  const alert = page.getByRole("alert").filter({ hasText: "Message could not be sent." });
  await expect(alert).toHaveText(
    "Message could not be sent. Please try again. If it keeps failing, write to us at info@lakegarda-live.example.",
  );
  await expect(alert.getByRole("link", { name: "info@lakegarda-live.example" })).toHaveAttribute(
    "href",
    "mailto:info@lakegarda-live.example",
  );
  await expect(alert).toBeFocused();
  await expect(page.getByLabel(english.name, { exact: true })).toHaveValue("Anna Schmidt");
  await expect(page.getByLabel(english.subject, { exact: true })).toHaveValue(subject);
  await expect(page.getByLabel(english.message, { exact: true })).toHaveValue(text);
  await expectNoAxeViolations(page);
});

test.describe("offline", () => {
  test.use({ expectedNetworkErrors: ["net::ERR_INTERNET_DISCONNECTED"] });

  test("Send keeps everything typed and says so; back online, the same form sends it", async ({
    strictPage: page,
    context,
  }) => {
    await page.goto(english.path);
    await waitForEnhancedForm(page);
    const { marker, text, subject } = await writeMessage(page, english, "Typed on a boat.");
    await context.setOffline(true);
    await page.getByRole("button", { name: english.send }).click();

    const alert = page.getByRole("alert").filter({ hasText: "Message could not be sent." });
    await expect(alert).toBeFocused();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Contact");
    await expect(page.getByLabel(english.subject, { exact: true })).toHaveValue(subject);
    await expect(page.getByLabel(english.message, { exact: true })).toHaveValue(text);

    // The form never left the browser: its question (and the answer given) still hold.
    await context.setOffline(false);
    await page.getByRole("button", { name: english.send }).click();
    await expect(page.getByText(english.sent)).toBeVisible();
    expect((await deliveredWith(marker)).text).toContain(text);
  });
});

test("the form fits a 320 px phone and the sent message passes axe", async ({
  strictPage: page,
}) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await page.goto(english.path);
  await waitForEnhancedForm(page);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBe(0);
  const send = page.getByRole("button", { name: english.send });
  expect((await send.boundingBox())?.height).toBeGreaterThanOrEqual(44);

  await writeMessage(page, english, "Written on a small phone.");
  await send.click();
  await expect(page.getByRole("status").filter({ hasText: english.sent })).toBeVisible();
  await expectNoAxeViolations(page);
});

test.describe("on a busy day (20 messages sent already)", () => {
  const today = () => new Date().toISOString().slice(0, 10);
  let before: unknown[] = [];
  test.beforeEach(() => {
    before = d1(`select messages from contact_daily_counts where day = '${today()}'`);
    d1(
      `insert into contact_daily_counts (day, messages) values ('${today()}', 20) on conflict (day) do update set messages = 20`,
    );
  });
  // The other journeys meet a quiet day again.
  test.afterEach(() => {
    const [row] = before as { messages: number }[];
    d1(
      row
        ? `update contact_daily_counts set messages = ${row.messages} where day = '${today()}'`
        : `delete from contact_daily_counts where day = '${today()}'`,
    );
  });

  test("a visitor with JavaScript sends: the browser solves a proof of work first", async ({
    strictPage: page,
  }) => {
    const proofModules = recordProofModules(page);
    await page.goto(english.path);
    await waitForEnhancedForm(page);
    // Said only to browsers without JavaScript.
    await expect(
      page.getByText(/the form takes them only from browsers with JavaScript/),
    ).toBeHidden();
    const { marker } = await writeMessage(page, english, "Written on a busy day.");
    expect(proofModules).toHaveLength(1);
    const posted = page.waitForRequest(isSubmission);
    await page.getByRole("button", { name: english.send }).click();
    expect((await posted).postData()).toMatch(/(^|&)proof=\d+(&|$)/);
    const sent = page.getByRole("status").filter({ hasText: english.sent });
    await expect(sent).toBeFocused();
    await deliveredWith(marker);
    await expectNoAxeViolations(page);
  });

  test.describe("at the day's cap", () => {
    test.use({ expectedStatuses: [429] });

    test("a visitor is told to come back tomorrow, with everything typed kept", async ({
      strictPage: page,
    }) => {
      d1(`update contact_daily_counts set messages = 50 where day = '${today()}'`);
      await page.goto(english.path);
      await waitForEnhancedForm(page);
      const { subject, text } = await writeMessage(page, english, "Written too late today.");
      await page.getByRole("button", { name: english.send }).click();
      const alert = page.getByRole("alert");
      await expect(alert).toHaveText(
        "The form has taken all the messages it can today. Please try again tomorrow. You can also write to us directly at info@lakegarda-live.example.",
      );
      await expect(alert).toBeFocused();
      await expect(page.getByLabel(english.subject, { exact: true })).toHaveValue(subject);
      await expect(page.getByLabel(english.message, { exact: true })).toHaveValue(text);
      await expectNoAxeViolations(page);
    });
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false, expectedStatuses: [429] });

    test("the page says so before anything is typed, and a message sent anyway is kept and not sent", async ({
      strictPage: page,
    }) => {
      const notice =
        "Many messages have arrived today, so for the rest of the day the form takes them only from browsers with JavaScript turned on. Please turn it on, or try again tomorrow. You can also write to us directly at info@lakegarda-live.example.";
      await page.goto(english.path);
      // axe runs as a script: a limit's text and link are checked in the alert above, scripts on.
      await expect(page.getByText(notice)).toBeVisible();

      const { marker, subject, text } = await writeMessage(page, english, "Sent without scripts.");
      await page.waitForTimeout(MIN_FILL_MS);
      await page.getByRole("button", { name: english.send }).click();
      const alert = page.getByRole("alert");
      await expect(alert).toHaveText(notice);
      await expect(
        alert.getByRole("link", { name: "info@lakegarda-live.example" }),
      ).toHaveAttribute("href", "mailto:info@lakegarda-live.example");
      await expect(page.getByLabel(english.subject, { exact: true })).toHaveValue(subject);
      await expect(page.getByLabel(english.message, { exact: true })).toHaveValue(text);
      // Back to a quiet day: a later message arrives, and this one never did.
      d1(`update contact_daily_counts set messages = 0 where day = '${today()}'`);
      const later = await writeMessage(page, english, "Sent the next day.");
      await page.waitForTimeout(MIN_FILL_MS);
      await page.getByRole("button", { name: english.send }).click();
      await expect(page.getByText(english.sent)).toBeVisible();
      await deliveredWith(later.marker);
      expect(await deliveredCarrying(marker)).toEqual([]);
    });
  });
});
