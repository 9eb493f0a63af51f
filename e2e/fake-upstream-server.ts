// test/fake-upstream.ts over HTTP, so the preview (which really fetches) never needs the internet.
import { createServer } from "node:http";
import { fakeUpstream } from "#test/fake-upstream.ts";

const port = Number(process.argv[2]);

/** Another site's page with the embed's iframe (`?site=` the site's origin, `?fullscreen=no`). */
function embeddingSite(url: URL): string {
  const src = new URL("/en/embed", url.searchParams.get("site") ?? "").href;
  const allow = url.searchParams.get("fullscreen") === "no" ? "" : ' allow="fullscreen"';
  return `<!doctype html><html lang="en"><head><title>A hotel by the lake</title><link rel="icon" href="data:,"></head><body>
<main><h1>A hotel by the lake</h1><button type="button">Before</button>
<iframe src="${src}" title="Lake Garda Live Camera" width="640" height="432"${allow} style="border:0"></iframe>
<button type="button">After</button></main></body></html>`;
}

createServer((request, response) => {
  const url = new URL(request.url ?? "/", `http://localhost:${port}`);
  // Read a POST body (laghi.net's form, the translation request) before answering.
  const chunks: Buffer[] = [];
  request.on("data", (chunk: Buffer) => chunks.push(chunk));
  request.on("end", () => {
    if (url.pathname === "/health") {
      response.writeHead(200).end("ok");
      return;
    }
    if (url.pathname === "/embedding-site") {
      response
        .writeHead(200, { "Content-Type": "text/html; charset=utf-8" })
        .end(embeddingSite(url));
      return;
    }
    const reply = fakeUpstream(url, Date.now(), Buffer.concat(chunks).toString("utf8"));
    setTimeout(() => {
      response.writeHead(reply.status, { "Content-Type": reply.contentType }).end(reply.body);
    }, reply.delayMs ?? 0);
  });
}).listen(port, "127.0.0.1", () => console.log(`fake upstream on http://localhost:${port}`));
