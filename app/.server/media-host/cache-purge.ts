import { asc } from "drizzle-orm";
import type { WorkerScope } from "#app/.server/context.ts";
import { inList } from "#app/.server/db/in-list.ts";
import { cachePurges } from "#app/.server/db/schema.ts";

/** The purge API takes at most 100 URLs a call. */
const URLS_PER_CALL = 100;
/** Free plan: 5 calls a minute; a backlog goes over the next cron runs. */
const CALLS_PER_RUN = 3;
/** Rows a statement binds (2 each, D1's limit is 100). */
const ROWS_PER_INSERT = 40;

// 429 and 5xx pass (Free: 5 calls a minute); anything else (a wrong token) needs the owner.
const logRefusal = (status: number, text: string) =>
  (status === 429 || status >= 500 ? console.warn : console.error)("cache purge:", status, text);

type PurgeScope = Pick<WorkerScope, "db" | "config">;

/** Queues the URLs' purge; without a media host nothing is cached, so nothing is queued. */
export async function queuePurges({ db, config }: PurgeScope, urls: string[]): Promise<void> {
  if (!config.MEDIA_BASE_URL || urls.length === 0) return;
  const queuedAt = new Date();
  const inserts = [];
  for (let start = 0; start < urls.length; start += ROWS_PER_INSERT) {
    const values = urls.slice(start, start + ROWS_PER_INSERT).map((url) => ({ url, queuedAt }));
    inserts.push(db.insert(cachePurges).values(values).onConflictDoNothing());
  }
  const [first, ...rest] = inserts;
  if (first) await db.batch([first, ...rest]);
}

/** Sends queued purges, oldest first; a row goes only once Cloudflare has taken its URL. */
export async function sendQueuedPurges({ db, config }: PurgeScope): Promise<void> {
  const token = config.CLOUDFLARE_PURGE_TOKEN;
  if (!config.MEDIA_BASE_URL || !token) return;
  const endpoint = `${config.CLOUDFLARE_API_URL}/zones/${config.CLOUDFLARE_ZONE_ID}/purge_cache`;
  for (let call = 0; call < CALLS_PER_RUN; call++) {
    const rows = await db
      .select({ url: cachePurges.url })
      .from(cachePurges)
      .orderBy(asc(cachePurges.queuedAt))
      .limit(URLS_PER_CALL);
    if (rows.length === 0) return;
    const files = rows.map((row) => row.url);
    const response = await fetch(endpoint, {
      method: "POST",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
      body: JSON.stringify({ files }),
      signal: AbortSignal.timeout(config.UPSTREAM_TIMEOUT_MS),
    }).catch((error: unknown) => {
      console.error("cache purge: not sent", error);
      return null;
    });
    if (!response?.ok) {
      if (response) logRefusal(response.status, await response.text());
      return;
    }
    await response.body?.cancel();
    await db.delete(cachePurges).where(inList(cachePurges.url, files));
  }
}
