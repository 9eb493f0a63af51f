import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";

const migrations = await readD1Migrations("./migrations");

export default defineConfig({
  resolve: { tsconfigPaths: true },
  define: { __BUILD_ID__: JSON.stringify("test-build") },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["app/**/*.test.{ts,tsx}", "ingest/**/*.test.ts"],
          environment: "happy-dom",
        },
      },
      {
        extends: true,
        plugins: [
          cloudflareTest({
            // The built Worker: the same bundle `vite preview` and production run, pages included.
            wrangler: { configPath: "./build/server/wrangler.json" },
            remoteBindings: false,
            miniflare: {
              // A database without migrations, to simulate a broken D1 in error-page tests.
              d1Databases: { EMPTY_DB: "empty-db" },
              bindings: {
                TEST_MIGRATIONS: migrations,
                ADMIN_PASSWORD: "test-admin-password",
                SESSION_SECRET: "test-session-secret-that-is-long-enough",
                CAMERA_DEVICE_SECRET: "test-camera-device-secret-long-enough",
              },
            },
          }),
        ],
        test: {
          name: "worker",
          include: ["test/**/*.test.ts"],
          setupFiles: ["./test/apply-migrations.ts"],
        },
      },
    ],
  },
});
