// @vitest-environment node
// Runs the backup script against two local databases of its own (never the developer's).
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, expect, test } from "vitest";

const scratch = mkdtempSync(join(tmpdir(), "d1-backup-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function database(name: string): string {
  const config = join(scratch, name, "wrangler.jsonc");
  mkdirSync(join(scratch, name));
  writeFileSync(
    config,
    JSON.stringify({
      name: "backup-test",
      compatibility_date: "2026-10-01",
      d1_databases: [
        {
          binding: "DB",
          database_name: "lake-garda",
          database_id: "00000000-0000-0000-0000-000000000000",
          migrations_dir: resolve("migrations"),
        },
      ],
    }),
  );
  return config;
}

const run = (command: string, ...args: string[]) =>
  execFileSync(command, args, { encoding: "utf8", env: { ...process.env, CI: "true" } });

function sql(config: string, command: string): Record<string, unknown>[] {
  const answer = run(
    "wrangler",
    "d1",
    "execute",
    "DB",
    "--local",
    "--config",
    config,
    "--json",
    "--command",
    command,
  );
  return JSON.parse(answer)[0].results;
}

test("a backup of a database with the search index restores rows, settings and a working search", {
  timeout: 600_000,
}, async () => {
  const source = database("source");
  run("wrangler", "d1", "migrations", "apply", "DB", "--local", "--config", source);
  sql(
    source,
    `insert into media (id, type, title_it, title_en, tags_en, status, taken_at, created_at, file_key,
         thumbnail_key, content_type, byte_size, width, height)
       values ('oldtown1', 'image', 'Piazza della città', 'The old town''s square', ',piazza,', 'published',
         1748779200000, 1748779200000, 'media/a.jpg', 'media/b.jpg', 'image/jpeg', 1, 1280, 720);
       update site_settings set maintenance = 1;
       insert into like_salts (day, salt) values ('2025-06-01', 'secret-of-the-day');
       insert into network_days (day, network, liked) values ('2025-06-01', 'hash', '["oldtown1"]');`,
  );
  const file = join(scratch, "backup.sql");
  run("node", "scripts/d1-backup.ts", "backup", "--local", "--config", source, "--output", file);
  const text = readFileSync(file, "utf8");
  expect(text).toContain("Piazza della città");
  expect(text).not.toMatch(/INTO "media_search/);
  expect(text).not.toContain("secret-of-the-day");

  // Into a new database, and once more: a restore replaces rows instead of doubling them.
  const target = database("target");
  run("node", "scripts/d1-backup.ts", "restore", file, "--local", "--config", target);
  run("node", "scripts/d1-backup.ts", "restore", file, "--local", "--config", target);
  expect(
    sql(
      target,
      `select (select group_concat(title_en) from media) as titles,
         (select maintenance from site_settings) as maintenance,
         (select group_concat(media_id) from media_search where media_search match '"citta"*') as found,
         (select count(*) from media_search) as indexed,
         (select count(*) from like_salts) + (select count(*) from network_days) as likes`,
    ),
  ).toEqual([
    { titles: "The old town's square", maintenance: 1, found: "oldtown1", indexed: 1, likes: 0 },
  ]);
});
