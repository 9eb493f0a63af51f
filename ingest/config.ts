import { readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { z } from "zod";
import { STILL_SLOT_MINUTES } from "#protocol/still-upload.ts";
import { LAKE_TIME_ZONE } from "#time/lake-time.ts";

const INPUT_REQUIRED = "required: an rtsp:// URL, a video file, or testsrc";

const schema = z.object({
  workerUrl: z
    .url({ protocol: /^https?$/, error: "workerUrl must start with https:// (or http://)" })
    .default("http://localhost:5173"),
  deviceId: z.string().regex(/^[\w-]{1,64}$/, "deviceId must be a short id"),
  deviceSecret: z.string().min(32, "deviceSecret must be at least 32 characters"),
  /** An RTSP URL, a file, or "testsrc" for ffmpeg's test pattern. */
  input: z.string({ error: INPUT_REQUIRED }).min(1, INPUT_REQUIRED),
  stillIntervalSeconds: z.coerce
    .number()
    .int()
    .min(10)
    .default(STILL_SLOT_MINUTES * 60),
  maxRunSeconds: z.coerce.number().int().min(10).default(900),
  dropTimeoutSeconds: z.coerce.number().int().min(1).default(20),
  ffmpegPath: z.string().default("ffmpeg"),
  workDir: z.string().default(tmpdir()),
  /** Must survive a reboot; in the checkout, so two checkouts never film into each other's days. */
  dataDir: z.string().default(resolve(".box-data")),
  latitude: z.coerce.number().min(-90).max(90).default(45.6106),
  longitude: z.coerce.number().min(-180).max(180).default(10.6858),
  timeZone: z
    .string()
    .refine((zone) => Intl.supportedValuesOf("timeZone").includes(zone), "unknown time zone")
    .default(LAKE_TIME_ZONE),
  filmSeconds: z.coerce.number().int().min(5).max(600).default(180),
  renderAt: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, "renderAt must be HH:MM")
    .default("01:00"),
  frameRetentionDays: z.coerce.number().int().min(1).default(3),
  filmRetentionDays: z.coerce.number().int().min(1).default(7),
  minFreeMiB: z.coerce.number().int().min(0).default(2048),
  /** `always` and `never` are for tests. */
  capture: z.enum(["sun", "always", "never"]).default("sun"),
  healthIntervalSeconds: z.coerce.number().int().min(1).default(300),
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
  dataDir: "CAMERA_DATA_DIR",
  latitude: "CAMERA_LATITUDE",
  longitude: "CAMERA_LONGITUDE",
  timeZone: "CAMERA_TIME_ZONE",
  filmSeconds: "CAMERA_FILM_SECONDS",
  renderAt: "CAMERA_RENDER_AT",
  frameRetentionDays: "CAMERA_FRAME_RETENTION_DAYS",
  filmRetentionDays: "CAMERA_FILM_RETENTION_DAYS",
  minFreeMiB: "CAMERA_MIN_FREE_MIB",
  capture: "CAMERA_CAPTURE",
  healthIntervalSeconds: "CAMERA_HEALTH_INTERVAL_SECONDS",
};

const commands = ["run", "check", "capture", "render", "upload", "timelapse"] as const;
type Command = (typeof commands)[number];
/** Commands that work on films already captured: they never open the camera. */
const withoutCamera: readonly Command[] = ["render", "upload"];

const options = {
  config: { type: "string" },
  url: { type: "string" },
  input: { type: "string" },
  day: { type: "string" },
  demo: { type: "boolean" },
  help: { type: "boolean", short: "h" },
} as const;

/** `[command] [--day YYYY-MM-DD] [--demo] [--config file] [--url URL] [--input INPUT]` */
export function parseCommandLine(argv: string[]) {
  const { values, positionals } = parseArgs({ args: argv, options, allowPositionals: true });
  const command = positionals[0] ?? "run";
  if (!commands.includes(command as Command) || positionals.length > 1) {
    throw new Error(`Unknown command "${positionals.join(" ")}": use ${commands.join(", ")}`);
  }
  if (values.day !== undefined && !z.iso.date().safeParse(values.day).success) {
    throw new Error(`--day must be a date like 2026-06-21, not "${values.day}"`);
  }
  return { command: command as Command, ...values };
}

function readConfigFile(path: string): unknown {
  try {
    return JSON.parse(readFileSync(path, "utf8"));
  } catch (error) {
    throw new Error(`Cannot read the camera box config ${path}: ${(error as Error).message}`);
  }
}

export function loadConfig(argv: string[], env: NodeJS.ProcessEnv): BoxConfig {
  const values = parseCommandLine(argv);
  const path = values.config ?? env.CAMERA_BOX_CONFIG;
  const file: unknown = path ? readConfigFile(path) : {};
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
  const result = (
    withoutCamera.includes(values.command)
      ? schema.extend({ input: z.string().default("") })
      : schema
  ).safeParse(merged);
  if (!result.success) {
    const problems = result.error.issues.map((i) => {
      const key = String(i.path[0]) as keyof BoxConfig;
      return `${key} (${envNames[key] ?? "?"}): ${i.message}`;
    });
    throw new Error(`Invalid camera box configuration:\n- ${problems.join("\n- ")}`);
  }
  return result.data;
}
