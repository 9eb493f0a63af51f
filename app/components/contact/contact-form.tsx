// catalog: contact

import { Trans, useLingui } from "@lingui/react/macro";
import { type ReactNode, useId } from "react";
import { Form } from "react-router";
import { LocalizedLink, useLocale } from "#app/components/ui/localized-link.tsx";
import {
  type ContactFieldError,
  type ContactFieldName,
  type ContactLimit,
  type ContactOutcome,
  contactLimits,
  MESSAGES_PER_NETWORK,
  type ProofPuzzle,
  type Question,
} from "#app/features/contact/contact-fields.ts";
import { formatNumber } from "#app/lib/format.ts";
import { useRootData } from "#app/shell/root-data.ts";
import CheckIcon from "~icons/mdi/check-circle-outline";
import { useContactForm } from "./use-contact-form.ts";

const inputClass =
  "mt-1 block w-full rounded-md border border-neutral-300 bg-white px-3 py-2 text-base aria-invalid:border-error-600 dark:border-neutral-700 dark:bg-neutral-900 dark:aria-invalid:border-error-100";

export function ContactForm({
  question,
  token,
  proof,
  outcome,
  sending: posting,
  onStart,
}: {
  question: Question;
  token: string;
  proof: ProofPuzzle | null;
  outcome: ContactOutcome | undefined;
  sending: boolean;
  onStart: () => void;
}) {
  const { t } = useLingui();
  const ownerEmail = useRootData().site.ownerEmail;
  const id = useId();
  const contact = useContactForm({ token, proof, outcome, posting, onStart });
  const { sending, enhanced } = contact;

  if (outcome?.status === "sent") {
    return (
      <div
        ref={contact.sent}
        tabIndex={-1}
        role="status"
        className="rounded-xl border border-success-600 bg-success-100 p-6 text-success-900"
      >
        <p className="flex items-start gap-2 font-semibold">
          <CheckIcon className="size-6 shrink-0" />
          {t`Message sent successfully! We will get back to you soon.`}
        </p>
        <LocalizedLink
          to="/contact"
          className="mt-4 inline-flex min-h-11 items-center font-medium underline"
        >
          {t`Write another message`}
        </LocalizedLink>
      </div>
    );
  }

  const errors = outcome?.status === "invalid" ? outcome.errors : {};
  const values = outcome && "values" in outcome ? outcome.values : undefined;
  const { a, b } = question;
  const ask =
    question.op === "+"
      ? t`Security question: what is ${a} plus ${b}?`
      : t`Security question: what is ${a} minus ${b}?`;
  const field = (name: ContactFieldName) => ({
    id: `${id}-${name}`,
    name,
    required: true,
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": errors[name] ? `${id}-${name}-error` : undefined,
    className: inputClass,
  });

  return (
    <Form
      ref={contact.form}
      method="post"
      preventScrollReset
      noValidate={enhanced}
      onFocus={contact.start}
      onSubmit={contact.submit}
      aria-labelledby={`${id}-title`}
      className="rounded-xl border border-neutral-200 p-5 sm:p-6 dark:border-neutral-800"
    >
      <h2 id={`${id}-title`} className="text-xl font-semibold">
        {t`Write to us`}
      </h2>
      <p className="mt-1 text-sm text-neutral-700 dark:text-neutral-300">
        {t`All fields are required.`}
      </p>
      {/* Shown only without JavaScript, before anything is written. */}
      {proof ? (
        <p className="mt-4 hidden rounded-md border border-warning-600 bg-warning-100 p-3 text-warning-900 noscript:block">
          <LimitText limit="javascript" ownerEmail={ownerEmail} />
        </p>
      ) : null}
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <Field id={`${id}-name`} label={t`Name`} name="name" error={errors.name}>
          <input
            {...field("name")}
            type="text"
            autoComplete="name"
            maxLength={contactLimits.name}
            defaultValue={values?.name}
          />
        </Field>
        <Field id={`${id}-email`} label={t`E-mail`} name="email" error={errors.email}>
          <input
            {...field("email")}
            type="email"
            autoComplete="email"
            maxLength={contactLimits.email}
            defaultValue={values?.email}
          />
        </Field>
      </div>
      <div className="mt-4">
        <Field id={`${id}-subject`} label={t`Subject`} name="subject" error={errors.subject}>
          <input
            {...field("subject")}
            type="text"
            maxLength={contactLimits.subject}
            defaultValue={values?.subject}
          />
        </Field>
      </div>
      <div className="mt-4">
        <Field id={`${id}-message`} label={t`Message`} name="message" error={errors.message}>
          <textarea
            {...field("message")}
            rows={7}
            minLength={contactLimits.messageMin}
            maxLength={contactLimits.message}
            defaultValue={values?.message}
          />
        </Field>
      </div>
      <div className="mt-4">
        <input type="hidden" name="challenge" value={token} />
        <Field id={`${id}-answer`} label={ask} name="answer" error={errors.answer}>
          <input
            key={token}
            {...field("answer")}
            type="text"
            inputMode="numeric"
            pattern="[0-9]*"
            autoComplete="off"
            maxLength={3}
            className={`${inputClass} sm:w-32`}
          />
        </Field>
      </div>
      {/* A trap for programs that fill in every field. */}
      <div aria-hidden="true" className="absolute -left-[10000px] size-px overflow-hidden">
        <label>
          {t`Leave this field empty`}
          <input type="text" name="website" tabIndex={-1} autoComplete="off" />
        </label>
      </div>
      {outcome?.status === "failed" ? (
        <p
          ref={contact.alert}
          tabIndex={-1}
          role="alert"
          className="mt-4 rounded-md border border-error-600 bg-error-100 p-3 text-error-900"
        >
          {/* With JavaScript the day turned busy meanwhile: the new form has the proof. */}
          {outcome.limit && !(enhanced && outcome.limit === "javascript") ? (
            <LimitText limit={outcome.limit} ownerEmail={ownerEmail} />
          ) : (
            <>
              {t`Message could not be sent. Please try again.`}{" "}
              {/* Every other failure reads the same: a bot learns nothing (ADR 012). */}
              <Trans>
                If it keeps failing, write to us at{" "}
                <a href={`mailto:${ownerEmail}`} className="font-medium underline">
                  {ownerEmail}
                </a>
                .
              </Trans>
            </>
          )}
        </p>
      ) : null}
      <button
        type="submit"
        aria-disabled={sending || undefined}
        className="mt-5 inline-flex min-h-11 w-full items-center justify-center rounded-md bg-primary-700 px-5 py-2 font-medium text-white hover:bg-primary-800 aria-disabled:cursor-wait aria-disabled:opacity-70 sm:w-auto"
      >
        {sending ? t`Sending…` : t`Send message`}
      </button>
      <p className="sr-only" role="status">
        {sending ? t`Sending your message…` : ""}
      </p>
    </Form>
  );
}

function LimitText({ limit, ownerEmail }: { limit: ContactLimit; ownerEmail: string }) {
  const { t } = useLingui();
  const locale = useLocale();
  const perNetwork = formatNumber(locale, MESSAGES_PER_NETWORK);
  const text = {
    network: t`Your internet connection has already sent ${perNetwork} messages through this form today, the most it takes from one connection in a day. Please try again tomorrow.`,
    javascript: t`Many messages have arrived today, so for the rest of the day the form takes them only from browsers with JavaScript turned on. Please turn it on, or try again tomorrow.`,
    later: t`Many messages have arrived today, so the form now takes only a few an hour. Please try again later.`,
    tomorrow: t`The form has taken all the messages it can today. Please try again tomorrow.`,
  }[limit];
  return (
    <>
      {text}{" "}
      <Trans>
        You can also write to us directly at{" "}
        <a href={`mailto:${ownerEmail}`} className="font-medium underline">
          {ownerEmail}
        </a>
        .
      </Trans>
    </>
  );
}

function Field({
  id,
  name,
  label,
  error,
  children,
}: {
  id: string;
  name: ContactFieldName;
  label: ReactNode;
  error: ContactFieldError | undefined;
  children: ReactNode;
}) {
  const message = useErrorMessage(name, error);
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      {children}
      {message ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-error-800 dark:text-error-100">
          {message}
        </p>
      ) : null}
    </div>
  );
}

const maxLengths: Partial<Record<ContactFieldName, number>> = {
  name: contactLimits.name,
  subject: contactLimits.subject,
  message: contactLimits.message,
};

function useErrorMessage(field: ContactFieldName, error: ContactFieldError | undefined) {
  const { t } = useLingui();
  const locale = useLocale();
  switch (error) {
    case undefined:
      return undefined;
    case "required":
      return {
        name: t`Please enter your name.`,
        email: t`Please enter your e-mail address.`,
        subject: t`Please enter a subject.`,
        message: t`Please write your message.`,
        answer: t`Please solve the math problem correctly`,
      }[field];
    case "too_short": {
      const min = formatNumber(locale, contactLimits.messageMin);
      return t`Please write at least ${min} characters.`;
    }
    case "too_long": {
      const max = formatNumber(locale, maxLengths[field] ?? 0);
      return t`Please use at most ${max} characters.`;
    }
    case "line_break":
      return t`Please write this on a single line.`;
    case "invalid_email":
      return t`Please enter a valid e-mail address, such as name@example.com.`;
    case "wrong_answer":
      return t`Please solve the math problem correctly`;
    case "expired_question":
      return t`This question has expired. Please answer the new one.`;
  }
}
