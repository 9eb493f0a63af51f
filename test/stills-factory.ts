import { env } from "cloudflare:workers";
import type { StillFacts } from "#protocol/still-facts.ts";
import {
  encodeStillForm,
  STILL_TAKEN_AT_HEADER,
  type StillFile,
  type StillVersion,
  stillFiles,
} from "#protocol/still-upload.ts";
import type { ZoomFile } from "#protocol/tile-sheet.ts";
import { jpegStill, uploadStill } from "./box.ts";

export type StillRow = {
  id: string;
  slot: number;
  day: string;
  taken_at: number;
  file_key: string;
  thumbnail_key: string | null;
  small_key: string | null;
  medium_key: string | null;
  card_key: string | null;
  large_key: string | null;
  tiles_key: string | null;
  zoom: string | null;
  weather: string | null;
  best_of: number;
  colour: number | null;
  public_id: string | null;
};

export async function stillRows(): Promise<StillRow[]> {
  const { results } = await env.DB.prepare("select * from stills order by slot").all<StillRow>();
  return results;
}

export async function storedKeys(prefix = "stills/"): Promise<string[]> {
  const listed = await env.MEDIA.list({ prefix });
  return listed.objects.map((object) => object.key).sort();
}

let variant = 0;

/** The smaller versions and the card of a 1920×1080 still, as the box makes them. */
export const stillVersionsOf1080p = (bytes: number) => ({
  thumbnail: jpegStill({ width: 640, height: 360, bytes }),
  small: jpegStill({ width: 960, height: 540, bytes: Math.round(1.5 * bytes) }),
  medium: jpegStill({ width: 1280, height: 720, bytes: 2 * bytes }),
  card: jpegStill({ width: 1200, height: 630, bytes: 2 * bytes }),
});

/** The versions a box sent before the small one. */
export const previousBoxVersions: StillVersion[] = ["thumbnail", "medium"];
/** The versions a box sent before the share card. */
export const boxBeforeCards: StillFile[] = ["thumbnail", "small", "medium"];

/** A still taken at `takenAt` with its versions (and a proposal's zoom), through the real signed route; each unique. */
export async function sendStill(
  takenAt: number,
  sent = stillFiles,
  facts?: StillFacts,
  zoom: Partial<Record<ZoomFile, Uint8Array<ArrayBuffer>>> = {},
) {
  variant += 1;
  const body = jpegStill({ width: 1920, height: 1080, bytes: 8192 + variant });
  const all = stillVersionsOf1080p(2048 + variant);
  const versions: Partial<Record<StillFile, Uint8Array<ArrayBuffer>>> = Object.fromEntries(
    sent.map((version) => [version, all[version]]),
  );
  const form = await encodeStillForm(body, { ...versions, ...zoom }, facts);
  const response = await uploadStill(form.bytes, {
    "Content-Type": form.contentType,
    [STILL_TAKEN_AT_HEADER]: new Date(takenAt).toISOString(),
  });
  return { response, body, versions };
}

export const rowKeys = (rows: StillRow[]) =>
  rows
    .flatMap((row) => [
      row.file_key,
      row.thumbnail_key,
      row.small_key,
      row.medium_key,
      row.card_key,
      row.large_key,
      row.tiles_key,
    ])
    .filter((key) => key !== null);
