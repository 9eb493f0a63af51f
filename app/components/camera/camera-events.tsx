// catalog: admin

import { useLingui } from "@lingui/react/macro";
import { useLocale } from "#app/components/ui/localized-link.tsx";
import type { AlertKind } from "#app/features/camera/alert-switches.ts";
import type { CameraEvent, CameraEventKind } from "#app/features/camera/camera-overview.ts";
import { formatDateTime } from "#app/lib/format.ts";

export function CameraEvents({ events }: { events: CameraEvent[] }) {
  const { t } = useLingui();
  const locale = useLocale();
  const kinds: Record<CameraEventKind, string> = {
    connected: t`The box connected`,
    disconnected: t`The box's connection ended`,
    camera_lost: t`The camera stopped answering the box`,
    camera_back: t`The camera answers the box again`,
    contested: t`Two boxes took the connection from each other`,
    refused: t`The site refused a report of the box`,
    under_voltage: t`Under-voltage`,
    throttled: t`The box slowed itself down`,
    hot: t`The box got too hot`,
    clock_unsynced: t`The box's clock lost its time signal`,
    clock_skew: t`The box's clock is off`,
    alert_sent: t`Alert mail sent`,
    alert_failed: t`An alert mail could not be sent`,
    camera_gap: t`The camera was gone`,
    restart: t`A camera program restarted`,
    capture_paused: t`Capture paused`,
    capture_resumed: t`Capture resumed`,
    spool_dropped: t`Waiting stills were dropped`,
  };
  const alerts: Record<AlertKind, string> = {
    offline: t`camera offline`,
    reminder: t`still offline`,
    online: t`back online`,
    timelapse: t`no time-lapse`,
    power: t`power`,
    heat: t`heat`,
    card: t`card nearly full`,
  };
  const detailOf = (event: CameraEvent) =>
    event.kind === "alert_sent" || event.kind === "alert_failed"
      ? (alerts[event.detail as AlertKind] ?? event.detail)
      : event.detail;

  return (
    <section aria-labelledby="events-title">
      <h3 id="events-title" className="text-lg font-semibold">{t`Recent events`}</h3>
      {events.length === 0 ? (
        <p className="mt-2 text-sm">{t`Nothing has happened yet.`}</p>
      ) : (
        <ol className="mt-2 divide-y divide-neutral-200 text-sm dark:divide-neutral-800">
          {events.map((event) => {
            const detail = detailOf(event);
            return (
              <li key={event.id} className="flex flex-wrap gap-x-3 py-2">
                <time
                  dateTime={new Date(event.at).toISOString()}
                  className="tabular-nums text-neutral-700 dark:text-neutral-300"
                >
                  {formatDateTime(locale, event.at)}
                </time>
                <span>
                  {kinds[event.kind] ?? event.kind}
                  {detail ? `: ${detail}` : ""}
                </span>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
