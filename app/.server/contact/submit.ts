import { EmailMessage } from "cloudflare:email";
import type { RequestScope } from "#app/.server/context.ts";
import { clientNetwork } from "#app/.server/http/client-address.ts";
import { readFormData } from "#app/.server/http/read-form.ts";
import { countEventInBackground } from "#app/.server/statistics/counts.ts";
import {
  type ContactFieldError,
  type ContactLimit,
  type ContactOutcome,
  type ContactValues,
  contactLimits,
} from "#app/features/contact/contact-fields.ts";
import { checkContactForm } from "#app/features/contact/contact-form.ts";
import { checkAnswer } from "./challenge.ts";
import { limitOfDay, takeMessageSlots } from "./limits.ts";
import { composeContactMail } from "./mail.ts";
import { checkProof } from "./proof.ts";
import { claimNonce } from "./used-nonces.ts";

export type ContactResponse = { outcome: ContactOutcome; httpStatus: number };

const MAX_BODY_BYTES = 100_000;

export async function submitContactForm(
  { env, ctx, config, db, locale }: RequestScope,
  request: Request,
): Promise<ContactResponse> {
  const read = await readFormData(request, MAX_BODY_BYTES);
  if (!read.ok) return failed(emptyValues, read.status);
  const formData = read.data;
  const values = valuesOf(formData);

  const network = clientNetwork(request);
  const { success } = await env.CONTACT_RATE_LIMIT.limit({ key: `contact:${network}` });
  if (!success) return failed(values, 429);
  // People never see this field; programs that fill in every field do.
  if (String(formData.get("website") ?? "") !== "") return failed(values, 400);

  const now = Date.now();
  const form = checkContactForm(formData);
  const answer = await checkAnswer(
    config.SESSION_SECRET,
    String(formData.get("challenge") ?? ""),
    String(formData.get("answer") ?? ""),
    now,
  );
  const answerError: ContactFieldError | undefined =
    answer.status === "wrong"
      ? "wrong_answer"
      : answer.status === "expired"
        ? "expired_question"
        : undefined;
  if (!form.ok || answerError) {
    const errors = { ...(form.ok ? {} : form.errors), ...(answerError && { answer: answerError }) };
    return { outcome: { status: "invalid", errors, values }, httpStatus: 400 };
  }
  if (answer.status !== "passed") return failed(values, 400);
  // Browsers send it on a busy day only; a wrong one is forged, as no browser gets it wrong.
  const proof = String(formData.get("proof") ?? "");
  const proven = proof !== "" && (await checkProof(config.SESSION_SECRET, answer.nonce, proof));
  if (proof !== "" && !proven) return failed(values, 400);
  const sending = { cap: config.CONTACT_DAILY_LIMIT, proven, now };
  // A flood past the day's limits costs one read each, and no write.
  const dayFull = await limitOfDay(db, sending);
  if (dayFull) return limited(values, dayFull);
  if (!(await claimNonce(db, answer.nonce, answer.expiresAt))) return failed(values, 409);
  const limit = await takeMessageSlots(db, network, sending);
  if (limit) return limited(values, limit);

  try {
    const raw = composeContactMail(config, form.data, locale);
    await env.CONTACT_EMAIL.send(
      new EmailMessage(config.CONTACT_EMAIL_FROM, config.CONTACT_EMAIL_TO, raw),
    );
  } catch {
    // The error could quote the message or an address: say only that it failed.
    console.error("contact: sending failed");
    return failed(values, 502);
  }
  console.log("contact: message sent");
  countEventInBackground(ctx, db, "contact_sent");
  return { outcome: { status: "sent" }, httpStatus: 200 };
}

const emptyValues: ContactValues = { name: "", email: "", subject: "", message: "" };

function valuesOf(formData: FormData): ContactValues {
  const value = (name: keyof ContactValues) =>
    String(formData.get(name) ?? "").slice(0, 2 * contactLimits.message);
  return {
    name: value("name"),
    email: value("email"),
    subject: value("subject"),
    message: value("message"),
  };
}

function failed(values: ContactValues, httpStatus: number): ContactResponse {
  return { outcome: { status: "failed", values }, httpStatus };
}

function limited(values: ContactValues, limit: ContactLimit): ContactResponse {
  return { outcome: { status: "failed", values, limit }, httpStatus: 429 };
}
