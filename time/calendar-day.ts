// Calendar days as "YYYY-MM-DD", shared by the site and the camera box (ingest/). A day ± 24
// hours is another date on the days the clocks change; a date ± n days never is.
// No imports: Node 24, workerd and the browser run this file as it is.

export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}
