import { useLingui } from "@lingui/react/macro";
import { useEffect } from "react";
import { data, useRevalidator } from "react-router";
import { adminSession, ownerSession, unauthorized } from "#app/.server/auth/route-session.ts";
import { alertSwitchesForm } from "#app/.server/camera/alert-switches-form.ts";
import { readCameraPage } from "#app/.server/camera/camera-page.ts";
import { requestScope } from "#app/.server/context.ts";
import { readForm } from "#app/.server/http/read-form.ts";
import { setAlertSwitches } from "#app/.server/settings.ts";
import { AlertSwitchesForm } from "#app/components/camera/alert-switches-form.tsx";
import { CameraEvents } from "#app/components/camera/camera-events.tsx";
import { CameraStatus } from "#app/components/camera/camera-status.tsx";
import { DirectoryLinks } from "#app/components/camera/directory-links.tsx";
import { HealthTable } from "#app/components/camera/health-table.tsx";
import { MINUTE_MS } from "#time/durations.ts";
import type { Route } from "./+types/camera";

export async function loader({ request, context }: Route.LoaderArgs) {
  ownerSession({ request, context });
  return readCameraPage(context.get(requestScope), Date.now());
}

// Four checkboxes: anything bigger is not this page's form.
const MAX_FORM_BYTES = 1024;

export async function action({ request, context }: Route.ActionArgs) {
  if (!adminSession(context)) return unauthorized();
  const form = await readForm(request, alertSwitchesForm, MAX_FORM_BYTES);
  if (!form.ok) return data({ error: "invalid" as const }, { status: form.status });
  const { intent: _, ...switches } = form.data;
  await setAlertSwitches(context.get(requestScope).db, switches);
  return { saved: true as const };
}

/** Fresh figures while the owner looks: the box reports every few minutes. */
function useRefreshWhileVisible() {
  const { revalidate, state } = useRevalidator();
  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState === "visible" && state === "idle") void revalidate();
    }, MINUTE_MS);
    return () => clearInterval(timer);
  }, [revalidate, state]);
}

export default function Camera({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useLingui();
  useRefreshWhileVisible();
  const { overview, now } = loaderData;
  return (
    <section aria-labelledby="camera-title" className="space-y-8 py-6">
      <h2 id="camera-title" className="text-xl font-semibold">
        {t`Camera`}
      </h2>
      <CameraStatus page={loaderData} />
      <HealthTable overview={overview} now={now} />
      <CameraEvents events={overview.events} />
      <DirectoryLinks />
      <AlertSwitchesForm
        switches={loaderData.switches}
        ownerLocale={loaderData.ownerLocale}
        offlineAlertMinutes={loaderData.offlineAlertMinutes}
        answer={actionData}
      />
    </section>
  );
}
