// D1 as SQL and back (ADR 011): `wrangler d1 export` refuses the search index's virtual tables.
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { parseArgs } from "node:util";
import { z } from "zod";

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    remote: { type: "boolean", default: false },
    local: { type: "boolean", default: false },
    output: { type: "string" },
    config: { type: "string", short: "c" },
  },
});

function fail(message: string): never {
  console.error(`d1-backup: ${message}`);
  process.exit(1);
}

if (values.remote === values.local) fail("say which database: --remote or --local");
const database = [
  "DB",
  values.remote ? "--remote" : "--local",
  ...(values.config ? ["--config", values.config] : []),
];

function wrangler(...args: string[]): string {
  return execFileSync("wrangler", args, {
    encoding: "utf8",
    env: { ...process.env, CI: "true" },
    stdio: ["ignore", "pipe", "inherit"],
  });
}

function query<T extends z.ZodType>(sql: string, row: T): z.infer<T>[] {
  const answer = wrangler("d1", "execute", ...database, "--json", "--command", sql);
  const [first] = z.array(z.object({ results: z.array(row) })).parse(JSON.parse(answer));
  return first?.results ?? [];
}

const MIGRATIONS_LINE = "-- migrations: ";

function appliedMigrations(): string[] {
  return query("select name from d1_migrations order by id", z.object({ name: z.string() })).map(
    (row) => row.name,
  );
}

/** Must not outlive their day (privacy policy) or come back after the owner ended them. */
const TRANSIENT_TABLES = ["network_days", "like_salts", "admin_sessions"];

/** Not SQLite's, Cloudflare's or wrangler's own, not FTS5 tables (the triggers rebuild them). */
function tablesToKeep(): string[] {
  const tables = query(
    "select name, sql from sqlite_schema where type = 'table'",
    z.object({ name: z.string(), sql: z.string().nullable() }),
  );
  const virtual = tables
    .filter((table) => table.sql?.startsWith("CREATE VIRTUAL TABLE"))
    .map((table) => table.name);
  const shadows = virtual.flatMap((name) =>
    ["data", "idx", "content", "docsize", "config"].map((suffix) => `${name}_${suffix}`),
  );
  const skipped = ["d1_migrations", ...TRANSIENT_TABLES, ...virtual, ...shadows];
  return tables
    .map((table) => table.name)
    .filter((name) => !/^(sqlite_|_cf_)/.test(name) && !skipped.includes(name));
}

function backup(output: string) {
  const tables = tablesToKeep();
  mkdirSync(dirname(output), { recursive: true });
  const rowsFile = `${output}.rows`;
  wrangler(
    "d1",
    "export",
    ...database,
    "--no-schema",
    ...tables.flatMap((table) => ["--table", table]),
    "--output",
    rowsFile,
  );
  const rows = readFileSync(rowsFile, "utf8");
  rmSync(rowsFile);
  writeFileSync(
    output,
    [
      `-- Lake Garda Live Camera: D1 rows of ${new Date().toISOString()} (scripts/d1-backup.ts)`,
      `${MIGRATIONS_LINE}${appliedMigrations().join(" ")}`,
      "PRAGMA defer_foreign_keys=TRUE;",
      ...tables.map((table) => `DELETE FROM "${table}";`),
      rows,
    ].join("\n"),
  );
  console.log(`d1-backup: ${tables.join(", ")} written to ${output}`);
}

function restore(file: string) {
  const header = readFileSync(file, "utf8").split("\n", 2)[1] ?? "";
  if (!header.startsWith(MIGRATIONS_LINE)) fail(`${file} is not a backup made by this script`);
  const needed = header.slice(MIGRATIONS_LINE.length).split(" ").filter(Boolean);
  wrangler("d1", "migrations", "apply", ...database);
  const applied = appliedMigrations();
  if (needed.some((name, i) => applied[i] !== name)) {
    fail(
      `the backup needs the migrations ${needed.join(", ")}; this checkout has ${applied.join(", ")}`,
    );
  }
  wrangler("d1", "execute", ...database, "--yes", "--file", file);
  console.log(`d1-backup: ${file} restored`);
}

const [command, file] = positionals;
if (command === "backup") {
  backup(values.output ?? `backups/lake-garda-${new Date().toISOString().slice(0, 10)}.sql`);
} else if (command === "restore" && file) {
  restore(file);
} else {
  fail(
    "usage: d1-backup.ts backup|restore <file> --remote|--local [--output file] [--config file]",
  );
}
