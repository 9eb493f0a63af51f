import { z } from "zod";
import type { Config } from "#app/.server/env.ts";
import { fromLakeTime } from "#time/lake-time.ts";
import { fetchUpstreamText, parseUpstream, type Upstream, UpstreamError } from "./upstream.ts";

// APPA's Riva probe is only a Google Sheets chart's script: one JS-escaped row, day first, Italian wall clock.
const rowsSchema = z
  .array(z.object({ c: z.array(z.object({ v: z.unknown() }).nullable()) }))
  .min(1)
  .transform((rows) => rows[0]?.c.map((cell) => cell?.v) ?? [])
  .pipe(
    z.tuple(
      [
        z
          .string()
          .regex(/^\s*-?\d{1,2}(?:[.,]\d+)?\s*°\s*C\s*$/)
          .transform((value) => Number.parseFloat(value.replace(",", ".")))
          .pipe(z.number().min(-1).max(40)),
        z
          .string()
          .regex(/^\d{1,2}\/\d{1,2}\/\d{4} \d{1,2}:\d{2}(?::\d{2})?$/)
          .transform((value) => {
            const [day, month, year, hour, minute, second] = value.split(/[/ :]/).map(Number);
            return fromLakeTime(
              Date.UTC(year ?? 0, (month ?? 1) - 1, day ?? 1, hour ?? 0, minute ?? 0, second ?? 0),
            );
          }),
      ],
      z.unknown(),
    ),
  );

export async function fetchNorthWaterTemperature(
  config: Config,
  upstream: Upstream,
): Promise<{ measuredAt: Date; data: { celsius: number } }> {
  const html = await fetchUpstreamText("appa-trento", upstream, new URL(config.APPA_TRENTO_URL));
  const rows = extractJsonArray(unescapeJs(html), '"rows":');
  if (rows === undefined) throw new UpstreamError("appa-trento: no data table in the page");
  const [celsius, measuredAt] = parseUpstream("appa-trento", rowsSchema, rows);
  return { measuredAt, data: { celsius } };
}

function unescapeJs(text: string): string {
  return text
    .replace(/\\x([0-9a-fA-F]{2})/g, (_, hex: string) =>
      String.fromCharCode(Number.parseInt(hex, 16)),
    )
    .replace(/\\u([0-9a-fA-F]{4})/g, (_, hex: string) =>
      String.fromCharCode(Number.parseInt(hex, 16)),
    )
    .replace(/\\\//g, "/");
}

function extractJsonArray(text: string, key: string): unknown {
  const start = text.indexOf("[", text.indexOf(key) + key.length);
  if (text.indexOf(key) < 0 || start < 0) return undefined;
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const char = text[i];
    if (inString) {
      if (char === "\\") i++;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === "[") depth++;
    else if (char === "]" && --depth === 0) {
      try {
        return JSON.parse(text.slice(start, i + 1));
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}
