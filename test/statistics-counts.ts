import { env } from "cloudflare:workers";
import { utcDay } from "#app/.server/pseudonyms/visitor-id.ts";

/** Today's counters as "dimension value" → count. */
export async function todaysCounts(): Promise<Record<string, number>> {
  const { results } = await env.DB.prepare(
    "select dimension, value, count from analytics_counts where day = ?",
  )
    .bind(utcDay())
    .all<{ dimension: string; value: string; count: number }>();
  return Object.fromEntries(results.map((r) => [`${r.dimension} ${r.value}`.trim(), r.count]));
}

export async function forgetStatistics(): Promise<void> {
  await env.DB.batch([
    env.DB.prepare("delete from analytics_counts"),
    env.DB.prepare("delete from network_days"),
    env.DB.prepare("delete from analytics_referrer_networks"),
  ]);
}
