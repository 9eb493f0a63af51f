import { createServer, request } from "node:http";
import { constants, createBrotliCompress } from "node:zlib";

const COMPRESSIBLE = /^(text\/|application\/(javascript|json|xml|manifest\+json)|image\/svg)/;

/** Cloudflare's brotli in front of the Worker: throttled timings mean nothing without it. */
export function brotliProxy(target: string, port: number) {
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
  return new Promise<{ url: string; close: () => void }>((resolve) =>
    server.listen(port, "127.0.0.1", () =>
      resolve({ url: `http://localhost:${port}`, close: () => server.close() }),
    ),
  );
}
