import {
  type AlertKind,
  type AlertSwitches,
  switchOf,
} from "#app/features/camera/alert-switches.ts";
import { HOT_CELSIUS, type Presence } from "#app/features/camera/camera-overview.ts";
import type { HealthReport } from "#protocol/camera-box.ts";
import { addDays } from "#time/calendar-day.ts";
import { DAY_MS, HOUR_MS, MINUTE_MS } from "#time/durations.ts";
import { atLakeTime, lakeDate } from "#time/lake-time.ts";

const MAIL_GAP_MS = 6 * HOUR_MS;
/** A camera back for less than this is still in the same outage (a flap sends nothing). */
const ONLINE_SETTLE_MS = 10 * MINUTE_MS;
const REMINDER_MS = DAY_MS;
const TIMELAPSE_DUE = "07:00";

type Outage = {
  since: number;
  mailedAt: number | null;
  remindedAt: number | null;
  onlineSince: number | null;
};

export type AlertMemory = {
  outage: Outage | null;
  lastSent: Partial<Record<AlertKind, number>>;
  /** Mails waiting for their kind's 6-hour gap; each goes only if its cause still holds. */
  due: AlertKind[];
  timelapseCheckedDay: string | null;
};

export const noAlertsYet: AlertMemory = {
  outage: null,
  lastSent: {},
  due: [],
  timelapseCheckedDay: null,
};

export type AlertFacts = {
  presence: Presence;
  newestStillAt: number | null;
  health: { latest: HealthReport; previous: HealthReport | null; arrived: boolean } | null;
  timelapseArrived: boolean;
  switches: AlertSwitches;
  offlineAfterMs: number;
};

export type AlertDecision = {
  mails: AlertKind[];
  memory: AlertMemory;
  wakeAt: number | null;
};

// Building a time zone's format is slow; a day's 07:00 never changes.
const timelapseDueAtOf = new Map<string, number>();
function timelapseDueAt(day: string): number {
  let at = timelapseDueAtOf.get(day);
  if (at === undefined) {
    at = atLakeTime(day, TIMELAPSE_DUE).getTime();
    timelapseDueAtOf.set(day, at);
  }
  return at;
}

type Health = NonNullable<AlertFacts["health"]>;
const hot = (report: HealthReport | null) => (report?.cpuTempC ?? 0) >= HOT_CELSIUS;

function triggered({ latest, previous }: Health): AlertKind[] {
  const kinds: AlertKind[] = [];
  const power = latest.power;
  if (
    power?.underVoltage ||
    (power?.underVoltageOccurred && !previous?.power?.underVoltageOccurred)
  ) {
    kinds.push("power");
  }
  if ((hot(latest) && hot(previous)) || power?.throttled) kinds.push("heat");
  if (latest.disk.capturePaused && previous?.disk.capturePaused) kinds.push("card");
  return kinds;
}

function holds(kind: AlertKind, facts: AlertFacts): boolean {
  const latest = facts.health?.latest;
  switch (kind) {
    case "power":
      return Boolean(latest?.power?.underVoltage || latest?.power?.underVoltageOccurred);
    case "heat":
      return hot(latest ?? null) || Boolean(latest?.power?.throttled);
    case "card":
      return Boolean(latest?.disk.capturePaused);
    case "timelapse":
      return !facts.timelapseArrived;
    default:
      return false;
  }
}

function followOutage(outage: Outage | null, presence: Presence, now: number): Outage | null {
  if (!presence.online) {
    return outage
      ? { ...outage, onlineSince: null }
      : { since: presence.since ?? now, mailedAt: null, remindedAt: null, onlineSince: null };
  }
  if (!outage) return null;
  return { ...outage, onlineSince: outage.onlineSince ?? presence.since };
}

/** Which camera mails are due at `now`; the rules and their reasons are ADR 033's. */
export function decideAlerts(memory: AlertMemory, facts: AlertFacts, now: number): AlertDecision {
  const { presence, switches } = facts;
  if (presence.since === null) return { mails: [], memory, wakeAt: null };
  const mails: AlertKind[] = [];
  const wakes: number[] = [];
  const lastSent = (kind: AlertKind) => memory.lastSent[kind] ?? Number.NEGATIVE_INFINITY;
  const outage = followOutage(memory.outage, presence, now);
  let next: AlertMemory = { ...memory, outage };

  if (outage && !presence.online) {
    if (outage.mailedAt === null) {
      const stillQuietSince = Math.max(outage.since, facts.newestStillAt ?? 0);
      const dueAt = Math.max(
        stillQuietSince + facts.offlineAfterMs,
        lastSent("offline") + MAIL_GAP_MS,
      );
      if (switches.offline && now >= dueAt) mails.push("offline");
      else if (switches.offline) wakes.push(dueAt);
    } else {
      const dueAt = (outage.remindedAt ?? outage.mailedAt) + REMINDER_MS;
      if (switches.offline && now >= dueAt) mails.push("reminder");
      else if (switches.offline) wakes.push(dueAt);
    }
  }
  if (outage?.onlineSince != null) {
    const endsAt = outage.onlineSince + ONLINE_SETTLE_MS;
    if (now < endsAt) wakes.push(endsAt);
    else if (outage.mailedAt !== null && switches.offline) mails.push("online");
    else next = { ...next, outage: null };
  }

  // One cause, one mail: while an outage has been mailed, the rest stays quiet.
  const quiet = next.outage?.mailedAt != null;
  let due = quiet ? [] : [...memory.due];
  const today = lakeDate(now);
  const dueToday = timelapseDueAt(today);
  if (now >= dueToday && memory.timelapseCheckedDay !== today) {
    next = { ...next, timelapseCheckedDay: today };
    // The first decision ever only starts counting days.
    const checkedBefore = memory.timelapseCheckedDay !== null;
    if (checkedBefore && !quiet && !facts.timelapseArrived) due.push("timelapse");
  }
  wakes.push(now >= dueToday ? timelapseDueAt(addDays(today, 1)) : dueToday);
  if (!quiet && presence.online && facts.health?.arrived) due.push(...triggered(facts.health));

  due = [...new Set(due)].filter((kind) => switches[switchOf[kind]] && holds(kind, facts));
  for (const kind of due) {
    const allowedAt = lastSent(kind) + MAIL_GAP_MS;
    if (now >= allowedAt) mails.push(kind);
    else wakes.push(allowedAt);
  }
  next = { ...next, due };
  return { mails, memory: next, wakeAt: wakes.length > 0 ? Math.min(...wakes) : null };
}

/** What a mail that went out changes. One that failed changes nothing: it is due again. */
export function markSent(memory: AlertMemory, kind: AlertKind, now: number): AlertMemory {
  const lastSent = { ...memory.lastSent, [kind]: now };
  const outage = memory.outage;
  if (kind === "offline" && outage)
    return { ...memory, lastSent, outage: { ...outage, mailedAt: now } };
  if (kind === "reminder" && outage)
    return { ...memory, lastSent, outage: { ...outage, remindedAt: now } };
  if (kind === "online") return { ...memory, lastSent, outage: null };
  return { ...memory, lastSent, due: memory.due.filter((waiting) => waiting !== kind) };
}
