// The weather providers for the browser journeys: test/fake-upstream.ts over HTTP on
// localhost, so `vite preview` (which really fetches) never needs the internet.
// Usage: node e2e/fake-upstream-server.ts <port>
import { createServer } from "node:http";
import { fakeUpstream } from "../test/fake-upstream.ts";

const port = Number(process.argv[2]);

createServer((request, response) => {
  const url = new URL(request.url ?? "/", `http://localhost:${port}`);
  // Drain a POST body (laghi.net's form) before answering.
  request.resume();
  request.on("end", () => {
    if (url.pathname === "/health") {
      response.writeHead(200).end("ok");
      return;
    }
    const reply = fakeUpstream(url);
    setTimeout(() => {
      response.writeHead(reply.status, { "Content-Type": reply.contentType }).end(reply.body);
    }, reply.delayMs ?? 0);
  });
}).listen(port, "127.0.0.1", () => console.log(`fake upstream on http://localhost:${port}`));
