import type { CameraEvent, CameraEventKind } from "#app/features/camera/camera-overview.ts";
import { DAY_MS } from "#time/durations.ts";

// The camera's history stays small: the Camera page shows the newest, nobody digs deeper.
const KEPT_EVENTS = 500;
const KEPT_MS = 30 * DAY_MS;

export const EVENTS_TABLE = `CREATE TABLE IF NOT EXISTS events (id INTEGER PRIMARY KEY, at INTEGER NOT NULL, kind TEXT NOT NULL, detail TEXT);
  CREATE INDEX IF NOT EXISTS events_at ON events (at);`;

export function recordEvent(
  sql: SqlStorage,
  kind: CameraEventKind,
  detail: string | null,
  at: number,
) {
  sql.exec("INSERT INTO events (at, kind, detail) VALUES (?, ?, ?)", at, kind, detail);
  sql.exec(
    `DELETE FROM events WHERE at < ? OR id <= (SELECT id FROM events ORDER BY id DESC LIMIT 1 OFFSET ?)`,
    Date.now() - KEPT_MS,
    KEPT_EVENTS,
  );
}

export function newestEvents(sql: SqlStorage, limit: number): CameraEvent[] {
  return sql
    .exec<CameraEvent>(
      "SELECT id, at, kind, detail FROM events ORDER BY at DESC, id DESC LIMIT ?",
      limit,
    )
    .toArray();
}
