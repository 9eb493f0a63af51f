import { useLingui } from "@lingui/react/macro";
import { data, Form, Outlet, redirect } from "react-router";
import { z } from "zod";
import {
  adminSession,
  adminSessionMiddleware,
  ownerOnlyMiddleware,
  ownerSession,
  unauthorized,
} from "#app/.server/auth/route-session.ts";
import { endedSessionCookie, endSession } from "#app/.server/auth/session.ts";
import { requestScope } from "#app/.server/context.ts";
import { mediaTotals } from "#app/.server/gallery/media-totals.ts";
import { readForm } from "#app/.server/http/read-form.ts";
import { rememberOwnerLocale } from "#app/.server/settings.ts";
import { DashboardTabs } from "#app/components/admin/dashboard-tabs.tsx";
import { secondaryButton } from "#app/components/admin/styles.ts";
import { Totals } from "#app/components/admin/totals.tsx";
import { PageMeta } from "#app/components/shell/page-meta.tsx";
import { LocalizedNavLink } from "#app/components/ui/localized-link.tsx";
import { localizePath } from "#app/i18n/locales.ts";
import type { Route } from "./+types/layout";

// Every admin page, its data and its forms are the owner's alone (ADR 010).
export const middleware: Route.MiddlewareFunction[] = [adminSessionMiddleware, ownerOnlyMiddleware];

export function headers({ parentHeaders }: Route.HeadersArgs) {
  parentHeaders.set("Cache-Control", "private, no-store");
  return parentHeaders;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  ownerSession({ request, context });
  const { db, locale } = context.get(requestScope);
  const [totals] = await Promise.all([mediaTotals(db), rememberOwnerLocale(db, locale)]);
  return { totals };
}

const logoutForm = z.object({ intent: z.literal("logout") });

export async function action({ request, context }: Route.ActionArgs) {
  const session = adminSession(context);
  if (!session) return unauthorized();
  const scope = context.get(requestScope);
  const form = await readForm(request, logoutForm, 1024);
  if (!form.ok) return data({ error: "invalid" as const }, { status: form.status });
  await endSession(scope.db, session);
  return redirect(localizePath("/admin/login", scope.locale), {
    headers: { "Set-Cookie": endedSessionCookie },
  });
}

const pageLink = ({ isActive }: { isActive: boolean }) =>
  `inline-flex min-h-11 items-center font-medium text-primary-800 dark:text-primary-300 ${
    isActive ? "border-b-2 border-primary-700" : "underline hover:no-underline"
  }`;

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const { t } = useLingui();
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <PageMeta title={t`Admin`} noindex />
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold tracking-tight">{t`Admin dashboard`}</h1>
        <Form method="post">
          <button type="submit" name="intent" value="logout" className={secondaryButton}>
            {t`Log out`}
          </button>
        </Form>
      </div>
      <Totals totals={loaderData.totals} />
      <div className="mt-3 flex flex-wrap gap-x-6">
        <LocalizedNavLink to="/admin/statistics" className={pageLink}>
          {t`Visitor statistics`}
        </LocalizedNavLink>
        <LocalizedNavLink to="/admin/camera" className={pageLink}>
          {t`Camera`}
        </LocalizedNavLink>
      </div>
      <DashboardTabs />
      <Outlet />
    </div>
  );
}
