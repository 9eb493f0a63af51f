import { type Patch, patchedSlice, readMovie } from "#app/features/uploads/movie-boxes.ts";
import {
  CONTENT_TYPES,
  classifyFile,
  MAX_BYTES,
  PART_SIZE,
  partCount,
  partLength,
  type UploadKind,
} from "#app/features/uploads/upload-limits.ts";
import {
  completedUpload,
  type OpenUpload,
  openUpload,
  openUploads,
} from "#app/features/uploads/uploads-api.ts";
import { type Contract, type Refused, readAnswer, readRefusal } from "#app/lib/read-answer.ts";
import type { TileSheetIndex } from "#protocol/tile-sheet.ts";
import { makeImageVersions } from "./image-versions.ts";
import { placeholderPoster, videoFrame } from "./video-poster.ts";

const API = "/api/admin/uploads";
const PARALLEL_PARTS = 3; // fills a home uplink, few enough for a phone
const PART_ATTEMPTS = 4;

// Refused again if sent again; `refused`: a code newer than this tab.
type Refusal = "wrong_type" | "too_large" | "not_media" | "not_whole" | "location_data" | "refused";
export type FailReason = Refusal | "failed";

export class UploadError extends Error {
  constructor(readonly reason: FailReason) {
    super(reason);
  }
}

const refusalCodes: Partial<Record<string, Refusal>> = {
  unsupported_content: "not_media",
  not_whole: "not_whole",
  location_data: "location_data",
};
function failReason({ status, code }: Refused): FailReason {
  if (status === 413) return "too_large";
  if (status !== 422) return "failed";
  return (code && refusalCodes[code]) || "refused";
}

export const failReasonOf = async (response: Response) => failReason(await readRefusal(response));

type Prepared = {
  kind: UploadKind;
  preview: Blob;
  versions: { web?: Blob; medium?: Blob; small?: Blob; thumbnail: Blob; card?: Blob; tiles?: Blob };
  measured: {
    width: number;
    height: number;
    durationSeconds?: number;
    takenAt: number;
    zoom?: TileSheetIndex;
  };
  patches: Patch[];
  locationRemoved: boolean;
  mayNotPlay: boolean;
};

export type Events = {
  onPrepared(prepared: Prepared): void;
  onProgress(sent: number): void;
  onUploadId(id: string, resumed: boolean): void;
};

/** The answer as `contract` reads it; a refusal is thrown as the file's fail reason. */
async function send<T>(
  path: string,
  init: RequestInit,
  signal: AbortSignal,
  contract: Contract<T>,
) {
  const response = await fetch(`${API}${path}`, { ...init, signal, credentials: "same-origin" });
  const answer = await readAnswer(response, contract);
  if (!answer.ok) throw new UploadError(failReason(answer));
  return answer.value;
}

const jsonBody = (method: string, body: unknown): RequestInit => ({
  method,
  body: JSON.stringify(body),
  headers: { "Content-Type": "application/json" },
});

export async function listOpenUploads(signal: AbortSignal): Promise<OpenUpload[]> {
  return (await send("", {}, signal, openUploads)).uploads;
}

async function prepare(file: File, kind: UploadKind): Promise<Prepared> {
  if (kind === "photo") {
    const versions = await makeImageVersions(file).catch(() => {
      throw new UploadError("not_media");
    });
    const { web, medium, small, thumbnail, card, tiles, width, height, takenAt } = versions;
    const measured = { width, height, takenAt, ...(tiles ? { zoom: tiles.index } : {}) };
    return {
      kind,
      preview: thumbnail,
      versions: {
        web,
        medium,
        small,
        thumbnail,
        ...(card ? { card } : {}),
        ...(tiles ? { tiles: tiles.sheet } : {}),
      },
      measured,
      patches: [],
      locationRemoved: false,
      mayNotPlay: false,
    };
  }
  const movie = await readMovie(file);
  const frame = await videoFrame(file);
  const width = frame?.width ?? movie.width;
  const height = frame?.height ?? movie.height;
  const durationSeconds = frame?.durationSeconds ?? movie.durationSeconds;
  if (!width || !height || !durationSeconds) throw new UploadError("not_media");
  const poster = frame?.poster ?? (await placeholderPoster(width, height));
  return {
    kind,
    preview: poster,
    versions: { thumbnail: poster, ...(frame?.card ? { card: frame.card } : {}) },
    measured: { width, height, durationSeconds, takenAt: movie.createdAt ?? file.lastModified },
    patches: movie.patches,
    locationRemoved: movie.patches.length > 0,
    mayNotPlay: frame === null,
  };
}

// XHR: fetch does not report upload progress.
function putWithProgress(
  url: string,
  body: Blob,
  signal: AbortSignal,
  onLoaded: (n: number) => void,
) {
  return new Promise<void>((resolve, reject) => {
    const request = new XMLHttpRequest();
    const abort = () => request.abort();
    request.open("PUT", url);
    request.upload.onprogress = (event) => onLoaded(event.loaded);
    request.onload = () => {
      signal.removeEventListener("abort", abort);
      if (request.status >= 200 && request.status < 300) resolve();
      else reject(new UploadError(request.status === 413 ? "too_large" : "failed"));
    };
    request.onerror = () => reject(new UploadError("failed"));
    request.onabort = () => reject(signal.reason ?? new DOMException("aborted", "AbortError"));
    signal.addEventListener("abort", abort, { once: true });
    request.send(body);
  });
}

const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((done, failed) => {
    const timer = setTimeout(done, ms);
    signal.addEventListener("abort", () => {
      clearTimeout(timer);
      failed(signal.reason);
    });
  });

async function sendParts(
  file: File,
  upload: OpenUpload,
  patches: Patch[],
  signal: AbortSignal,
  onProgress: (sent: number) => void,
) {
  const count = partCount(file.size);
  const sizeOf = (n: number) => partLength(file.size, n);
  const done = new Set(upload.doneParts);
  const inFlight = new Map<number, number>();
  let sent = [...done].reduce((sum, n) => sum + sizeOf(n), 0);
  const report = () => onProgress(sent + [...inFlight.values()].reduce((a, b) => a + b, 0));
  report();
  const queue = Array.from({ length: count }, (_, i) => i + 1).filter((n) => !done.has(n));

  async function sendPart(n: number) {
    const start = (n - 1) * PART_SIZE;
    const body = patchedSlice(file, start, start + sizeOf(n), patches);
    for (let attempt = 1; ; attempt++) {
      try {
        await putWithProgress(`${API}/${upload.id}/parts/${n}`, body, signal, (loaded) => {
          inFlight.set(n, loaded);
          report();
        });
        inFlight.delete(n);
        sent += sizeOf(n);
        report();
        return;
      } catch (error) {
        inFlight.delete(n);
        report();
        if (signal.aborted || attempt >= PART_ATTEMPTS) throw error;
        await pause(1000 * 2 ** (attempt - 1), signal);
      }
    }
  }

  const worker = async () => {
    for (let n = queue.shift(); n !== undefined; n = queue.shift()) await sendPart(n);
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL_PARTS, queue.length) }, worker));
}

export async function uploadFile(file: File, signal: AbortSignal, events: Events): Promise<string> {
  const type = classifyFile(file.name);
  if (!type) throw new UploadError("wrong_type");
  if (file.size > MAX_BYTES[type.kind]) throw new UploadError("too_large");
  const contentType = (CONTENT_TYPES[type.kind] as readonly string[]).includes(file.type)
    ? file.type
    : type.contentType;
  const prepared = await prepare(file, type.kind);
  events.onPrepared(prepared);

  const open = (await listOpenUploads(signal)).find(
    (u) =>
      u.kind === type.kind &&
      u.fileName === file.name &&
      u.byteSize === file.size &&
      u.lastModified === file.lastModified,
  );
  const upload =
    open ??
    (await send(
      "",
      jsonBody("POST", {
        kind: type.kind,
        fileName: file.name,
        byteSize: file.size,
        contentType,
        lastModified: file.lastModified,
      }),
      signal,
      openUpload,
    ));
  events.onUploadId(upload.id, open !== undefined);

  await sendParts(file, upload, prepared.patches, signal, events.onProgress);
  for (const [version, blob] of Object.entries(prepared.versions)) {
    const init = { method: "PUT", body: await blob.arrayBuffer(), signal };
    const response = await fetch(`${API}/${upload.id}/${version}`, init);
    if (!response.ok) throw new UploadError(await failReasonOf(response));
  }
  const measured = jsonBody("POST", prepared.measured);
  return (await send(`/${upload.id}/complete`, measured, signal, completedUpload)).id;
}

export async function abortUpload(id: string): Promise<void> {
  await fetch(`${API}/${id}`, { method: "DELETE", credentials: "same-origin" });
}
