import { parse } from "hono/utils/cookie";
import { LOCALE_COOKIE } from "#app/i18n/locales.ts";

// A page that every visitor sees alike is rendered once a second at most and shared for that
// second (ADR 019): a crowd arriving at once costs one render, not one each. The nonce is the
// only part of a page that differs between visitors; each copy gets the request's own.

/** A page rendered for the crowd, and where the nonce its scripts carried sits in it. */
type SharedPage = {
  body: Uint8Array;
  nonceAt: number[];
  status: number;
  headers: [string, string][];
};
type Entry = { page: Promise<SharedPage | null>; renderedAt: number };

/** Query strings make keys unbounded: only the most recent pages are kept. */
const MAX_PAGES = 50;
const pages = new Map<string, Entry>();

/** Only a visitor without cookies (the language choice aside) sees what everybody sees. */
function isVisitorRead(request: Request): boolean {
  if (request.method !== "GET") return false;
  const cookies = Object.keys(parse(request.headers.get("Cookie") ?? ""));
  return cookies.every((name) => name === LOCALE_COOKIE);
}

/**
 * A route that renders something personal says so with `private` or `no-store`: the contact
 * form's single-use question, the owner's archive.
 */
function isShareable(response: Response): boolean {
  const cacheControl = response.headers.get("Cache-Control") ?? "";
  return (
    response.status === 200 &&
    !response.headers.has("Set-Cookie") &&
    Boolean(response.headers.get("Content-Type")?.startsWith("text/html")) &&
    !/\b(private|no-store)\b/.test(cacheControl)
  );
}

/** Says whether this response is a copy, for devtools, benches and tests. */
function marked(body: BodyInit | null, init: ResponseInit, how: "shared" | "rendered") {
  const response = new Response(body, init);
  response.headers.set("X-Page-Render", how);
  return response;
}

/**
 * Where the render's nonce sits. It is 128 random bits that no content could hold before the
 * render made them up: every occurrence is one of the page's nonce attributes.
 */
function offsetsOf(bytes: Uint8Array, nonce: Uint8Array): number[] {
  const offsets: number[] = [];
  const first = nonce[0] ?? 0;
  for (let at = bytes.indexOf(first); at !== -1; at = bytes.indexOf(first, at + 1)) {
    if (nonce.every((byte, i) => bytes[at + i] === byte)) offsets.push(at);
  }
  return offsets;
}

/** The copy with this request's nonce, which has the same length as every nonce (createNonce). */
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

/**
 * The page for this request: a copy of the one rendered within the last `seconds` for the same
 * address, or a new render that the next visitors share. The requester of a new render gets it
 * streamed; visitors arriving while it renders wait for it instead of rendering it again.
 */
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
  // What cannot be shared (a data request, an error, a personal page) leaves no entry behind.
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
