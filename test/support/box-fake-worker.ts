// The Worker's side of the time-lapse and still protocol as the box sees it at its network
// boundary: for the box's tests and for trying `timelapse --demo` without the site. Signatures
// are checked with the shared code; the real Worker is proven by the browser journeys.
import { createHash, randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { bodyMatches, DEVICE_HEADERS, verifySignature } from "#protocol/device-signature.ts";
import { type StillFacts, stillFactsSchema } from "#protocol/still-facts.ts";
import {
  STILL_FACTS_PART,
  STILL_PART,
  STILL_TAKEN_AT_HEADER,
  type StillFile,
  stillFiles,
} from "#protocol/still-upload.ts";
import { type ZoomFile, zoomFiles } from "#protocol/tile-sheet.ts";
import {
  TIMELAPSE_PATHS,
  timelapseFactsSchema,
  timelapseStartSchema,
} from "#protocol/timelapse-upload.ts";

type Upload = {
  id: string;
  day: string;
  byteSize: number;
  sha256: string;
  parts: Map<number, Buffer>;
  poster?: Buffer;
  card?: Buffer;
};
type Registered = { id: string; film: Buffer; poster: Buffer; card: Buffer | null; facts: unknown };

export type FakeWorker = {
  url: string;
  requests: string[];
  films: Map<string, Registered>;
  /** The still's bytes, and its smaller versions' and card's when the box sent the form. */
  stills: {
    takenAt: string;
    still: Buffer;
    versions: (Record<StillFile, Buffer> & Partial<Record<ZoomFile, Buffer>>) | null;
    /** Only when the box sent them. */
    facts?: StillFacts;
  }[];
  /** The next `times` requests whose "METHOD path" matches answer `status`. */
  fail: (pattern: RegExp, status: number, times?: number) => void;
  close: () => Promise<void>;
};

export async function startFakeWorker(options: {
  deviceId: string;
  secret: string;
  partSize: number;
}): Promise<FakeWorker> {
  const uploads = new Map<string, Upload>();
  const films = new Map<string, Registered>();
  const stills: FakeWorker["stills"] = [];
  const requests: string[] = [];
  const seen = new Set<string>();
  const failures: { pattern: RegExp; status: number; times: number }[] = [];

  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(body));
  };
  const refuse = (res: ServerResponse, status: number, code: string) =>
    json(res, status, { error: { code, message: code } });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const path = new URL(req.url ?? "/", "http://x").pathname;
    const line = `${req.method} ${path}`;
    requests.push(line);
    const header = (name: string) => (req.headers[name.toLowerCase()] as string) ?? null;
    const claimed = {
      deviceId: header(DEVICE_HEADERS.device),
      timestamp: header(DEVICE_HEADERS.timestamp),
      signature: header(DEVICE_HEADERS.signature),
      contentSha256: header(DEVICE_HEADERS.contentSha256),
    };
    const check = await verifySignature(
      { deviceId: options.deviceId, secret: options.secret, now: Date.now() },
      claimed,
      { method: req.method ?? "", path },
    );
    if (!check.ok) return refuse(res, 401, check.code);
    if (!(await bodyMatches(claimed, new Uint8Array(body)))) {
      return refuse(res, 401, "bad_signature");
    }
    // Like the Worker, each signature is good for one request only.
    const signature = String(req.headers[DEVICE_HEADERS.signature.toLowerCase()]);
    if (seen.has(signature)) return refuse(res, 401, "replayed");
    seen.add(signature);
    const failure = failures.find((f) => f.times > 0 && f.pattern.test(line));
    if (failure) {
      failure.times -= 1;
      return refuse(res, failure.status, "injected");
    }

    if (line.startsWith("PUT /api/ingest/segments/")) return json(res, 201, { ok: true });
    if (line === `PUT /api/ingest/still`) {
      const takenAt = String(req.headers[STILL_TAKEN_AT_HEADER.toLowerCase()]);
      const type = String(req.headers["content-type"]);
      if (!type.startsWith("multipart/form-data")) {
        stills.push({ takenAt, still: body, versions: null });
        return json(res, 201, { ok: true });
      }
      const form = await new Response(body, { headers: { "Content-Type": type } }).formData();
      const part = async (name: string) => {
        const file = form.get(name);
        return file instanceof Blob ? Buffer.from(await file.arrayBuffer()) : null;
      };
      const still = await part(STILL_PART);
      const names = [...stillFiles, ...zoomFiles];
      const versions = Object.fromEntries(
        await Promise.all(names.map(async (name) => [name, await part(name)] as const)),
      );
      // This box's form has every version and the card.
      if (!still || stillFiles.some((name) => !versions[name])) {
        return refuse(res, 400, "bad_form");
      }
      const facts = form.get(STILL_FACTS_PART);
      const sent = {
        takenAt,
        still,
        versions: versions as Record<StillFile, Buffer> & Partial<Record<ZoomFile, Buffer>>,
        ...(facts === null ? {} : { facts: stillFactsSchema.parse(JSON.parse(String(facts))) }),
      };
      stills.push(sent);
      return json(res, 201, { ok: true });
    }
    if (line === `POST ${TIMELAPSE_PATHS.start}`) {
      const start = timelapseStartSchema.safeParse(JSON.parse(body.toString()));
      if (!start.success) return refuse(res, 400, "invalid_film");
      const open = [...uploads.values()].find((u) => u.day === start.data.day);
      const same =
        open && open.byteSize === start.data.byteSize && open.sha256 === start.data.sha256;
      const upload = same ? open : { id: randomUUID(), ...start.data, parts: new Map() };
      if (open && !same) uploads.delete(open.id);
      uploads.set(upload.id, upload);
      const doneParts = [...upload.parts.keys()].sort((a, b) => a - b);
      return json(res, 200, { id: upload.id, partSize: options.partSize, doneParts });
    }
    const match = /^\/api\/ingest\/films\/([^/]+)\/(parts\/(\d+)|poster|card|complete)$/.exec(path);
    const upload = match ? uploads.get(match[1] ?? "") : undefined;
    if (!match || !upload) return refuse(res, 404, "not_found");
    if (match[3] && req.method === "PUT") {
      const n = Number(match[3]);
      const count = Math.ceil(upload.byteSize / options.partSize);
      const size = n < count ? options.partSize : upload.byteSize - (count - 1) * options.partSize;
      if (n > count || body.length !== size) return refuse(res, 400, "bad_part");
      upload.parts.set(n, body);
      return json(res, 200, { ok: true });
    }
    if (match[2] === "poster" && req.method === "PUT") {
      upload.poster = body;
      return json(res, 200, { ok: true });
    }
    if (match[2] === "card" && req.method === "PUT") {
      upload.card = body;
      return json(res, 200, { ok: true });
    }
    if (match[2] === "complete" && req.method === "POST") {
      const facts = timelapseFactsSchema.safeParse(JSON.parse(body.toString()));
      if (!facts.success) return refuse(res, 400, "invalid_facts");
      const count = Math.ceil(upload.byteSize / options.partSize);
      const film = Buffer.concat(
        Array.from({ length: count }, (_, i) => upload.parts.get(i + 1) ?? Buffer.alloc(0)),
      );
      const sha256 = createHash("sha256").update(film).digest("hex");
      if (sha256 !== upload.sha256 || !upload.poster) return refuse(res, 409, "incomplete");
      const { poster, card = null } = upload;
      films.set(upload.day, { id: upload.id, film, poster, card, facts: facts.data });
      uploads.delete(upload.id);
      return json(res, 201, { id: upload.id });
    }
    return refuse(res, 405, "method_not_allowed");
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => refuse(res, 500, "internal"));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    films,
    stills,
    fail: (pattern, status, times = 1) => failures.push({ pattern, status, times }),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
