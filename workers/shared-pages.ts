import { carriesOnlyLanguageCookie } from "#app/.server/http/visitor-request.ts";

// A page every visitor sees alike is shared for a second, each copy with its own nonce (ADR 019).
type SharedPage = {
  body: Uint8Array;
  nonceAt: number[];
  status: number;
  headers: [string, string][];
};
/**
 * A page's state in this isolate. No promise is shared: the runtime ties a promise to the
 * request that made it, and one request waiting on another's hung or failed under a crowd.
 */
type Entry =
  | { state: "rendering"; renderedAt: number }
  | { state: "shared"; renderedAt: number; page: SharedPage }
  | { state: "unshareable"; renderedAt: number };

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

/** How often a request looks whether the render another request is making has ended. */
const RENDERING_POLL_MS = 5;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The page's entry while its window lasts. */
function freshEntry(key: string, seconds: number): Entry | undefined {
  const entry = pages.get(key);
  return entry && Date.now() - entry.renderedAt < seconds * 1000 ? entry : undefined;
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
  // Another request's render is waited for on this request's own timer; nothing awaits
  // between the last look and taking the render on, so two requests never both take it.
  let entry = freshEntry(key, seconds);
  while (entry?.state === "rendering") {
    await sleep(RENDERING_POLL_MS);
    entry = freshEntry(key, seconds);
  }
  if (entry?.state === "shared") return withNonce(entry.page, nonce);
  // A page not shared (a form's single-use question) is rendered for each, without waiting.
  if (entry?.state === "unshareable") return rendered(await render());

  const renderedAt = Date.now();
  const mine: Entry = { state: "rendering", renderedAt };
  remember(key, mine);
  const settle = (entry: Entry | null) => {
    if (pages.get(key) !== mine) return;
    if (entry) pages.set(key, entry);
    else pages.delete(key);
  };
  let response: Response;
  try {
    response = await render();
  } catch (error) {
    settle(null);
    throw error;
  }
  if (!isShareable(response) || !response.body) {
    settle({ state: "unshareable", renderedAt });
    return rendered(response);
  }
  const [own, theirs] = response.body.tee();
  const headers = [...response.headers];
  ctx.waitUntil(
    new Response(theirs)
      .bytes()
      .then((body) => {
        const nonceAt = offsetsOf(body, new TextEncoder().encode(nonce));
        settle({
          state: "shared",
          renderedAt,
          page: { body, nonceAt, status: response.status, headers },
        });
      })
      .catch(() => settle(null)),
  );
  return rendered(new Response(own, response));
}
