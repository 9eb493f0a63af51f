import { z } from "zod";
import type { Config } from "#app/.server/env.ts";
import { lakeTime } from "./parse-lake-time.ts";
import { fetchUpstreamJson, parseUpstream, type Upstream, UpstreamError } from "./upstream.ts";

/** The map widget on laghi.net's lake page; this configuration lists the five large lakes. */
const WIDGET_CONFIG = "370";
/** Series 3 is the level ("Livello"); the others are in- and outflow and filling. */
const LEVEL_SERIES = 3;

const numeric = z.union([
  z.number(),
  z
    .string()
    .regex(/^-?\d+(?:[.,]\d+)?$/)
    .transform((value) => Number(value.replace(",", "."))),
]);

const widgetSchema = z.object({
  success: z.literal(true),
  // Lakes are checked one by one below, so an odd entry for another lake does no harm.
  data: z.array(z.unknown()),
});

const lakeSchema = z.object({
  tooltip_config: z.object({
    titolo: z.string(),
    series: z.array(z.object({ id: z.number() })),
  }),
  tooltip_data: z.array(
    z.object({
      anagrafica_serie: z.object({ UnMis: z.string() }),
      data_serie: z.array(z.object({ data: lakeTime, val: numeric })),
    }),
  ),
});

/** Centimetres above the hydrometric zero at Peschiera del Garda, published about once a day. */
export async function fetchLakeLevel(
  config: Config,
  upstream: Upstream,
): Promise<{ measuredAt: Date; data: { cm: number } }> {
  const widget = await fetchUpstreamJson(
    "laghi.net",
    upstream,
    widgetSchema,
    new URL(config.LAGHI_NET_URL),
    { method: "POST", body: new URLSearchParams({ config: WIDGET_CONFIG }) },
  );
  const wanted = config.LAGHI_NET_LAKE.toLowerCase();
  const entry = widget.data.find((item) =>
    z
      .object({ tooltip_config: z.object({ titolo: z.string() }) })
      .safeParse(item)
      .data?.tooltip_config.titolo.toLowerCase()
      .includes(wanted),
  );
  if (!entry) throw new UpstreamError(`laghi.net: no lake named "${config.LAGHI_NET_LAKE}"`);
  const lake = parseUpstream("laghi.net", lakeSchema, entry);

  const index = lake.tooltip_config.series.findIndex((series) => series.id === LEVEL_SERIES);
  const level = lake.tooltip_data[index];
  if (!level) throw new UpstreamError("laghi.net: the lake has no level series");
  if (level.anagrafica_serie.UnMis.trim().toLowerCase() !== "cm") {
    throw new UpstreamError(`laghi.net: level in "${level.anagrafica_serie.UnMis}", not cm`);
  }
  const latest = level.data_serie.reduce<(typeof level.data_serie)[number] | undefined>(
    (newest, point) => (!newest || point.data > newest.data ? point : newest),
    undefined,
  );
  // Garda has stayed within about -50 and +250 cm since records began: anything else is garbage.
  if (!latest || latest.val < -100 || latest.val > 300) {
    throw new UpstreamError(`laghi.net: implausible level ${latest?.val}`);
  }
  return { measuredAt: latest.data, data: { cm: latest.val } };
}
