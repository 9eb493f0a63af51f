import { env } from "cloudflare:workers";
import { expect, test, vi } from "vitest";
import { createMedia } from "./factories.ts";
import { beforeStatements, runCron } from "./helpers.ts";

test("the ten-minute cron forgets earlier days' like and view records and salts", async () => {
  const item = await createMedia();
  await env.DB.batch([
    env.DB.prepare(
      "insert into like_salts (day, salt) values ('2020-01-01', 'old'), ('2999-01-01', 'future')",
    ),
    env.DB.prepare(
      `insert into network_days (day, network, liked, viewed) values
         ('2020-01-01', 'a', json_array(?1), '[]'), ('2999-01-01', 'b', json_array(?1), '[]'),
         ('2020-01-01', 'c', '[]', json_array(?1)), ('2999-01-01', 'd', '[]', json_array(?1))`,
    ).bind(item.id),
  ]);
  await runCron();

  const salts = await env.DB.prepare("select day from like_salts order by day").all<{
    day: string;
  }>();
  expect(salts.results.map((r) => r.day)).toEqual(["2999-01-01"]);
  const records = (set: string) =>
    env.DB.prepare(`select network from network_days where ${set} != '[]' order by network`).all<{
      network: string;
    }>();
  expect((await records("liked")).results.map((r) => r.network)).toEqual(["b"]);
  expect((await records("viewed")).results.map((r) => r.network)).toEqual(["d"]);
});

test("a failing job is logged by its name and stops none of the others", async () => {
  await env.DB.prepare("insert into like_salts (day, salt) values ('2020-01-01', 'old')").run();
  const sessionsDown = beforeStatements(env.DB, async (queries) => {
    if (queries.some((query) => query.includes('"admin_sessions"'))) throw new Error("D1 is down");
  });
  const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
  await runCron({ ...env, DB: sessionsDown });

  expect(logged).toHaveBeenCalledWith("cron: purge-sessions failed", expect.any(Error));
  expect(logged).toHaveBeenCalledTimes(1);
  const old = await env.DB.prepare("select day from like_salts where day = '2020-01-01'").all();
  expect(old.results).toEqual([]);
});
