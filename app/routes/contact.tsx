import { useLingui } from "@lingui/react/macro";
import { useEffect } from "react";
import { data, type ShouldRevalidateFunctionArgs, useNavigation } from "react-router";
import { createChallenge } from "#app/.server/contact/challenge.ts";
import { proofNeeded } from "#app/.server/contact/limits.ts";
import { createProof } from "#app/.server/contact/proof.ts";
import { submitContactForm } from "#app/.server/contact/submit.ts";
import { requestScope } from "#app/.server/context.ts";
import { ContactForm } from "#app/components/contact/contact-form.tsx";
import { PageMeta } from "#app/components/shell/page-meta.tsx";
import { type ContactOutcome, MIN_FILL_MS } from "#app/features/contact/contact-fields.ts";
import { wasUnsent } from "#app/lib/fetch-read.ts";
import { useRootData } from "#app/shell/root-data.ts";
import ClockIcon from "~icons/mdi/clock-outline";
import MailIcon from "~icons/mdi/email-outline";
import PinIcon from "~icons/mdi/map-marker-outline";
import type { Route } from "./+types/contact";

export async function loader({ context }: Route.LoaderArgs) {
  const { config, db } = context.get(requestScope);
  const [{ nonce, ...challenge }, busy] = await Promise.all([
    createChallenge(config.SESSION_SECRET),
    proofNeeded(db),
  ]);
  return { ...challenge, proof: busy ? await createProof(config.SESSION_SECRET, nonce) : null };
}

export function headers({ parentHeaders }: Route.HeadersArgs) {
  // The page holds a single-use question: no cache may hand it to anybody else.
  parentHeaders.set("Cache-Control", "no-store");
  return parentHeaders;
}

export async function action({ request, context }: Route.ActionArgs) {
  const { outcome, httpStatus } = await submitContactForm(context.get(requestScope), request);
  return data(outcome, { status: httpStatus });
}

const loadContactForm = () => import("#app/features/contact/contact-form.ts");

// The browser has one visitor: a module variable holds when it was shown the current question.
let questionShownAt = 0;

export async function clientAction({
  request,
  serverAction,
}: Route.ClientActionArgs): Promise<ContactOutcome> {
  const { checkContactForm } = await loadContactForm();
  const check = checkContactForm(await request.clone().formData());
  if (!check.ok) return { status: "invalid", errors: check.errors };
  const wait = questionShownAt + MIN_FILL_MS - performance.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  try {
    return await serverAction();
  } catch {
    // Offline: the form and what was typed stay, with the failure message, not the error page.
    return { status: "failed", unsent: true };
  }
}

export function shouldRevalidate({
  actionResult,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  const outcome = actionResult as ContactOutcome | undefined;
  if (!outcome) return defaultShouldRevalidate;
  // Anything but other fields' errors or an unsent form used the question up (ADR 012).
  if (wasUnsent(outcome)) return false;
  return !(outcome.status === "invalid" && !outcome.errors.answer);
}

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useLingui();
  const navigation = useNavigation();
  const sending = navigation.formMethod === "POST";
  // biome-ignore lint/correctness/useExhaustiveDependencies: each new question restarts the clock
  useEffect(() => {
    questionShownAt = performance.now();
  }, [loaderData.token]);
  const { site } = useRootData();
  const location = site.cameraLocation;
  const faq = [
    {
      q: t`Why does the live stream only run for one minute?`,
      a: t`The camera streams only while someone is watching, to save bandwidth and energy. Start it as often as you like: each session lasts about a minute, and the picture usually appears about two seconds after you start it.`,
    },
    {
      q: t`How accurate is the weather information?`,
      a: t`Weather data comes from an independent weather service and is refreshed every ten minutes. The lake level and the water temperature in the north come from public measuring stations, and we measure the water temperature in the south ourselves; these are updated less often, and each value shows when it was measured.`,
    },
    {
      q: t`What technology is behind the camera?`,
      a: t`A weatherproof camera on the harbour wall and a small computer that sends live video to our website only when a visitor asks for it. It also sends a picture every ten minutes for the archive and, each night, the time-lapse. The website itself runs close to visitors around the world.`,
    },
    {
      q: t`Are you open to commercial partnerships?`,
      a: t`This is a private, non-commercial project without advertising. For tourism or media cooperation that fits this spirit, write to us and we will gladly talk.`,
    },
  ];
  const info = [
    {
      icon: MailIcon,
      title: t`E-mail`,
      body: <a href={`mailto:${site.ownerEmail}`}>{site.ownerEmail}</a>,
    },
    { icon: PinIcon, title: t`Location`, body: t`${location}, Lake Garda, Italy` },
    {
      icon: ClockIcon,
      title: t`Response time`,
      body: t`We usually reply within 24 hours on weekdays.`,
    },
  ];
  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <PageMeta
        title={t`Contact`}
        description={t`Questions, ideas or feedback about the Lake Garda Live Camera.`}
      />
      <h1 className="text-2xl font-bold tracking-tight break-words hyphens-auto sm:text-4xl">{t`Contact`}</h1>
      <p className="mt-3 text-neutral-700 dark:text-neutral-300">
        {t`Questions, ideas or a nice story about the lake? We look forward to hearing from you.`}
      </p>
      <div className="mt-8 grid gap-6 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <ContactForm
            question={loaderData.question}
            token={loaderData.token}
            proof={loaderData.proof}
            outcome={actionData}
            sending={sending}
            onStart={() => void loadContactForm()}
          />
        </div>
        <ul className="grid content-start gap-4 sm:grid-cols-3 lg:grid-cols-1">
          {info.map(({ icon: Icon, title, body }) => (
            <li
              key={title}
              className="rounded-xl border border-neutral-200 p-5 dark:border-neutral-800"
            >
              <Icon className="size-6 text-primary-700 dark:text-primary-400" />
              <h2 className="mt-2 font-semibold">{title}</h2>
              <p className="mt-1 text-sm break-words text-neutral-700 dark:text-neutral-300 [&_a]:text-primary-700 [&_a]:underline dark:[&_a]:text-primary-400">
                {body}
              </p>
            </li>
          ))}
        </ul>
      </div>
      <section aria-labelledby="faq-title" className="mt-12">
        <h2 id="faq-title" className="text-2xl font-semibold">
          {t`Frequently asked questions`}
        </h2>
        <dl className="mt-4 divide-y divide-neutral-200 dark:divide-neutral-800">
          {faq.map(({ q, a }) => (
            <div key={q} className="py-4">
              <dt className="font-medium">{q}</dt>
              <dd className="mt-1 text-neutral-700 dark:text-neutral-300">{a}</dd>
            </div>
          ))}
        </dl>
      </section>
    </div>
  );
}
