import { createServer, request } from "node:http";
import { connect } from "node:net";

/** What one answer of the Worker cost, from its usage meter's `Server-Timing` (ADR 025). */
export type MeteredAnswer = { method: string; path: string; serverTiming: string };

/**
 * In front of the Worker for the camera box, so the bench sees what the box's requests cost; its
 * control socket passes through untouched (one invocation when it opens).
 */
export function meteringProxy(target: string, port: number, heard: (a: MeteredAnswer) => void) {
  const upstream = new URL(target);
  const server = createServer((incoming, outgoing) => {
    const forward = request(
      {
        host: upstream.hostname,
        port: upstream.port,
        path: incoming.url,
        method: incoming.method,
        headers: incoming.headers,
      },
      (answer) => {
        heard({
          method: incoming.method ?? "GET",
          path: incoming.url ?? "",
          serverTiming: String(answer.headers["server-timing"] ?? ""),
        });
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    forward.on("error", () => {
      if (!outgoing.headersSent) outgoing.writeHead(502);
      outgoing.end();
    });
    incoming.pipe(forward);
  });
  server.on("upgrade", (incoming, socket, head) => {
    heard({ method: "GET", path: incoming.url ?? "", serverTiming: "" });
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
