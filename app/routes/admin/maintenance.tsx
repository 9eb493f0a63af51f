import { data, redirect } from "react-router";
import { z } from "zod";
import { adminSession, ownerSession, unauthorized } from "#app/.server/auth/route-session.ts";
import { endAllSessions, endedSessionCookie } from "#app/.server/auth/session.ts";
import { requestScope } from "#app/.server/context.ts";
import { readForm } from "#app/.server/http/read-form.ts";
import { readSettings, setMaintenance } from "#app/.server/settings.ts";
import { saveSouthReading, southReadingForm } from "#app/.server/weather/south-reading.ts";
import { LogOutEverywhere } from "#app/components/admin/log-out-everywhere.tsx";
import { MaintenanceSwitch } from "#app/components/admin/maintenance-switch.tsx";
import { SouthWaterTemperature } from "#app/components/weather/south-water-temperature.tsx";
import { localizePath } from "#app/i18n/locales.ts";
import { lakeWallClock } from "#time/lake-time.ts";
import type { Route } from "./+types/maintenance";

export async function loader({ request, context }: Route.LoaderArgs) {
  ownerSession({ request, context });
  const { maintenance } = await readSettings(context.get(requestScope).db);
  return { maintenance, now: lakeWallClock(Date.now()).slice(0, 16) };
}

const maintenanceForm = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("maintenance"), enabled: z.enum(["on", "off"]) }),
  z.object({ intent: z.literal("logout-everywhere") }),
  southReadingForm.extend({ intent: z.literal("south-water-temperature") }),
]);
const MAX_FORM_BYTES = 1024;

export async function action({ request, context }: Route.ActionArgs) {
  if (!adminSession(context)) return unauthorized();
  const scope = context.get(requestScope);
  const form = await readForm(request, maintenanceForm, MAX_FORM_BYTES);
  if (!form.ok) return data({ error: "invalid" as const }, { status: form.status });
  switch (form.data.intent) {
    case "maintenance":
      return setMaintenance(scope.db, form.data.enabled === "on");
    case "south-water-temperature": {
      const southReading = await saveSouthReading(scope.db, form.data);
      return data({ southReading }, { status: southReading === "saved" ? 200 : 400 });
    }
    case "logout-everywhere":
      await endAllSessions(scope.db);
      return redirect(localizePath("/admin/login", scope.locale), {
        headers: { "Set-Cookie": endedSessionCookie },
      });
  }
}

export default function Maintenance({ loaderData, actionData }: Route.ComponentProps) {
  // The switch reads its own answers (a fetcher); the page's are the south reading's.
  const southOutcome =
    actionData && "southReading" in actionData
      ? actionData.southReading
      : actionData && "error" in actionData
        ? actionData.error
        : undefined;
  return (
    <section className="divide-y divide-neutral-200 dark:divide-neutral-800">
      <MaintenanceSwitch maintenance={loaderData.maintenance} />
      <SouthWaterTemperature now={loaderData.now} outcome={southOutcome} />
      <LogOutEverywhere />
    </section>
  );
}
