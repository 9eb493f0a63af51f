// Calendar days as the lake sees them: "YYYY-MM-DD" in the camera's time zone, whatever zone
// the box's own clock is set to.

/** The day (in `timeZone`) that `instant` falls on. */
export function dayOf(instant: Date, timeZone: string): string {
  // en-CA formats dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat("en-CA", { timeZone }).format(instant);
}

function offsetMs(instant: Date, timeZone: string): number {
  const name = new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "longOffset" })
    .formatToParts(instant)
    .find((part) => part.type === "timeZoneName")?.value;
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name ?? "");
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return (match[1] === "-" ? -1 : 1) * minutes * 60_000;
}

/** The instant the clocks in `timeZone` show `time` ("HH:MM[:SS]") on `day`. */
export function atLocalTime(day: string, time: string, timeZone: string): Date {
  const asUtc = Date.parse(`${day}T${time.length === 5 ? `${time}:00` : time}Z`);
  // Twice: the first guess may sit on the other side of a DST change.
  const guess = asUtc - offsetMs(new Date(asUtc), timeZone);
  return new Date(asUtc - offsetMs(new Date(guess), timeZone));
}

/** "HHMMSS" on the clocks of `timeZone`: how captured frames are named. */
export function clockOf(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat("en-GB", {
    timeZone,
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    hourCycle: "h23",
  })
    .format(instant)
    .replaceAll(":", "");
}
