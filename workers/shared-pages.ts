import { carriesOnlyLanguageCookie } from "#app/.server/http/visitor-request.ts";

// A page every visitor sees alike is shared for a second, each copy with its own nonce (ADR 019).
type SharedPage = {
  body: Uint8Array;
  nonceAt: number[];
  status: number;
  headers: [string, string][];
};
type Entry = { page: Promise<SharedPage | null>; renderedAt: number };

const MAX_PAGES = 50;
const pages = new Map<string, Entry>();

function isVisitorRead(request: Request): boolean {
  return request.method === "GET" && carriesOnlyLanguageCookie(request);
}

/** A page, or the data of a client navigation to it (`.data`, React Router's `text/x-script`). */
const SHARED_TYPES = /^text\/(html|x-script)\b/;

function isShareable(response: Response): boolean {
  const cacheControl = response.headers.get("Cache-Control") ?? "";
  return (
    response.status === 200 &&
    !response.headers.has("Set-Cookie") &&
    SHARED_TYPES.test(response.headers.get("Content-Type") ?? "") &&
    !/\b(private|no-store)\b/.test(cacheControl)
  );
}

function marked(body: BodyInit | null, init: ResponseInit, how: "shared" | "rendered") {
  const response = new Response(body, init);
  response.headers.set("X-Page-Render", how);
  return response;
}

function offsetsOf(bytes: Uint8Array, nonce: Uint8Array): number[] {
  const offsets: number[] = [];
  const first = nonce[0] ?? 0;
  for (let at = bytes.indexOf(first); at !== -1; at = bytes.indexOf(first, at + 1)) {
    if (nonce.every((byte, i) => bytes[at + i] === byte)) offsets.push(at);
  }
  return offsets;
}

function withNonce(page: SharedPage, nonce: string): Response {
  const body = page.body.slice();
  const bytes = new TextEncoder().encode(nonce);
  for (const at of page.nonceAt) body.set(bytes, at);
  return marked(body, { status: page.status, headers: page.headers }, "shared");
}

function remember(key: string, entry: Entry) {
  pages.delete(key);
  pages.set(key, entry);
  for (const oldest of pages.keys()) {
    if (pages.size <= MAX_PAGES) break;
    pages.delete(oldest);
  }
}

export async function sharedPage(
  request: Request,
  {
    nonce,
    seconds,
    ctx,
  }: { nonce: string; seconds: number; ctx: { waitUntil(promise: Promise<unknown>): void } },
  render: () => Promise<Response>,
): Promise<Response> {
  const rendered = (response: Response) => marked(response.body, response, "rendered");
  if (seconds <= 0 || !isVisitorRead(request)) return rendered(await render());
  const key = request.url;
  const now = Date.now();
  const entry = pages.get(key);
  if (entry && now - entry.renderedAt < seconds * 1000) {
    const page = await entry.page;
    if (page) return withNonce(page, nonce);
  }

  let resolve: (page: SharedPage | null) => void = () => {};
  const pending: Entry = { page: new Promise((done) => (resolve = done)), renderedAt: now };
  remember(key, pending);
  const share = (page: SharedPage | null) => {
    if (!page && pages.get(key) === pending) pages.delete(key);
    resolve(page);
  };
  let response: Response;
  try {
    response = await render();
  } catch (error) {
    share(null);
    throw error;
  }
  if (!isShareable(response) || !response.body) {
    share(null);
    return rendered(response);
  }
  const [mine, theirs] = response.body.tee();
  const headers = [...response.headers];
  ctx.waitUntil(
    new Response(theirs)
      .bytes()
      .then((body) => {
        const nonceAt = offsetsOf(body, new TextEncoder().encode(nonce));
        share({ body, nonceAt, status: response.status, headers });
      })
      .catch(() => share(null)),
  );
  return rendered(new Response(mine, response));
}
