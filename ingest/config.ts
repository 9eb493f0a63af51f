import { readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { parseArgs } from "node:util";
import { z } from "zod";

const schema = z.object({
  workerUrl: z.url().default("http://localhost:5173"),
  deviceId: z.string().regex(/^[\w-]{1,64}$/, "deviceId must be a short id"),
  deviceSecret: z.string().min(32, "deviceSecret must be at least 32 characters"),
  /** An RTSP URL, a file, or "testsrc" for ffmpeg's test pattern. */
  input: z.string().min(1),
  stillIntervalSeconds: z.coerce.number().int().min(10).default(300),
  maxRunSeconds: z.coerce.number().int().min(10).default(900),
  dropTimeoutSeconds: z.coerce.number().int().min(1).default(20),
  ffmpegPath: z.string().default("ffmpeg"),
  workDir: z.string().default(tmpdir()),
});

export type BoxConfig = z.infer<typeof schema>;

const envNames: Record<keyof BoxConfig, string> = {
  workerUrl: "CAMERA_WORKER_URL",
  deviceId: "CAMERA_DEVICE_ID",
  deviceSecret: "CAMERA_DEVICE_SECRET",
  input: "CAMERA_INPUT",
  stillIntervalSeconds: "CAMERA_STILL_INTERVAL_SECONDS",
  maxRunSeconds: "CAMERA_MAX_RUN_SECONDS",
  dropTimeoutSeconds: "CAMERA_DROP_TIMEOUT_SECONDS",
  ffmpegPath: "CAMERA_FFMPEG",
  workDir: "CAMERA_WORK_DIR",
};

export function loadConfig(argv: string[], env: NodeJS.ProcessEnv): BoxConfig {
  const { values } = parseArgs({
    args: argv,
    options: {
      config: { type: "string" },
      url: { type: "string" },
      input: { type: "string" },
    },
  });
  const path = values.config ?? env.CAMERA_BOX_CONFIG;
  const file: unknown = path ? JSON.parse(readFileSync(path, "utf8")) : {};
  const fromEnv = Object.fromEntries(
    Object.entries(envNames)
      .map(([key, name]) => [key, env[name]])
      .filter(([, value]) => value !== undefined && value !== ""),
  );
  const flags = { workerUrl: values.url, input: values.input };
  const merged = {
    ...(typeof file === "object" && file !== null ? file : {}),
    ...fromEnv,
    ...Object.fromEntries(Object.entries(flags).filter(([, v]) => v !== undefined)),
  };
  const result = schema.safeParse(merged);
  if (!result.success) {
    const problems = result.error.issues.map((i) => {
      const key = String(i.path[0]) as keyof BoxConfig;
      return `${key} (${envNames[key] ?? "?"}): ${i.message}`;
    });
    throw new Error(`Invalid camera box configuration:\n- ${problems.join("\n- ")}`);
  }
  return result.data;
}
