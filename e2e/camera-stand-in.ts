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

export type CameraOptions = {
  /** 0 (the default): any free port, kept across restarts. */
  port?: number;
  keyframeSeconds?: number;
  extraArgs?: string[];
};

/** The stand-in, and the URL it announced once it listens. */
async function launch(port: number, args: string[]): Promise<{ child: ChildProcess; url: string }> {
  // Its own process group, so nothing of it outlives a killed test run's kill of the group.
  const child = spawn("/usr/bin/python3", ["scripts/camera-stand-in.py", ...args], {
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let said = "";
  const url = await new Promise<string>((resolve, reject) => {
    const listen = (chunk: Buffer) => {
      said += chunk.toString();
      const announced = /camera stand-in: (rtsp:\/\/\S+),/.exec(said)?.[1];
      if (announced) resolve(announced);
    };
    child.stdout?.on("data", listen);
    child.stderr?.on("data", listen);
    child.once("exit", (code) =>
      reject(new Error(`the camera stand-in on port ${port} exited (${code}): ${said.trim()}`)),
    );
  });
  return { child, url };
}

function ended(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once("exit", () => resolve()));
}

export async function startCamera({
  port = 0,
  keyframeSeconds = 2,
  extraArgs = [],
}: CameraOptions = {}): Promise<CameraStandIn> {
  const args = ["--keyframe-seconds", String(keyframeSeconds), ...extraArgs];
  let { child, url } = await launch(port, ["--port", String(port), ...args]);
  const bound = new URL(url).port;
  const signal = (name: NodeJS.Signals) => {
    if (child.exitCode === null && child.pid) process.kill(child.pid, name);
  };
  return {
    url,
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
      ({ child } = await launch(Number(bound), ["--port", bound, ...args]));
    },
    freeze: () => signal("SIGSTOP"),
    thaw: () => signal("SIGCONT"),
  };
}
