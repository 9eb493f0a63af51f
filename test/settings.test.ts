import { env } from "cloudflare:workers";
import { expect, test } from "vitest";
import { getDb } from "#app/.server/db/client.ts";
import { getPublicSettings, SETTINGS_CACHE_MS, setMaintenance } from "#app/.server/settings.ts";

test("the public flag is read from D1 at most once per cache period", async () => {
  const db = getDb(env.DB);
  const start = Date.now();
  expect(await getPublicSettings(db, start)).toEqual({ maintenance: false });

  // Another isolate switches maintenance on behind this one's back.
  await env.DB.prepare("update site_settings set maintenance = 1 where id = 1").run();
  expect(await getPublicSettings(db, start + SETTINGS_CACHE_MS - 1)).toEqual({
    maintenance: false,
  });
  expect(await getPublicSettings(db, start + SETTINGS_CACHE_MS + 1)).toEqual({ maintenance: true });
});

test("a write through this isolate is visible at once", async () => {
  const db = getDb(env.DB);
  await getPublicSettings(db);
  await setMaintenance(db, true);
  expect(await getPublicSettings(db)).toEqual({ maintenance: true });
  await setMaintenance(db, false);
  expect(await getPublicSettings(db)).toEqual({ maintenance: false });
});
