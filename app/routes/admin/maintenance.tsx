import { data, redirect } from "react-router";
import { z } from "zod";
import { adminSession, ownerSession, unauthorized } from "#app/.server/auth/route-session.ts";
import { endAllSessions, endedSessionCookie } from "#app/.server/auth/session.ts";
import { requestScope } from "#app/.server/context.ts";
import { readForm } from "#app/.server/http/read-form.ts";
import { readSettings, setMaintenance } from "#app/.server/settings.ts";
import { LogOutEverywhere } from "#app/components/admin/log-out-everywhere.tsx";
import { MaintenanceSwitch } from "#app/components/admin/maintenance-switch.tsx";
import { SouthWaterTemperature } from "#app/components/weather/south-water-temperature.tsx";
import { localizePath } from "#app/i18n/locales.ts";
import type { Route } from "./+types/maintenance";

export async function loader({ request, context }: Route.LoaderArgs) {
  ownerSession({ request, context });
  const { maintenance } = await readSettings(context.get(requestScope).db);
  return { maintenance };
}

const maintenanceForm = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("maintenance"), enabled: z.enum(["on", "off"]) }),
  z.object({ intent: z.literal("logout-everywhere") }),
]);
// A switch or a button: anything bigger is not one of this page's forms.
const MAX_FORM_BYTES = 1024;

export async function action({ request, context }: Route.ActionArgs) {
  if (!adminSession(context)) return unauthorized();
  const scope = context.get(requestScope);
  const form = await readForm(request, maintenanceForm, MAX_FORM_BYTES);
  if (!form.ok) return data({ error: "invalid" as const }, { status: form.status });
  switch (form.data.intent) {
    case "maintenance":
      return setMaintenance(scope.db, form.data.enabled === "on");
    case "logout-everywhere":
      await endAllSessions(scope.db);
      return redirect(localizePath("/admin/login", scope.locale), {
        headers: { "Set-Cookie": endedSessionCookie },
      });
  }
}

export default function Maintenance({ loaderData }: Route.ComponentProps) {
  return (
    <section className="divide-y divide-neutral-200 dark:divide-neutral-800">
      <MaintenanceSwitch maintenance={loaderData.maintenance} />
      <SouthWaterTemperature />
      <LogOutEverywhere />
    </section>
  );
}
