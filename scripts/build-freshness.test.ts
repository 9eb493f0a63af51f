import { mkdirSync, mkdtempSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "vitest";
import { requireFreshBuild } from "./build-freshness.ts";

function checkout() {
  const root = mkdtempSync(join(tmpdir(), "build-freshness-"));
  for (const dir of ["app/routes", "build/server", "locales/en"]) {
    mkdirSync(join(root, dir), { recursive: true });
  }
  const write = (path: string, minutesAgo: number) => {
    writeFileSync(join(root, path), "");
    const at = new Date(Date.now() - minutesAgo * 60_000);
    utimesSync(join(root, path), at, at);
  };
  return { root, write };
}

test("a build made after the last edit is fresh; an edit after it is named", () => {
  const { root, write } = checkout();
  write("app/routes/home.tsx", 10);
  write("build/server/index.js", 5);
  expect(() => requireFreshBuild(root)).not.toThrow();

  write("app/routes/home.tsx", 1);
  expect(() => requireFreshBuild(root)).toThrow(
    "The built Worker is older than app/routes/home.tsx: run npm run build first.",
  );
});

test("no build at all is refused", () => {
  const { root, write } = checkout();
  write("app/routes/home.tsx", 10);
  expect(() => requireFreshBuild(root)).toThrow(
    "There is no built Worker: run npm run build first.",
  );
});

test("unit tests and compiled catalogs are not the build's sources", () => {
  const { root, write } = checkout();
  write("build/server/index.js", 5);
  write("app/routes/home.test.tsx", 1);
  write("locales/en/messages.js", 1);
  expect(() => requireFreshBuild(root)).not.toThrow();

  write("locales/en/messages.po", 1);
  expect(() => requireFreshBuild(root)).toThrow("older than locales/en/messages.po");
});
