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
      "insert into media_likes (media_id, visitor, day) values (?1, 'a', '2020-01-01'), (?1, 'b', '2999-01-01')",
    ).bind(item.id),
    env.DB.prepare(
      "insert into media_views (media_id, visitor, day) values (?1, 'c', '2020-01-01'), (?1, 'd', '2999-01-01')",
    ).bind(item.id),
  ]);
  await runCron();

  const salts = await env.DB.prepare("select day from like_salts order by day").all<{
    day: string;
  }>();
  expect(salts.results.map((r) => r.day)).toEqual(["2999-01-01"]);
  const likes = await env.DB.prepare("select visitor from media_likes").all<{ visitor: string }>();
  expect(likes.results.map((r) => r.visitor)).toEqual(["b"]);
  const views = await env.DB.prepare("select visitor from media_views").all<{ visitor: string }>();
  expect(views.results.map((r) => r.visitor)).toEqual(["d"]);
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
