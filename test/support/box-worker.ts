// The built Worker as the box meets it (ADR 004), behind a tap at the network boundary: each
// test's tap records what the box sent and the Worker took, and can answer in the Worker's place
// with a failure, as a flaky network or an overloaded Worker would.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { type AddressInfo, connect, type Socket } from "node:net";
import { inject } from "vitest";
import { type StillFacts, stillFactsSchema } from "#protocol/still-facts.ts";
import {
  STILL_FACTS_PART,
  STILL_PART,
  STILL_TAKEN_AT_HEADER,
  type StillFile,
  stillFiles,
} from "#protocol/still-upload.ts";
import { type ZoomFile, zoomFiles } from "#protocol/tile-sheet.ts";
import { localD1 } from "#scripts/local-d1.ts";

/** A still the Worker took (201), as the box sent it. */
type SentStill = {
  takenAt: string;
  still: Buffer;
  /** Its smaller versions and card, when the box sent the form. */
  versions: (Record<StillFile, Buffer> & Partial<Record<ZoomFile, Buffer>>) | null;
  /** Only when the box sent them. */
  facts?: StillFacts;
};

/** A day's film as the Worker registered it and serves it to visitors. */
type RegisteredFilm = {
  id: string;
  /** What the gallery says of it. */
  facts: { width: number; height: number; durationSeconds: number | null };
  film: Buffer | null;
  poster: Buffer | null;
  card: Buffer | null;
};

export type BoxWorker = {
  /** The tap's URL, to give the box. */
  url: string;
  /** The Worker's own, as visitors reach it. */
  site: string;
  /** "METHOD path" of each request the box made, in order. */
  requests: string[];
  stills: SentStill[];
  /** The next `times` requests whose "METHOD path" matches get `status` from the tap. */
  fail: (pattern: RegExp, status: number, times?: number) => void;
  /** The day's film as visitors get it, or undefined when the Worker has none. */
  film: (day: string) => Promise<RegisteredFilm | undefined>;
  /** Nothing listens any more: the Worker cannot be reached. */
  close: () => Promise<void>;
};

const { url: origin, state } = inject("boxWorker");
const d1 = localD1(state);

/** A file as the gallery serves it, or null when it does not. */
async function served(key: string | null): Promise<Buffer | null> {
  if (!key) return null;
  const response = await fetch(`${origin}/api/files/${key}`);
  return response.ok ? Buffer.from(await response.arrayBuffer()) : null;
}

async function sentStill(request: Request): Promise<SentStill> {
  const takenAt = request.headers.get(STILL_TAKEN_AT_HEADER) ?? "";
  if (!request.headers.get("Content-Type")?.startsWith("multipart/form-data")) {
    return { takenAt, still: Buffer.from(await request.arrayBuffer()), versions: null };
  }
  const form = await request.formData();
  const part = async (name: string) => {
    const file = form.get(name);
    return file instanceof Blob ? [[name, Buffer.from(await file.arrayBuffer())] as const] : [];
  };
  const parts = Object.fromEntries(
    (await Promise.all([STILL_PART, ...stillFiles, ...zoomFiles].map(part))).flat(),
  );
  const { [STILL_PART]: still = Buffer.alloc(0), ...versions } = parts;
  const facts = form.get(STILL_FACTS_PART);
  return {
    takenAt,
    still,
    versions: versions as SentStill["versions"],
    ...(facts === null ? {} : { facts: stillFactsSchema.parse(JSON.parse(String(facts))) }),
  };
}

export async function startBoxWorker(): Promise<BoxWorker> {
  const requests: string[] = [];
  const stills: SentStill[] = [];
  const failures: { pattern: RegExp; status: number; times: number }[] = [];

  async function pass(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const path = new URL(req.url ?? "/", origin).pathname;
    const line = `${req.method} ${path}`;
    requests.push(line);
    const failure = failures.find((f) => f.times > 0 && f.pattern.test(line));
    if (failure) {
      failure.times -= 1;
      const error = { code: "injected", message: `the tap answered ${failure.status}` };
      res.writeHead(failure.status, { "Content-Type": "application/json" });
      res.end(JSON.stringify({ error }));
      return;
    }
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (typeof value === "string" && !["host", "connection"].includes(name)) {
        headers.set(name, value);
      }
    }
    const request = new Request(`${origin}${req.url}`, {
      method: req.method ?? "GET",
      headers,
      ...(body.length > 0 ? { body } : {}),
    });
    const answer = await fetch(request.clone());
    if (line === "PUT /api/ingest/still" && answer.status === 201) {
      stills.push(await sentStill(request));
    }
    // fetch has decoded the body: its length and encoding are the tap's own now.
    const passed = [...answer.headers].filter(
      ([name]) => !["content-encoding", "content-length", "transfer-encoding"].includes(name),
    );
    res.writeHead(answer.status, Object.fromEntries(passed));
    res.end(Buffer.from(await answer.arrayBuffer()));
  }

  const upgraded = new Set<Socket>();
  const server = createServer((req, res) => {
    pass(req, res).catch((error: unknown) => {
      res.writeHead(502).end(String(error));
    });
  });
  // The control socket: its bytes pass as they are.
  server.on("upgrade", (req: IncomingMessage, box: Socket, head: Buffer) => {
    requests.push(`${req.method} ${new URL(req.url ?? "/", origin).pathname}`);
    const target = new URL(origin);
    const worker = connect(Number(target.port), target.hostname, () => {
      const lines = [`${req.method} ${req.url} HTTP/1.1`];
      for (let i = 0; i < req.rawHeaders.length; i += 2) {
        lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
      }
      worker.write(`${lines.join("\r\n")}\r\n\r\n`);
      worker.write(head);
      box.pipe(worker).pipe(box);
    });
    for (const socket of [box, worker]) {
      upgraded.add(socket);
      socket
        .on("error", () => {})
        .on("close", () => {
          upgraded.delete(socket);
          box.destroy();
          worker.destroy();
        });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    site: origin,
    requests,
    stills,
    fail: (pattern, status, times = 1) => failures.push({ pattern, status, times }),
    film: async (day) => {
      const [row] = d1(
        `select id, file_key, thumbnail_key, card_key, width, height, duration_seconds
         from media where film_day = '${day}'`,
      ) as {
        id: string;
        file_key: string;
        thumbnail_key: string;
        card_key: string | null;
        width: number;
        height: number;
        duration_seconds: number | null;
      }[];
      if (!row) return undefined;
      const [film, poster, card] = await Promise.all(
        [row.file_key, row.thumbnail_key, row.card_key].map(served),
      );
      return {
        id: row.id,
        facts: { width: row.width, height: row.height, durationSeconds: row.duration_seconds },
        film: film ?? null,
        poster: poster ?? null,
        card: card ?? null,
      };
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        for (const socket of upgraded) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
