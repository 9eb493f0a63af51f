import { mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { availableParallelism } from "node:os";
import { join, resolve } from "node:path";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";
import { componentPlugins } from "#scripts/component-plugins.ts";
import { fakeUpstream } from "#test/fake-upstream.ts";
import { fakeUpstreamVars } from "#test/upstream-vars.ts";

const migrations = await readD1Migrations("./migrations");

// Miniflare's local send_email binding writes each message it delivers as an .eml file
// under the OS temp directory: this run gets one of its own, so tests can read what was sent.
const mailDrop = resolve(".wrangler/tmp/vitest");
rmSync(mailDrop, { recursive: true, force: true });
mkdirSync(mailDrop, { recursive: true });
process.env.TMPDIR = mailDrop;

/**
 * `read()`, or undefined when what it reads is gone: TMPDIR also holds miniflare's scratch
 * folders, which other test files' instances delete while a walk is under way (ENOENT).
 */
function unlessGone<T>(read: () => T): T | undefined {
  try {
    return read();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}

/** The raw text of every e-mail delivered in this run. */
function deliveredMail(dir = mailDrop): string[] {
  return (unlessGone(() => readdirSync(dir, { withFileTypes: true })) ?? []).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return deliveredMail(path);
    if (!entry.isFile() || !entry.name.endsWith(".eml")) return [];
    return unlessGone(() => readFileSync(path, "utf8")) ?? [];
  });
}

export default defineConfig({
  define: { __BUILD_ID__: JSON.stringify("test-build") },
  test: {
    // More files than cores: most wait on workerd, ffmpeg, wrangler or a fault's real time (the
    // box's fault tests wait ~40 s each). On two busy cores: 240-325 s with 4, 367 s with 2.
    maxWorkers: Math.max(4, availableParallelism()),
    // Only to catch a hang; no test measures time with it. On two busy cores a file of
    // whole-Worker requests, or a box test's ffmpeg runs and three retries a second apart
    // (single-use signatures), took over the default 5 s (clean-clone run 21).
    testTimeout: 20_000,
    projects: [
      {
        extends: true,
        plugins: componentPlugins(),
        test: {
          name: "unit",
          include: [
            "app/**/*.test.{ts,tsx}",
            "protocol/**/*.test.ts",
            "time/**/*.test.ts",
            "scripts/**/*.test.ts",
            "patches/**/*.test.ts",
          ],
          environment: "happy-dom",
          setupFiles: ["./test/support/dom-waits.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "box",
          include: ["ingest/**/*.test.ts"],
          environment: "node",
          // The box talks to the built Worker, as in the field (test/support/box-worker.ts).
          globalSetup: ["./test/support/box-worker-setup.ts"],
        },
      },
      {
        extends: true,
        plugins: [
          // Catalogs and macros, for tests that import the API's router itself.
          ...componentPlugins(),
          cloudflareTest({
            // The built Worker: the same bundle `vite preview` and production run, pages included.
            wrangler: { configPath: "./build/server/wrangler.json" },
            remoteBindings: false,
            miniflare: {
              // A database without migrations, to simulate a broken D1 in error-page tests;
              // one with only the first, for a deploy whose new migration is not applied yet.
              d1Databases: { EMPTY_DB: "empty-db", PARTIAL_DB: "partial-db" },
              // The outside world, as far as tests are concerned: no request leaves the machine.
              async outboundService(request: Request) {
                const url = new URL(request.url);
                if (url.hostname !== "upstream.test") {
                  return new Response(`tests make no real requests: ${url}`, { status: 502 });
                }
                const reply = fakeUpstream(url, Date.now(), await request.text());
                if (reply.delayMs) await new Promise((r) => setTimeout(r, reply.delayMs));
                return new Response(reply.body, {
                  status: reply.status,
                  headers: { "Content-Type": reply.contentType },
                });
              },
              serviceBindings: {
                // What the real local send_email binding delivered, as raw .eml texts.
                MAIL_DROP: () => Response.json(deliveredMail()),
              },
              bindings: {
                TEST_MIGRATIONS: migrations,
                ADMIN_PASSWORD: "test-admin-password",
                SESSION_SECRET: "test-session-secret-that-is-long-enough",
                // Every weather source points at the fake (test/fake-upstream.ts).
                ...fakeUpstreamVars("https://upstream.test", "shared"),
                // Production's own: the fake answers at once, but a loaded host answered it
                // after 1 s and a first fetch failed (test/weather-refresh.test.ts sets 200).
                UPSTREAM_TIMEOUT_MS: "5000",
                CAMERA_DEVICE_SECRET: "test-camera-device-secret-long-enough",
                // Tests change the data between two visits of a page and expect to see it:
                // every page is rendered anew, except in test/shared-pages.test.ts.
                SHARED_PAGE_SECONDS: "0",
                // Each count reaches D1 before its request ends, as the tests read it at once;
                // test/stats-buffer.test.ts runs the minute's buffering (ADR 030).
                STATS_FLUSH_SECONDS: "0",
                // Each session tells the camera object at once, as one visitor's steps expect;
                // test/stream-crowd.test.ts runs the isolate's coalescing (ADR 028).
                STREAM_WATCH_SECONDS: "0",
              },
            },
          }),
        ],
        test: {
          name: "worker",
          include: ["test/**/*.test.ts"],
          // CommonJS packages the tests import are bundled as modules for workerd.
          deps: { optimizer: { ssr: { enabled: true, include: ["robots-parser"] } } },
          globalSetup: ["./test/fresh-build.ts"],
          setupFiles: ["./test/apply-migrations.ts", "./test/console-errors.ts"],
        },
      },
    ],
  },
});
