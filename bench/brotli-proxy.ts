import { createServer, request } from "node:http";
import { constants, createBrotliCompress } from "node:zlib";

const COMPRESSIBLE = /^(text\/|application\/(javascript|json|xml|manifest\+json)|image\/svg)/;

/**
 * The built Worker as Cloudflare's edge serves it: text compressed with brotli (without it, a
 * page's timings on a throttled network mean nothing).
 */
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
    // A request still in flight when the Worker stops (Chromium's late beacons and preloads)
    // is answered 502, rather than crashing the bench after its table is printed.
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
