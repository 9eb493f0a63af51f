// catalog: admin

import { useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { useLocale } from "#app/components/ui/localized-link.tsx";
import {
  ADVISED_KEYFRAME_SECONDS,
  type CameraOverview,
  HOT_CELSIUS,
  SKEW_WARNING_SECONDS,
  WARM_CELSIUS,
} from "#app/features/camera/camera-overview.ts";
import { formatAge, formatNumber } from "#app/lib/format.ts";
import { Warning } from "./warning.tsx";

type Row = { label: string; value: ReactNode; warning?: string | null };

export function HealthTable({ overview, now }: { overview: CameraOverview; now: number }) {
  const { t } = useLingui();
  const locale = useLocale();
  const health = overview.health;
  const notReported = t`not reported by this box`;
  const age = (iso: string | null) =>
    iso === null ? t`none yet` : formatAge(locale, now - Date.parse(iso));
  const gigabytes = (mebibytes: number) =>
    formatNumber(locale, mebibytes / 1024, {
      style: "unit",
      unit: "gigabyte",
      maximumFractionDigits: 1,
    });

  const uptime = (seconds: number) => {
    const hours = seconds / 3600;
    const [value, unit] =
      hours < 48 ? [Math.floor(hours), "hour"] : [Math.floor(hours / 24), "day"];
    return formatNumber(locale, value, { style: "unit", unit, unitDisplay: "long" });
  };

  if (!health) {
    return (
      <section aria-labelledby="health-title">
        <h3 id="health-title" className="text-lg font-semibold">{t`Health of the camera box`}</h3>
        <p className="mt-2 text-sm">
          {overview.protocol === 1
            ? t`This box sends no health reports: update its software.`
            : t`The box has sent no health report yet.`}
        </p>
      </section>
    );
  }

  const { report, skewSeconds } = health;
  const { disk, power, camera, restarts24h } = report;
  const rows: Row[] = [
    {
      label: t`Camera`,
      value: camera.answering ? t`answers the box` : t`does not answer the box`,
      warning: camera.answering ? null : t`Check the camera's power and network cable.`,
    },
    {
      label: t`Keyframes`,
      value:
        camera.keyframeSeconds === null
          ? notReported
          : t`one every ${formatNumber(locale, camera.keyframeSeconds)} s`,
      warning:
        camera.keyframeSeconds !== null && camera.keyframeSeconds > ADVISED_KEYFRAME_SECONDS
          ? t`The live view starts slowly: set the camera's I-frame interval to 50 (one keyframe every 2 s).`
          : null,
    },
    {
      label: t`Free space`,
      value: t`${gigabytes(disk.freeMiB)} of ${gigabytes(disk.totalMiB)}`,
      warning: disk.capturePaused
        ? t`Capture for the time-lapse is paused until there is room; stills and the live view go on.`
        : disk.freeMiB < 2 * disk.minFreeMiB
          ? t`The card is nearly full: delete old films from the box or put in a larger card.`
          : null,
    },
    {
      label: t`Temperature`,
      value:
        report.cpuTempC === null
          ? notReported
          : formatNumber(locale, report.cpuTempC, {
              style: "unit",
              unit: "celsius",
              maximumFractionDigits: 0,
            }),
      warning:
        report.cpuTempC === null
          ? null
          : report.cpuTempC >= HOT_CELSIUS
            ? t`Too hot: the box slows itself down. Give it shade and air.`
            : report.cpuTempC >= WARM_CELSIUS
              ? t`Warm: keep an eye on it on sunny days.`
              : null,
    },
    {
      label: t`Power`,
      value:
        power === null
          ? notReported
          : power.underVoltage
            ? t`under-voltage now`
            : power.underVoltageOccurred
              ? t`under-voltage since it started`
              : t`fine`,
      warning:
        power?.underVoltage || power?.underVoltageOccurred
          ? t`Use the official power supply and a short, thick cable: under-voltage corrupts memory cards.`
          : power?.throttled
            ? t`The box slows itself down right now (heat or power).`
            : null,
    },
    {
      label: t`Clock`,
      value:
        report.clockSynced === null
          ? notReported
          : report.clockSynced
            ? t`synchronised`
            : t`not synchronised`,
      warning:
        Math.abs(skewSeconds) > SKEW_WARNING_SECONDS
          ? t`The box's clock is ${formatNumber(locale, Math.round(Math.abs(skewSeconds) / 60))} minutes off: the site refuses requests more than 5 minutes off.`
          : report.clockSynced === false
            ? t`Its stills may carry the wrong time: check the box's network time (NTP).`
            : null,
    },
    {
      label: t`Restarts in 24 hours`,
      value: t`camera connection ${restarts24h.camera}, capture ${restarts24h.capture}, live view ${restarts24h.live}`,
    },
    { label: t`Last frame captured`, value: age(report.lastFrameAt) },
    {
      label: t`Stills waiting to upload`,
      value: formatNumber(locale, report.stillsWaiting),
      warning:
        report.stillsWaiting > 0
          ? t`The box cannot reach the site; it sends them when it can.`
          : null,
    },
    {
      label: t`Software`,
      value: t`${report.software}, running for ${uptime(report.uptimeSeconds)}`,
    },
  ];

  return (
    <section aria-labelledby="health-title">
      <h3 id="health-title" className="text-lg font-semibold">{t`Health of the camera box`}</h3>
      <p className="mt-1 text-sm text-neutral-700 dark:text-neutral-300">
        {t`Last report ${formatAge(locale, now - health.receivedAt)}.`}
      </p>
      <div className="mt-3 overflow-x-auto">
        <table className="w-full text-left text-sm">
          <thead className="sr-only">
            <tr>
              <th scope="col">{t`Figure`}</th>
              <th scope="col">{t`Reading`}</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-neutral-200 dark:divide-neutral-800">
            {rows.map((row) => (
              <tr key={row.label} className="align-top">
                <th scope="row" className="w-1/3 py-2 pr-4 font-medium">
                  {row.label}
                </th>
                <td className="py-2">
                  {row.value}
                  {row.warning && <Warning>{row.warning}</Warning>}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
