// A TCP proxy between the box and the Worker that makes the Worker go away as it does in the
// field: refused (nothing listens) or a black hole (connections accepted, never answered).
import { createServer, type Server, type Socket, connect as tcpConnect } from "node:net";

type FaultMode = "pass" | "refuse" | "blackhole";

export type FaultProxy = {
  /** The proxy's http:// URL, to give the box instead of the Worker's. */
  url: string;
  setMode: (mode: FaultMode) => Promise<void>;
  /** Every connection ended; the port is free again. */
  close: () => Promise<void>;
};

/** Bytes that passed, for a bench reading what went through (`up`: towards the Worker). */
export type Tap = (connection: number, direction: "up" | "down", chunk: Buffer) => void;

export async function startFaultProxy(
  target: URL,
  { port, tap }: { port: number; tap?: Tap },
): Promise<FaultProxy> {
  let mode: FaultMode = "pass";
  let server: Server | null = null;
  let connections = 0;
  /** Passed connections, each with the way to cut it off from the Worker and keep it silent. */
  const piped = new Map<Socket, () => void>();
  /** Accepted in a black hole: silent until the box gives up on them, even once the Worker is back. */
  const held = new Set<Socket>();

  const hold = (client: Socket) => {
    held.add(client);
    client.on("data", () => {});
    client.on("error", () => {});
    client.on("close", () => held.delete(client));
  };

  const pass = (client: Socket) => {
    const id = ++connections;
    const upstream = tcpConnect(Number(target.port), target.hostname);
    const end = () => {
      piped.delete(client);
      client.destroy();
      upstream.destroy();
    };
    const up = (chunk: Buffer) => {
      tap?.(id, "up", chunk);
      upstream.write(chunk);
    };
    const down = (chunk: Buffer) => {
      tap?.(id, "down", chunk);
      client.write(chunk);
    };
    const upEnd = () => upstream.end();
    const downEnd = () => client.end();
    client.on("data", up).on("end", upEnd).on("error", end).on("close", end);
    upstream.on("data", down).on("end", downEnd).on("error", end).on("close", end);
    piped.set(client, () => {
      client.off("data", up).off("end", upEnd).off("error", end).off("close", end);
      upstream.off("data", down).off("end", downEnd).off("error", end).off("close", end);
      upstream.on("error", () => {}).destroy();
      hold(client);
    });
  };

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const listening = createServer((client) => (mode === "pass" ? pass(client) : hold(client)));
      listening.once("error", reject);
      listening.listen(port, "127.0.0.1", () => {
        server = listening;
        resolve();
      });
    });

  const stopListening = () =>
    new Promise<void>((resolve) => {
      const listening = server;
      server = null;
      if (!listening) return resolve();
      listening.close(() => resolve());
    });

  const destroyAll = () => {
    for (const client of [...piped.keys()]) client.destroy();
    for (const socket of held) socket.destroy();
  };

  await listen();
  return {
    url: `http://127.0.0.1:${port}`,
    async setMode(next) {
      mode = next;
      if (next === "refuse") {
        destroyAll();
        await stopListening();
        return;
      }
      if (next === "blackhole") {
        // Open connections go silent too: the Worker stopped answering them as well.
        for (const silence of piped.values()) silence();
        piped.clear();
      }
      if (!server) await listen();
    },
    async close() {
      destroyAll();
      await stopListening();
    },
  };
}
