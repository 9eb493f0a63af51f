import { useLingui } from "@lingui/react/macro";
import { Switch, Tabs } from "radix-ui";
import { useEffect, useId, useRef } from "react";
import { data, Form, redirect, useFetcher, useNavigation, useRevalidator } from "react-router";
import { z } from "zod";
import { logIn } from "~/.server/auth/login";
import { adminSession, adminSessionMiddleware } from "~/.server/auth/route-session";
import { endAllSessions, endedSessionCookie, endSession } from "~/.server/auth/session";
import { requestScope } from "~/.server/context";
import { readForm } from "~/.server/read-form";
import { readSettings, setMaintenance } from "~/.server/settings";
import { useLocale } from "~/components/localized-link";
import { PageMeta } from "~/components/page-meta";
import { useToast } from "~/components/ui/toaster";
import { localizePath } from "~/i18n/locales";
import { formatWait } from "~/lib/format";
import LockIcon from "~icons/heroicons/lock-closed";
import type { Route } from "./+types/admin";

export const middleware: Route.MiddlewareFunction[] = [adminSessionMiddleware];

/** A throttled login says when to try again (Retry-After), whether the page or its data asked. */
export function headers({ actionHeaders, parentHeaders }: Route.HeadersArgs) {
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) parentHeaders.set("Retry-After", retryAfter);
  return parentHeaders;
}

export async function loader({ context }: Route.LoaderArgs) {
  if (!adminSession(context)) return { authenticated: false as const };
  const settings = await readSettings(context.get(requestScope).db);
  return { authenticated: true as const, maintenance: settings.maintenance };
}

// This page's forms are a password or a switch; anything bigger is not one of them.
const MAX_FORM_BYTES = 8 * 1024;

const adminAction = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("login"), password: z.string().min(1).max(256) }),
  z.object({ intent: z.literal("logout") }),
  z.object({ intent: z.literal("logout-everywhere") }),
  z.object({ intent: z.literal("maintenance"), enabled: z.enum(["on", "off"]) }),
]);

export type AdminActionError =
  | "invalid"
  | "too_large"
  | "incorrect_password"
  | "rate_limited"
  | "unauthorized";

const fail = (error: AdminActionError, status: number) => data({ error }, { status });

export async function action({ request, context }: Route.ActionArgs) {
  const scope = context.get(requestScope);
  const body = await readForm(request, MAX_FORM_BYTES);
  if (!body.ok) return fail(body.status === 413 ? "too_large" : "invalid", body.status);
  const form = adminAction.safeParse(Object.fromEntries(body.form));
  if (!form.success) return fail("invalid", 400);
  const here = localizePath("/admin", scope.locale);
  const session = adminSession(context);

  switch (form.data.intent) {
    case "login": {
      const outcome = await logIn(request, scope, form.data.password);
      if (outcome.ok) {
        const headers = new Headers(
          outcome.cookies.map((cookie): [string, string] => ["Set-Cookie", cookie]),
        );
        return redirect(here, { headers });
      }
      if (outcome.reason === "incorrect_password") return fail("incorrect_password", 401);
      const retryAfterSeconds = Math.ceil(outcome.retryAfterMs / 1000);
      return data(
        { error: "rate_limited" as const, retryAfterSeconds },
        { status: 429, headers: { "Retry-After": String(retryAfterSeconds) } },
      );
    }
    case "logout":
      if (session) await endSession(scope.db, session);
      return redirect(here, { headers: { "Set-Cookie": endedSessionCookie } });
    case "logout-everywhere":
      if (!session) return fail("unauthorized", 401);
      await endAllSessions(scope.db);
      return redirect(here, { headers: { "Set-Cookie": endedSessionCookie } });
    case "maintenance":
      if (!session) return fail("unauthorized", 401);
      return setMaintenance(scope.db, form.data.enabled === "on");
  }
}

export default function Admin({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useLingui();
  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <PageMeta title={t`Admin`} noindex />
      {loaderData.authenticated ? (
        <Dashboard maintenance={loaderData.maintenance} />
      ) : (
        <Login failure={actionData && "error" in actionData ? actionData : undefined} />
      )}
    </div>
  );
}

const buttonClass =
  "min-h-11 rounded-md border border-neutral-300 px-4 py-2 text-sm font-medium hover:bg-neutral-100 dark:border-neutral-700 dark:hover:bg-neutral-800";

function Login({ failure }: { failure?: { error: AdminActionError; retryAfterSeconds?: number } }) {
  const { t } = useLingui();
  const locale = useLocale();
  const passwordId = useId();
  const errorId = useId();
  const submitting = useNavigation().state === "submitting";
  let message: string | undefined;
  if (failure?.error === "incorrect_password") message = t`Incorrect password`;
  if (failure?.error === "rate_limited") {
    const wait = formatWait(locale, failure.retryAfterSeconds ?? 60);
    message = t`Too many attempts. Please try again ${wait}.`;
  }
  return (
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
        aria-invalid={message ? true : undefined}
        aria-describedby={message ? errorId : undefined}
        className="mt-2 w-full rounded-md border border-neutral-300 bg-white px-3 py-2 dark:border-neutral-700 dark:bg-neutral-900"
      />
      {message ? (
        <p id={errorId} role="alert" className="mt-2 text-sm text-error-600">
          {message}
        </p>
      ) : null}
      {/* One attempt at a time: a second click would only count as a second attempt. */}
      <button
        type="submit"
        name="intent"
        value="login"
        disabled={submitting}
        className="mt-4 min-h-11 w-full rounded-md bg-primary-700 px-4 py-2 font-medium text-white hover:bg-primary-800 disabled:opacity-70"
      >
        {t`Log in`}
      </button>
    </Form>
  );
}

function Dashboard({ maintenance }: { maintenance: boolean }) {
  const { t } = useLingui();
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold tracking-tight">{t`Admin dashboard`}</h1>
        <Form method="post">
          <button type="submit" name="intent" value="logout" className={buttonClass}>
            {t`Log out`}
          </button>
        </Form>
      </div>
      <Tabs.Root defaultValue="maintenance" className="mt-8">
        <Tabs.List
          aria-label={t`Dashboard sections`}
          className="flex border-b border-neutral-200 dark:border-neutral-800"
        >
          <Tabs.Trigger
            value="maintenance"
            className="min-h-11 border-b-2 border-transparent px-4 py-2 font-medium data-[state=active]:border-primary-700 data-[state=active]:text-primary-800 dark:data-[state=active]:text-primary-300"
          >
            {t`Maintenance`}
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content
          value="maintenance"
          className="divide-y divide-neutral-200 dark:divide-neutral-800"
        >
          <MaintenanceSwitch maintenance={maintenance} />
          <LogOutEverywhere />
        </Tabs.Content>
      </Tabs.Root>
    </>
  );
}

function LogOutEverywhere() {
  const { t } = useLingui();
  const headingId = useId();
  const descriptionId = useId();
  return (
    <Form method="post" aria-labelledby={headingId} className="py-6">
      <h2 id={headingId} className="font-medium">
        {t`Sessions`}
      </h2>
      <p id={descriptionId} className="text-sm text-neutral-600 dark:text-neutral-400">
        {t`Logs out every browser that is logged in to the admin area, this one included. Use it if you logged in on a device that is not yours.`}
      </p>
      <button
        type="submit"
        name="intent"
        value="logout-everywhere"
        aria-describedby={descriptionId}
        className={`mt-3 ${buttonClass}`}
      >
        {t`Log out everywhere`}
      </button>
    </Form>
  );
}

function MaintenanceSwitch({ maintenance }: { maintenance: boolean }) {
  const { t } = useLingui();
  const toast = useToast();
  const revalidator = useRevalidator();
  const fetcher = useFetcher<typeof action>();
  const switchId = useId();
  const pending = fetcher.state !== "idle";
  const optimistic = pending ? fetcher.formData?.get("enabled") === "on" : maintenance;

  // Toast once per answer; the effect also re-runs when the translator function changes.
  const answered = useRef<unknown>(undefined);
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data || answered.current === fetcher.data) return;
    answered.current = fetcher.data;
    if ("maintenance" in fetcher.data) {
      toast({
        variant: "success",
        title: fetcher.data.maintenance
          ? t`Maintenance mode has been enabled`
          : t`Maintenance mode has been disabled`,
      });
    } else if (fetcher.data.error === "unauthorized") {
      toast({
        variant: "error",
        title: t`Failed to toggle maintenance mode`,
        description: t`Your session has expired. Please log in again.`,
        // The page reloads its data, finds no session and shows the login form.
        action: { label: t`Log in again`, onSelect: () => void revalidator.revalidate() },
      });
    } else {
      toast({ variant: "error", title: t`Failed to toggle maintenance mode` });
    }
  }, [fetcher.state, fetcher.data, toast, t, revalidator]);

  return (
    <div className="flex items-start gap-4 py-6">
      <Switch.Root
        id={switchId}
        checked={optimistic}
        disabled={pending}
        onCheckedChange={(checked) =>
          fetcher.submit(
            { intent: "maintenance", enabled: checked ? "on" : "off" },
            { method: "post" },
          )
        }
        className="relative mt-1 h-6 w-11 shrink-0 rounded-full bg-neutral-300 transition-colors data-[state=checked]:bg-warning-600 dark:bg-neutral-700"
      >
        <Switch.Thumb className="block size-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[1.375rem]" />
      </Switch.Root>
      <div>
        <label htmlFor={switchId} className="font-medium">
          {t`Maintenance mode`}
        </label>
        <p className="text-sm text-neutral-600 dark:text-neutral-400">
          {t`While it is on, visitors see a "work in progress" page instead of the site. The admin area stays reachable.`}
        </p>
      </div>
    </div>
  );
}
