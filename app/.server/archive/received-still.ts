import { isShareCard, type JpegFrame, jpegFrame } from "#app/.server/files/jpeg.ts";
import { MAX_STILL_BYTES } from "#protocol/camera-box.ts";
import { SHARE_CARD } from "#protocol/share-card.ts";
import { type StillFacts, stillFactsSchema } from "#protocol/still-facts.ts";
import {
  LATER_STILL_VERSIONS,
  MAX_STILL_FACTS_BYTES,
  MAX_STILL_VERSION_BYTES,
  STILL_CARD,
  STILL_FACTS_PART,
  STILL_PART,
  STILL_VERSIONS,
  type StillVersion,
  stillFiles,
  stillVersions,
} from "#protocol/still-upload.ts";
import { STILL_LARGE, STILL_TILES, type TileSheetIndex, zoomFiles } from "#protocol/tile-sheet.ts";
import { checkStill } from "./still-check.ts";
import type { StoredFile } from "./still-keys.ts";
import { readZoom, zoomRule } from "./still-zoom.ts";

export type StillUpload = {
  bytes: Uint8Array;
  frame: JpegFrame;
  /** The versions the box sent: none from a box before them, no later ones from one before those. */
  versions: Partial<Record<StoredFile, Uint8Array>>;
  zoom: TileSheetIndex | null;
  colour: number | null;
  proposal: StillFacts["proposal"] | null;
};

type StillRefusal = { status: 400 | 413 | 415 | 422; code: string; message: string };

const refuse = (status: StillRefusal["status"], code: string, message: string) =>
  ({ ok: false, refusal: { status, code, message } }) as const;

/** A version's width: the still's own when it is narrower (ffmpeg never scales up here). */
export const versionWidth = (version: StillVersion, stillWidth: number) =>
  Math.min(STILL_VERSIONS[version], stillWidth);

/** Every form has these files; an older box's lacks the later versions. */
const requiredParts = [
  STILL_PART,
  ...stillFiles.filter((version) => !LATER_STILL_VERSIONS.includes(version)),
];
const badForm = `A still's form has the files ${requiredParts.join(", ")} (and ${LATER_STILL_VERSIONS.join(", ")} from a box that makes it)`;

/** The form's files by name and its facts; null when it is no form, or lacks a file every form has. */
async function formParts(contentType: string, body: Uint8Array) {
  try {
    const form = await new Response(body.slice(), {
      headers: { "Content-Type": contentType },
    }).formData();
    const parts = new Map<string, Uint8Array>();
    for (const name of [STILL_PART, ...stillFiles, ...zoomFiles]) {
      const part = form.get(name);
      if (part === null && !requiredParts.includes(name)) continue;
      if (!(part instanceof File)) return null;
      parts.set(name, new Uint8Array(await part.arrayBuffer()));
    }
    const facts = form.get(STILL_FACTS_PART);
    return { parts, facts: facts instanceof File ? await facts.text() : facts };
  } catch {
    return null;
  }
}

const noFacts = { ok: true, colour: null, proposal: null, tiles: undefined } as const;

function readFacts(facts: string | null) {
  if (facts === null) return noFacts;
  let json: unknown;
  try {
    if (facts.length > MAX_STILL_FACTS_BYTES) throw new Error("too long");
    json = JSON.parse(facts);
  } catch {
    return refuse(
      422,
      "invalid_facts",
      `${STILL_FACTS_PART}: must be JSON of at most ${MAX_STILL_FACTS_BYTES} bytes`,
    );
  }
  const parsed = stillFactsSchema.safeParse(json);
  if (!parsed.success) {
    const [issue] = parsed.error.issues;
    const field = [STILL_FACTS_PART, ...(issue?.path ?? [])].join(".");
    return refuse(422, "invalid_facts", `${field}: ${issue?.message ?? "is invalid"}`);
  }
  const { colour, proposal = null, tiles } = parsed.data;
  return { ok: true, colour: Number.parseInt(colour.slice(1), 16), proposal, tiles } as const;
}

/** The still made smaller, in its proportions (ffmpeg rounds the height to an even number). */
function isVersionOf(version: StillVersion, bytes: Uint8Array, still: JpegFrame): boolean {
  const frame = jpegFrame(bytes);
  if (!frame || bytes.length > MAX_STILL_VERSION_BYTES[version]) return false;
  const width = versionWidth(version, still.width);
  const height = (still.height * width) / still.width;
  return frame.width === width && Math.abs(frame.height - height) <= 1;
}

/** One JPEG, or the form of protocol/still-upload.ts; each version sent must be the still made smaller. */
export async function readStillUpload(
  contentType: string | undefined,
  body: Uint8Array,
): Promise<{ ok: true; upload: StillUpload } | ReturnType<typeof refuse>> {
  let bytes = body;
  let parts: Map<string, Uint8Array> | null = null;
  let facts: Extract<ReturnType<typeof readFacts>, { ok: true }> = noFacts;
  if (contentType?.toLowerCase().startsWith("multipart/form-data")) {
    const form = await formParts(contentType, body);
    if (!form) return refuse(400, "bad_form", badForm);
    ({ parts } = form);
    bytes = parts.get(STILL_PART) ?? bytes;
    const read = readFacts(form.facts);
    if (!read.ok) return read;
    facts = read;
  }
  if (bytes.length > MAX_STILL_BYTES) {
    return refuse(413, "too_large", `Stills are at most ${MAX_STILL_BYTES} bytes`);
  }
  const still = checkStill(bytes);
  if (!still.ok && still.code === "not_jpeg") {
    return refuse(415, "not_jpeg", "Stills must be one whole JPEG");
  }
  if (!still.ok) {
    return refuse(
      422,
      "implausible_still",
      "Stills must be 320×180 to 4096×4096 pixels, 1 kB or more",
    );
  }
  const { frame } = still;
  const versions: StillUpload["versions"] = {};
  const card = parts?.get(STILL_CARD);
  if (card) {
    if (!isShareCard(card)) {
      return refuse(
        422,
        "implausible_version",
        `The card must be one JPEG of ${SHARE_CARD.width}×${SHARE_CARD.height} pixels, at most ${SHARE_CARD.maxBytes} bytes`,
      );
    }
    versions.card = card;
  }
  for (const version of stillVersions) {
    const part = parts?.get(version);
    if (!part) continue;
    if (!isVersionOf(version, part, frame)) {
      return refuse(
        422,
        "implausible_version",
        `The ${version} must be one JPEG of at most ${MAX_STILL_VERSION_BYTES[version]} bytes, the still made ${STILL_VERSIONS[version]} px wide (or as wide as the still, if narrower)`,
      );
    }
    versions[version] = part;
  }
  const { colour, proposal, tiles } = facts;
  const zoom = readZoom(frame, tiles, parts?.get(STILL_LARGE), parts?.get(STILL_TILES));
  if (zoom === false || (zoom && !proposal)) return refuse(422, "implausible_tiles", zoomRule);
  if (zoom) {
    versions.large = zoom.large;
    versions.tiles = zoom.tiles;
  }
  return {
    ok: true,
    upload: { bytes, frame, versions, colour, proposal, zoom: zoom ? zoom.index : null },
  };
}
