import { useLingui } from "@lingui/react/macro";
import { useId } from "react";
import { data, Form, redirect, useNavigation } from "react-router";
import { z } from "zod";
import { logIn } from "#app/.server/auth/login.ts";
import { adminSession, adminSessionMiddleware } from "#app/.server/auth/route-session.ts";
import { requestScope } from "#app/.server/context.ts";
import { readForm } from "#app/.server/http/read-form.ts";
import { PageMeta } from "#app/components/shell/page-meta.tsx";
import { useLocale } from "#app/components/ui/localized-link.tsx";
import { type Locale, localizePath, stripLocale } from "#app/i18n/locales.ts";
import { formatWait } from "#app/lib/format.ts";
import { isAdminPath } from "#app/shell/pages.ts";
import LockIcon from "~icons/heroicons/lock-closed";
import type { Route } from "./+types/login";

export const middleware: Route.MiddlewareFunction[] = [adminSessionMiddleware];

export function headers({ actionHeaders, parentHeaders }: Route.HeadersArgs) {
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) parentHeaders.set("Retry-After", retryAfter);
  return parentHeaders;
}

/** Only an admin page, never anywhere else (no open redirect). */
function nextPage(url: URL, locale: Locale): string {
  const next = url.searchParams.get("next") ?? "";
  const safe = /^\/[\w/-]*$/.test(next) && !next.startsWith("//");
  return safe && isAdminPath(stripLocale(next)) ? next : localizePath("/admin", locale);
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  if (adminSession(context)) throw redirect(nextPage(url, context.get(requestScope).locale));
  return { expired: url.searchParams.has("expired") };
}

const loginForm = z.object({ password: z.string().min(1).max(256) });
const MAX_FORM_BYTES = 8 * 1024;

export async function action({ request, context }: Route.ActionArgs) {
  const scope = context.get(requestScope);
  const form = await readForm(request, loginForm, MAX_FORM_BYTES);
  if (!form.ok) return data({ error: "invalid" as const }, { status: form.status });
  const outcome = await logIn(request, scope, form.data.password);
  if (outcome.ok) {
    const headers = new Headers(
      outcome.cookies.map((cookie): [string, string] => ["Set-Cookie", cookie]),
    );
    return redirect(nextPage(new URL(request.url), scope.locale), { headers });
  }
  if (outcome.reason === "incorrect_password") {
    return data({ error: "incorrect_password" as const }, { status: 401 });
  }
  const retryAfterSeconds = Math.ceil(outcome.retryAfterMs / 1000);
  return data(
    { error: "rate_limited" as const, retryAfterSeconds },
    { status: 429, headers: { "Retry-After": String(retryAfterSeconds) } },
  );
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useLingui();
  const locale = useLocale();
  const passwordId = useId();
  const messageId = useId();
  const submitting = useNavigation().state === "submitting";
  let message: string | undefined;
  if (actionData?.error === "incorrect_password") message = t`Incorrect password`;
  else if (actionData?.error === "rate_limited") {
    const wait = formatWait(locale, actionData.retryAfterSeconds);
    message = t`Too many attempts. Please try again ${wait}.`;
  } else if (loaderData.expired) message = t`Your session has expired. Please log in again.`;
  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <PageMeta title={t`Admin login`} noindex />
      <Form
        method="post"
        className="mx-auto mt-8 max-w-sm rounded-xl border border-neutral-200 p-6 dark:border-neutral-800"
      >
        <LockIcon className="size-8 text-primary-700 dark:text-primary-400" />
        <h1 className="mt-3 text-2xl font-bold">{t`Admin login`}</h1>
        <label
          htmlFor={passwordId}
          className="mt-4 block text-sm text-neutral-700 dark:text-neutral-300"
        >
          {t`Please enter the password for admin access`}
        </label>
        <input
          id={passwordId}
          name="password"
          type="password"
          required
          autoComplete="current-password"
          aria-invalid={actionData?.error ? true : undefined}
          aria-describedby={message ? messageId : undefined}
          className="mt-2 min-h-11 w-full rounded-md border border-neutral-300 bg-white px-3 py-2 dark:border-neutral-700 dark:bg-neutral-900"
        />
        {message ? (
          <p id={messageId} role="alert" className="mt-2 text-sm text-error-600">
            {message}
          </p>
        ) : null}
        {/* One attempt at a time: a second click would only count as a second attempt. */}
        <button
          type="submit"
          disabled={submitting}
          className="mt-4 min-h-11 w-full rounded-md bg-primary-700 px-4 py-2 font-medium text-white hover:bg-primary-800 disabled:opacity-70"
        >
          {t`Log in`}
        </button>
      </Form>
    </div>
  );
}
