import { createServer, request } from "node:http";
import { connect } from "node:net";
import { constants, createBrotliCompress } from "node:zlib";

const COMPRESSIBLE = /^(text\/|application\/(javascript|json|xml|manifest\+json)|image\/svg)/;

/** What one answer of the Worker cost, from its usage meter's `Server-Timing` (ADR 025). */
export type HeardAnswer = { method: string; path: string; serverTiming: string };

/**
 * Cloudflare's brotli in front of the Worker: throttled timings mean nothing without it. `heard`
 * learns each answer (a WebSocket passes through untouched, heard once as it opens).
 */
export function brotliProxy(target: string, port: number, heard?: (answer: HeardAnswer) => void) {
  const upstream = new URL(target);
  const server = createServer((incoming, outgoing) => {
    const forward = request(
      {
        host: upstream.hostname,
        port: upstream.port,
        path: incoming.url,
        method: incoming.method,
        headers: { ...incoming.headers, "accept-encoding": "identity" },
      },
      (answer) => {
        heard?.({
          method: incoming.method ?? "GET",
          path: incoming.url ?? "",
          serverTiming: String(answer.headers["server-timing"] ?? ""),
        });
        const type = String(answer.headers["content-type"] ?? "");
        const brotli =
          COMPRESSIBLE.test(type) && /\bbr\b/.test(String(incoming.headers["accept-encoding"]));
        const headers = { ...answer.headers };
        if (brotli) {
          delete headers["content-length"];
          headers["content-encoding"] = "br";
        }
        outgoing.writeHead(answer.statusCode ?? 502, headers);
        const body = brotli
          ? answer.pipe(createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }))
          : answer;
        body.pipe(outgoing);
      },
    );
    // Requests still out when the Worker stops (late beacons) get 502, not a crash after the table.
    forward.on("error", () => {
      if (!outgoing.headersSent) outgoing.writeHead(502);
      outgoing.end();
    });
    incoming.pipe(forward);
  });
  server.on("upgrade", (incoming, socket, head) => {
    heard?.({ method: "GET", path: incoming.url ?? "", serverTiming: "" });
    const worker = connect(Number(upstream.port), upstream.hostname, () => {
      const lines = [`${incoming.method} ${incoming.url} HTTP/1.1`];
      for (let i = 0; i < incoming.rawHeaders.length; i += 2) {
        lines.push(`${incoming.rawHeaders[i]}: ${incoming.rawHeaders[i + 1]}`);
      }
      worker.write(`${lines.join("\r\n")}\r\n\r\n`);
      worker.write(head);
      socket.pipe(worker).pipe(socket);
    });
    const close = () => {
      socket.destroy();
      worker.destroy();
    };
    worker.on("error", close);
    socket.on("error", close);
  });
  return new Promise<{ url: string; close: () => void }>((resolve) =>
    server.listen(port, "127.0.0.1", () =>
      resolve({ url: `http://localhost:${port}`, close: () => server.close() }),
    ),
  );
}
