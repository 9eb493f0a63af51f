import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, expect, test, vi } from "vitest";
import { answerOf, createChallenge } from "#app/.server/contact/challenge.ts";
import { MIN_FILL_MS } from "#app/features/contact/contact-fields.ts";
import { solveProof } from "#app/features/contact/contact-proof.ts";
// @ts-expect-error the built Worker bundle ships no type declarations
import worker from "#build/server/index.js";
import {
  aMessage,
  deliveredMail,
  deliveredWith,
  openContactForm,
  submitContact,
} from "./contact-helpers.ts";
import { BROWSER_UA, ORIGIN } from "./helpers.ts";

// A Wednesday morning in June; only Date is faked, so the attack's ten minutes pass at once.
const START = Date.UTC(2026, 5, 10, 9, 0);
const MINUTE_MS = 60_000;

afterEach(() => {
  vi.useRealTimers();
});

/**
 * The deployed rate limit (5 a minute per network, wrangler.jsonc) counted on the simulated
 * clock: the local binding counts real minutes, which would stop the attack for us.
 */
function rateLimitPerSimulatedMinute(limit: number): RateLimit {
  const counts = new Map<string, number>();
  return {
    async limit({ key }) {
      const window = `${key} ${Math.floor(Date.now() / MINUTE_MS)}`;
      const count = (counts.get(window) ?? 0) + 1;
      counts.set(window, count);
      return { success: count <= limit };
    },
  };
}

const attackEnv = { ...env, CONTACT_RATE_LIMIT: rateLimitPerSimulatedMinute(5) } as Env;

/**
 * One scripted submission through the form's own endpoint: the script reads the plain-text
 * question (here minted as the page would mint it) and answers it right, as fast as allowed.
 */
async function attack(network: string, marker: string): Promise<number> {
  const { question, token } = await createChallenge(env.SESSION_SECRET, Date.now() - MIN_FILL_MS);
  const { fields } = aMessage({ subject: `Cheap pills ${marker}` });
  const ctx = createExecutionContext();
  const response = await (worker as ExportedHandler<Env>).fetch?.(
    new Request(`${ORIGIN}/en/contact.data`, {
      method: "POST",
      body: new URLSearchParams({
        ...fields,
        challenge: token,
        answer: String(answerOf(question)),
        website: "",
      }),
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: ORIGIN,
        "User-Agent": BROWSER_UA,
        "CF-Connecting-IP": network,
      },
    }) as Request<unknown, IncomingRequestCfProperties>,
    attackEnv,
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return response?.status ?? 0;
}

async function delivered(marker: string): Promise<number> {
  return (await deliveredMail()).filter((mail) => mail.subject?.includes(marker)).length;
}

test("100 networks answering every question at full speed for ten minutes send 20 messages, and a visitor then sends", async () => {
  vi.useFakeTimers({ toFake: ["Date"] });
  const marker = crypto.randomUUID();
  // Half IPv4 addresses, half IPv6 /64s.
  const networks = Array.from({ length: 100 }, (_, i) =>
    i % 2 === 0 ? `192.0.2.${i}` : `2001:db8:a7:${i.toString(16)}::1`,
  );
  const statuses = new Map<number, number>();
  for (let minute = 0; minute < 10; minute++) {
    vi.setSystemTime(START + minute * MINUTE_MS);
    // Every network at once, each as often as the rate limit lets it that minute.
    await Promise.all(
      networks.map(async (network) => {
        for (let i = 0; i < 5; i++) {
          const status = await attack(network, marker);
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
        }
      }),
    );
  }
  const attempts = [...statuses.values()].reduce((sum, n) => sum + n, 0);
  const sent = statuses.get(200) ?? 0;
  expect(attempts).toBe(100 * 10 * 5);
  expect(sent).toBe(20);
  // The rest were refused by the day's limits.
  expect(statuses.get(429)).toBe(attempts - sent);

  // A visitor with JavaScript, from a network of their own, right after the attack.
  vi.setSystemTime(START + 10 * MINUTE_MS);
  const form = await openContactForm();
  if (!form.proof) throw new Error("a busy day's page asks for a proof of work");
  const proof = String(await solveProof(form.proof));
  const visitor = aMessage();
  vi.setSystemTime(Date.now() + MIN_FILL_MS);
  const response = await submitContact(form, { ...visitor.fields, proof });
  expect(response.status).toBe(200);
  await deliveredWith(visitor.marker);
  expect(await delivered(marker)).toBe(20);
}, 240_000);
