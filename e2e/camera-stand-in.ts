// The camera stand-in (scripts/camera-stand-in.py, a real RTSP server) for journeys, benches
// and the box's tests: started, stopped, restarted and frozen as a camera in the field is.
import { type ChildProcess, spawn } from "node:child_process";

export type CameraStandIn = {
  url: string;
  keyframeSeconds: number;
  /** Switched off: its clients lose the connection. */
  stop: () => Promise<void>;
  /** Switched on again on the same port. */
  restart: () => Promise<void>;
  /** Hung: connections stay open, no byte comes. */
  freeze: () => void;
  thaw: () => void;
};

export type CameraOptions = { port: number; keyframeSeconds?: number; extraArgs?: string[] };

async function launch(port: number, args: string[]): Promise<ChildProcess> {
  // Its own process group, so nothing of it outlives a killed test run's kill of the group.
  const child = spawn("/usr/bin/python3", ["scripts/camera-stand-in.py", ...args], {
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let said = "";
  await new Promise<void>((resolve, reject) => {
    const listen = (chunk: Buffer) => {
      said += chunk.toString();
      if (said.includes("camera stand-in: rtsp://")) resolve();
    };
    child.stdout?.on("data", listen);
    child.stderr?.on("data", listen);
    child.once("exit", (code) =>
      reject(new Error(`the camera stand-in on port ${port} exited (${code}): ${said.trim()}`)),
    );
  });
  return child;
}

function ended(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once("exit", () => resolve()));
}

export async function startCamera({
  port,
  keyframeSeconds = 2,
  extraArgs = [],
}: CameraOptions): Promise<CameraStandIn> {
  const args = [
    "--port",
    String(port),
    "--keyframe-seconds",
    String(keyframeSeconds),
    ...extraArgs,
  ];
  let child = await launch(port, args);
  const signal = (name: NodeJS.Signals) => {
    if (child.exitCode === null && child.pid) process.kill(child.pid, name);
  };
  return {
    url: `rtsp://127.0.0.1:${port}/cam`,
    keyframeSeconds,
    async stop() {
      signal("SIGCONT");
      signal("SIGTERM");
      await ended(child);
    },
    async restart() {
      signal("SIGCONT");
      signal("SIGTERM");
      await ended(child);
      child = await launch(port, args);
    },
    freeze: () => signal("SIGSTOP"),
    thaw: () => signal("SIGCONT"),
  };
}
