import { describe, expect, test } from "vitest";
import { type AlertKind, allAlertsOn } from "#app/features/camera/alert-switches.ts";
import type { Presence } from "#app/features/camera/camera-overview.ts";
import type { HealthReport } from "#protocol/camera-box.ts";
import { healthReport } from "#test/support/health-report.ts";
import { HOUR_MS, MINUTE_MS } from "#time/durations.ts";
import { atLakeTime } from "#time/lake-time.ts";
import {
  type AlertFacts,
  type AlertMemory,
  decideAlerts,
  markSent,
  noAlertsYet,
} from "./camera-alerts.ts";

const START = atLakeTime("2026-07-10", "10:00").getTime();
const OFFLINE_AFTER_MS = 20 * MINUTE_MS;

type Sent = { kind: AlertKind; minute: number };

/**
 * Minute by minute from 10:00 lake time: `down(minute)` says whether the camera is offline.
 * The box sends a still every ten minutes while online; last night's film is missing.
 */
function simulate(
  minutes: number,
  down: (minute: number) => boolean,
  facts: Partial<AlertFacts> = {},
) {
  let memory: AlertMemory = noAlertsYet;
  let presence: Presence = { online: true, since: START - HOUR_MS };
  let newestStillAt: number | null = START;
  const sent: Sent[] = [];
  for (let minute = 0; minute <= minutes; minute++) {
    const now = START + minute * MINUTE_MS;
    const online = !down(minute);
    if (online !== presence.online) {
      presence = online ? { online, since: now } : { online, since: now, why: "no_box" };
    }
    if (online && minute % 10 === 0) newestStillAt = now;
    const decision = decideAlerts(
      memory,
      {
        presence,
        newestStillAt,
        health: null,
        timelapseArrived: false,
        switches: allAlertsOn,
        offlineAfterMs: OFFLINE_AFTER_MS,
        ...facts,
      },
      now,
    );
    memory = decision.memory;
    for (const kind of decision.mails) {
      sent.push({ kind, minute });
      memory = markSent(memory, kind, now);
    }
  }
  return sent;
}

const at = (hours: number) => hours * 60;

describe("outages", () => {
  test("a camera that drops for five minutes and returns sends nothing", () => {
    expect(simulate(at(2), (m) => m >= 30 && m < 35, { timelapseArrived: true })).toEqual([]);
  });

  test("a 24-hour outage with one 5-minute flap sends two mails: offline, then back online", () => {
    const down = (m: number) => m >= 10 && m < at(24) + 10 && !(m >= at(8) && m < at(8) + 5);
    expect(simulate(at(26), down)).toEqual([
      { kind: "offline", minute: 10 + 20 },
      { kind: "online", minute: at(24) + 10 + 10 },
    ]);
  });

  test("an outage still open a day after its mail brings a reminder", () => {
    const sent = simulate(at(27), (m) => m >= 10 && m < at(25) + 10);
    expect(sent.map((mail) => mail.kind)).toEqual(["offline", "reminder", "online"]);
    expect(sent[1]?.minute).toBe(30 + at(24));
  });

  test("no offline mail while stills still arrive", () => {
    // The control connection is gone, the stills come on their own connection.
    expect(
      simulate(at(2), (m) => m >= 10, { newestStillAt: START + at(2) * MINUTE_MS }).length,
    ).toBe(0);
  });

  test("a camera flapping all day, 25 minutes down and 5 up, sends at most four mails", () => {
    const sent = simulate(at(24), (m) => m % 30 < 25, { timelapseArrived: true });
    expect(sent.length).toBeLessThanOrEqual(4);
    expect(sent[0]?.kind).toBe("offline");
  });

  test("a second outage within six hours of the first's mail is not mailed once it is over", () => {
    const down = (m: number) => (m >= 10 && m < 60) || (m >= at(2) && m < at(2) + 40);
    expect(simulate(at(4), down, { timelapseArrived: true }).map((mail) => mail.kind)).toEqual([
      "offline",
      "online",
    ]);
  });

  test("switched off, an outage sends nothing", () => {
    const switches = { ...allAlertsOn, offline: false };
    expect(
      simulate(at(3), (m) => m >= 10 && m < at(2), { switches, timelapseArrived: true }),
    ).toEqual([]);
  });

  test("switched off after its mail, an outage sends no reminder and wakes nothing in the past", () => {
    const facts: AlertFacts = {
      presence: { online: false, since: START, why: "no_box" },
      newestStillAt: START,
      health: null,
      timelapseArrived: true,
      switches: allAlertsOn,
      offlineAfterMs: OFFLINE_AFTER_MS,
    };
    const mailedAt = START + OFFLINE_AFTER_MS;
    const first = decideAlerts(noAlertsYet, facts, mailedAt);
    expect(first.mails).toEqual(["offline"]);
    const memory = markSent(first.memory, "offline", mailedAt);

    const now = mailedAt + 25 * HOUR_MS;
    const later = decideAlerts(
      memory,
      { ...facts, switches: { ...allAlertsOn, offline: false } },
      now,
    );
    expect(later.mails).toEqual([]);
    // A past wake-up is an alarm the object's runtime would rerun at once, for ever.
    expect(later.wakeAt ?? Number.POSITIVE_INFINITY).toBeGreaterThan(now);
  });
});

describe("the night's time-lapse", () => {
  test("missing at 07:00 sends one mail that day", () => {
    const sent = simulate(at(24), () => false);
    expect(sent).toEqual([{ kind: "timelapse", minute: at(21) }]);
  });

  test("there: nothing", () => {
    expect(simulate(at(24), () => false, { timelapseArrived: true })).toEqual([]);
  });
});

const report = (changes: Partial<HealthReport> = {}) => healthReport(changes, START);

describe("health", () => {
  const online: Presence = { online: true, since: START - HOUR_MS };
  const decide = (
    memory: AlertMemory,
    latest: HealthReport,
    previous: HealthReport | null,
    now: number,
  ) =>
    decideAlerts(
      memory,
      {
        presence: online,
        newestStillAt: now,
        health: { latest, previous, arrived: true },
        timelapseArrived: true,
        switches: allAlertsOn,
        offlineAfterMs: OFFLINE_AFTER_MS,
      },
      now,
    );
  const power = {
    underVoltage: true,
    throttled: false,
    underVoltageOccurred: true,
    throttledOccurred: false,
  };

  test("under-voltage mails at once, then at most once in six hours while it lasts", () => {
    const first = decide(noAlertsYet, report({ power }), report(), START);
    expect(first.mails).toEqual(["power"]);
    const memory = markSent(first.memory, "power", START);
    expect(decide(memory, report({ power }), report({ power }), START + HOUR_MS).mails).toEqual([]);
    const later = START + 6 * HOUR_MS;
    expect(decide(memory, report({ power }), report({ power }), later).mails).toEqual(["power"]);
  });

  test("heat needs two hot reports in a row; a full card two paused ones", () => {
    const hot = report({ cpuTempC: 82 });
    expect(decide(noAlertsYet, hot, report(), START).mails).toEqual([]);
    expect(decide(noAlertsYet, hot, hot, START).mails).toEqual(["heat"]);
    const full = report({ disk: { ...report().disk, capturePaused: true } });
    expect(decide(noAlertsYet, full, report(), START).mails).toEqual([]);
    expect(decide(noAlertsYet, full, full, START).mails).toEqual(["card"]);
  });

  test("a mail that could not be sent is due again", () => {
    const first = decide(noAlertsYet, report({ power }), report(), START);
    expect(first.mails).toEqual(["power"]);
    const again = decideAlerts(
      first.memory,
      {
        presence: online,
        newestStillAt: START,
        health: { latest: report({ power }), previous: report(), arrived: false },
        timelapseArrived: true,
        switches: allAlertsOn,
        offlineAfterMs: OFFLINE_AFTER_MS,
      },
      START + 10 * MINUTE_MS,
    );
    expect(again.mails).toEqual(["power"]);
  });
});
