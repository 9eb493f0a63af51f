import { useLingui } from "@lingui/react/macro";
import { Switch, Tabs } from "radix-ui";
import { useEffect, useId, useRef } from "react";
import { data, Form, redirect, useFetcher } from "react-router";
import { z } from "zod";
import {
  clearAdminSessionCookie,
  createAdminSessionCookie,
  isAdminPassword,
  isAdminRequest,
} from "~/.server/auth/admin-session";
import { clientNetwork } from "~/.server/client-address";
import { requestScope } from "~/.server/context";
import { readSettings, setMaintenance } from "~/.server/settings";
import { PageMeta } from "~/components/page-meta";
import { useToast } from "~/components/ui/toaster";
import { localizePath } from "~/i18n/locales";
import LockIcon from "~icons/heroicons/lock-closed";
import type { Route } from "./+types/admin";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { config, db } = context.get(requestScope);
  if (!(await isAdminRequest(request, config))) return { authenticated: false as const };
  const settings = await readSettings(db);
  return { authenticated: true as const, maintenance: settings.maintenance };
}

const adminAction = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("login"), password: z.string().min(1).max(256) }),
  z.object({ intent: z.literal("logout") }),
  z.object({ intent: z.literal("maintenance"), enabled: z.enum(["on", "off"]) }),
]);

export type AdminActionError = "invalid" | "incorrect_password" | "rate_limited" | "unauthorized";

const fail = (error: AdminActionError, status: number) => data({ error }, { status });

export async function action({ request, context }: Route.ActionArgs) {
  const { config, db, env, locale } = context.get(requestScope);
  const form = adminAction.safeParse(Object.fromEntries(await request.formData()));
  if (!form.success) return fail("invalid", 400);
  const here = localizePath("/admin", locale);

  switch (form.data.intent) {
    case "login": {
      const key = `admin-login:${clientNetwork(request)}`;
      const { success } = await env.LOGIN_RATE_LIMIT.limit({ key });
      if (!success) return fail("rate_limited", 429);
      if (!(await isAdminPassword(config, form.data.password)))
        return fail("incorrect_password", 401);
      return redirect(here, { headers: { "Set-Cookie": await createAdminSessionCookie(config) } });
    }
    case "logout":
      return redirect(here, { headers: { "Set-Cookie": clearAdminSessionCookie() } });
    case "maintenance": {
      if (!(await isAdminRequest(request, config))) return fail("unauthorized", 401);
      return setMaintenance(db, form.data.enabled === "on");
    }
  }
}

export default function Admin({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useLingui();
  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <PageMeta title={t`Admin`} />
      <meta name="robots" content="noindex" />
      {loaderData.authenticated ? (
        <Dashboard maintenance={loaderData.maintenance} />
      ) : (
        <Login error={actionData && "error" in actionData ? actionData.error : undefined} />
      )}
    </div>
  );
}

function Login({ error }: { error?: AdminActionError }) {
  const { t } = useLingui();
  const passwordId = useId();
  const errorId = useId();
  const message =
    error === "incorrect_password"
      ? t`Incorrect password`
      : error === "rate_limited"
        ? t`Too many attempts. Please wait a minute and try again.`
        : undefined;
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
      <button
        type="submit"
        name="intent"
        value="login"
        className="mt-4 w-full rounded-md bg-primary-700 px-4 py-2 font-medium text-white hover:bg-primary-800"
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
          <button
            type="submit"
            name="intent"
            value="logout"
            className="rounded-md border border-neutral-300 px-4 py-2 text-sm font-medium hover:bg-neutral-100 dark:border-neutral-700 dark:hover:bg-neutral-800"
          >
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
            className="border-b-2 border-transparent px-4 py-2 font-medium data-[state=active]:border-primary-700 data-[state=active]:text-primary-800 dark:data-[state=active]:text-primary-300"
          >
            {t`Maintenance`}
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="maintenance" className="py-6">
          <MaintenanceSwitch maintenance={maintenance} />
        </Tabs.Content>
      </Tabs.Root>
    </>
  );
}

function MaintenanceSwitch({ maintenance }: { maintenance: boolean }) {
  const { t } = useLingui();
  const toast = useToast();
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
    } else {
      toast({ variant: "error", title: t`Failed to toggle maintenance mode` });
    }
  }, [fetcher.state, fetcher.data, toast, t]);

  return (
    <div className="flex items-start gap-4">
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
