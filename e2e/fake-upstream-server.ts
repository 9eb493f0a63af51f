// test/fake-upstream.ts over HTTP, so the preview (which really fetches) never needs the internet.
import { createServer } from "node:http";
import { fakeUpstream } from "#test/fake-upstream.ts";

const port = Number(process.argv[2]);

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
    const reply = fakeUpstream(url, Date.now(), Buffer.concat(chunks).toString("utf8"));
    setTimeout(() => {
      response.writeHead(reply.status, { "Content-Type": reply.contentType }).end(reply.body);
    }, reply.delayMs ?? 0);
  });
}).listen(port, "127.0.0.1", () => console.log(`fake upstream on http://localhost:${port}`));
