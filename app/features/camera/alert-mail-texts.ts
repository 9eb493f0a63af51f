// catalog: admin
import type { I18n } from "@lingui/core";
import { t } from "@lingui/core/macro";
import type { Locale } from "#app/i18n/locales.ts";
import { formatDateTime, formatDay, formatNumber } from "#app/lib/format.ts";
import type { FilmState, HealthReport } from "#protocol/camera-box.ts";
import type { AlertKind } from "./alert-switches.ts";
import type { OfflineReason } from "./camera-overview.ts";

/** What a camera mail says; nothing personal and no secret. */
export type AlertMailFacts = {
  kind: AlertKind;
  now: number;
  outageSince: number | null;
  why: OfflineReason | null;
  newestStillAt: number | null;
  timelapseDay: string;
  timelapseState: FilmState | null;
  health: HealthReport | null;
  cameraPageUrl: string;
  newestStillUrl: string | null;
};

function offlineWhy(i18n: I18n, why: OfflineReason | null): string {
  switch (why) {
    case "camera":
      return t(i18n)`The box is connected, but the camera does not answer it.`;
    case "contested":
      return t(i18n)`Two boxes with the same key keep taking the connection from each other.`;
    default:
      return t(i18n)`The camera box is not connected to the site.`;
  }
}

function timelapseWhy(i18n: I18n, state: FilmState | null): string {
  switch (state) {
    case "rendered":
      return t(i18n)`The box rendered it but could not upload it yet.`;
    case "failed":
      return t(i18n)`The box could not render it: its log says why.`;
    case "no_frames":
      return t(i18n)`The box captured no frames that day.`;
    default:
      return t(i18n)`The box did not report on that night: it may have been offline.`;
  }
}

export function alertMailText(
  i18n: I18n,
  locale: Locale,
  facts: AlertMailFacts,
): { subject: string; body: string[] } {
  const since = facts.outageSince === null ? "" : formatDateTime(locale, facts.outageSince);
  const still =
    facts.newestStillAt === null
      ? t(i18n)`There is no still in the archive yet.`
      : t(i18n)`The newest still is from ${formatDateTime(locale, facts.newestStillAt)}.`;
  const look = t(i18n)`The camera page in the admin: ${facts.cameraPageUrl}`;
  const report = facts.health;
  switch (facts.kind) {
    case "offline":
    case "reminder":
      return {
        subject:
          facts.kind === "offline"
            ? t(i18n)`The camera is offline`
            : t(i18n)`The camera is still offline`,
        body: [
          t(i18n)`The camera has been offline since ${since}.`,
          offlineWhy(i18n, facts.why),
          still,
          look,
        ],
      };
    case "online":
      return {
        subject: t(i18n)`The camera is back online`,
        body: [
          t(i18n)`The camera is back online; it was offline from ${since}.`,
          facts.newestStillUrl
            ? t(i18n)`The newest still: ${facts.newestStillUrl}`
            : t(i18n)`There is no still in the archive yet.`,
          look,
        ],
      };
    case "timelapse": {
      const day = formatDay(locale, facts.timelapseDay);
      return {
        subject: t(i18n)`No time-lapse of ${day}`,
        body: [
          t(i18n)`At 07:00 the time-lapse of ${day} was not in the gallery.`,
          timelapseWhy(i18n, facts.timelapseState),
          look,
        ],
      };
    }
    case "power":
      return {
        subject: t(i18n)`The camera box is short of power`,
        body: [
          report?.power?.underVoltage
            ? t(i18n)`The camera box reports under-voltage right now.`
            : t(i18n)`The camera box had under-voltage since it last started.`,
          t(
            i18n,
          )`Use the official power supply and a short, thick cable: under-voltage corrupts memory cards.`,
          look,
        ],
      };
    case "heat": {
      const temperature =
        report?.cpuTempC == null
          ? ""
          : formatNumber(locale, report.cpuTempC, {
              style: "unit",
              unit: "celsius",
              maximumFractionDigits: 0,
            });
      return {
        subject: t(i18n)`The camera box is overheating`,
        body: [
          temperature
            ? t(i18n)`The camera box is at ${temperature} and slows itself down.`
            : t(i18n)`The camera box slows itself down.`,
          t(i18n)`Give it shade and air, or a case with a heat sink.`,
          look,
        ],
      };
    }
    case "card": {
      const free = formatNumber(locale, (report?.disk.freeMiB ?? 0) / 1024, {
        style: "unit",
        unit: "gigabyte",
        maximumFractionDigits: 1,
      });
      return {
        subject: t(i18n)`The camera box's card is nearly full`,
        body: [
          t(
            i18n,
          )`Only ${free} are free: the box has paused capturing frames for the time-lapse. Stills and the live view go on.`,
          t(i18n)`Delete old films from the box, or put in a larger card.`,
          look,
        ],
      };
    }
  }
}
