import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import PostalMime, { type Email } from "postal-mime";
import { beforeEach, expect, test, vi } from "vitest";
import type { AlertMemory } from "#app/.server/camera/camera-alerts.ts";
import type { Presence } from "#app/features/camera/camera-overview.ts";
import { healthReport } from "#test/support/health-report.ts";
import type { CameraStream } from "#workers/durable-objects/camera-stream.ts";
import type { Box } from "./box.ts";
import { camera, connectBox, freshCamera, graceRunsOut } from "./camera-object.ts";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

beforeEach(async () => {
  await freshCamera();
  await env.DB.batch([
    env.DB.prepare("delete from stills"),
    env.DB.prepare("update site_settings set owner_locale = 'de', camera_alerts = null"),
  ]);
});

/**
 * Time passes for the camera: every time it keeps (presence, a drop within its grace, the alerts'
 * memory, the stills' times) moves `ms` into the past. The box's pings, answered without the
 * object, count as heard all along, as from a box that is connected.
 */
async function backdate(ms: number) {
  await runInDurableObject(camera(), (_instance: CameraStream, state) => {
    const kv = state.storage.kv;
    const back = (at: number | null) => (at === null ? null : at - ms);
    const presence = kv.get<Presence>("presence");
    if (presence) kv.put("presence", { ...presence, since: back(presence.since) });
    const dropped = kv.get<{ at: number }>("dropped");
    if (dropped) kv.put("dropped", { ...dropped, at: dropped.at - ms });
    const alerts = kv.get<{ memory: AlertMemory; wakeAt: number | null }>("alerts");
    if (alerts) {
      const { outage, lastSent } = alerts.memory;
      const memory: AlertMemory = {
        ...alerts.memory,
        outage: outage && {
          since: outage.since - ms,
          mailedAt: back(outage.mailedAt),
          remindedAt: back(outage.remindedAt),
          onlineSince: back(outage.onlineSince),
        },
        lastSent: Object.fromEntries(Object.entries(lastSent).map(([kind, at]) => [kind, at - ms])),
      };
      kv.put("alerts", { memory, wakeAt: back(alerts.wakeAt) });
    }
  });
  await env.DB.prepare("update stills set taken_at = taken_at - ?1, slot = slot - ?1")
    .bind(ms)
    .run();
}

/** Lets `ms` pass, running the object's alarm whenever it comes due, as the runtime would. */
async function pass(ms: number) {
  let left = ms;
  while (left > 0) {
    const alarm = await runInDurableObject(camera(), (_i: CameraStream, state) =>
      state.storage.getAlarm(),
    );
    const dueIn = alarm === null ? Number.POSITIVE_INFINITY : Math.max(0, alarm - Date.now());
    const step = Math.min(dueIn, left);
    await backdate(step);
    left -= step;
    if (step === dueIn) await runDurableObjectAlarm(camera());
  }
}

async function disconnect(box: Box) {
  box.socket.close(1000, "power cut");
  await graceRunsOut();
  expect((await camera().overview()).presence.online).toBe(false);
}

const sentKinds = async () =>
  (await camera().overview()).events
    .filter((event) => event.kind === "alert_sent")
    .map((event) => event.detail)
    .reverse();

async function cameraMails(): Promise<Email[]> {
  const raw = await (await env.MAIL_DROP.fetch("http://mail-drop/")).json<string[]>();
  const mails = await Promise.all(raw.map((text) => PostalMime.parse(text)));
  return mails.filter((mail) => mail.from?.address === env.CAMERA_ALERT_FROM);
}

async function newStill(id = "alert-still") {
  const takenAt = Date.now();
  const slot = takenAt - (takenAt % (10 * MINUTE));
  await env.DB.prepare(
    `insert into stills (id, slot, day, taken_at, file_key, byte_size, width, height, created_at)
     values (?, ?, '2026-01-01', ?, 'stills/alert-still.jpg', 9000, 1920, 1080, ?)`,
  )
    .bind(id, slot, takenAt, takenAt)
    .run();
}

test("a 24-hour outage with one 5-minute flap sends two mails: offline, then back online", async () => {
  await env.DB.prepare("update site_settings set owner_locale = 'it'").run();
  await newStill();
  let box = await connectBox();
  await pass(30 * MINUTE);
  await disconnect(box);

  await pass(8 * HOUR);
  box = await connectBox();
  await pass(5 * MINUTE);
  await disconnect(box);
  await pass(16 * HOUR - 5 * MINUTE);
  box = await connectBox();
  await pass(30 * MINUTE);

  expect(await sentKinds()).toEqual(["offline", "online"]);
  // This test's mails are the run's only camera mails in Italian; the drop keeps no order.
  const mails = await vi.waitFor(
    async () => {
      const italian = (await cameraMails()).filter((mail) =>
        mail.headers.some((h) => h.key === "content-language" && h.value === "it"),
      );
      expect(italian).toHaveLength(2);
      return italian;
    },
    { timeout: 10_000, interval: 100 },
  );
  const offline = mails.find((mail) => mail.subject?.endsWith("offline"));
  const online = mails.find((mail) => mail.subject?.endsWith("online"));
  expect(offline?.subject).toBe("[Lake Garda Live Camera] La camera è offline");
  expect(offline?.to).toEqual([{ name: "", address: env.CONTACT_EMAIL_TO }]);
  expect(offline?.text).toContain(`${env.SITE_URL}/it/admin/camera`);
  expect(online?.subject).toBe("[Lake Garda Live Camera] La camera è di nuovo online");
  // The newest still's slot on the archive page (time has moved it since).
  expect(online?.text).toMatch(
    /L'ultima immagine: \S+\/it\/archive\?at=\d{4}-\d\d-\d\dT\d\d:\d0\r?\n/,
  );
  for (const mail of mails) {
    for (const secret of [env.CAMERA_DEVICE_SECRET, env.SESSION_SECRET, env.ADMIN_PASSWORD]) {
      expect(mail.text).not.toContain(secret);
    }
  }
});

test("a camera that drops for five minutes and returns sends nothing", async () => {
  const box = await connectBox();
  await pass(10 * MINUTE);
  await disconnect(box);
  await pass(5 * MINUTE);
  await connectBox();
  await pass(HOUR);
  expect(await sentKinds()).toEqual([]);
  expect((await camera().overview()).events.map((event) => event.kind)).toContain("disconnected");
});

test("no mail while stills still come, nor for an outage the owner switched off", async () => {
  let box = await connectBox();
  await disconnect(box);
  // The stills come over their own requests: the camera works, only the control socket is gone.
  for (let minutes = 0; minutes < 60; minutes += 10) {
    await newStill(`still-${minutes}`);
    await pass(10 * MINUTE);
  }
  expect(await sentKinds()).toEqual([]);

  box = await connectBox();
  await pass(20 * MINUTE);
  await env.DB.prepare(
    `update site_settings set camera_alerts = '{"offline":false,"timelapse":true,"power":true,"card":true}'`,
  ).run();
  await disconnect(box);
  await pass(2 * HOUR);
  expect(await sentKinds()).toEqual([]);
});

test("under-voltage reported by the box is mailed at once, and not again within six hours", async () => {
  const box = await connectBox();
  const power = {
    underVoltage: true,
    throttled: false,
    underVoltageOccurred: true,
    throttledOccurred: false,
  };
  box.socket.send(JSON.stringify(healthReport({ power })));
  await vi.waitFor(async () => expect(await sentKinds()).toEqual(["power"]));
  await pass(HOUR);
  box.socket.send(JSON.stringify(healthReport({ power })));
  await vi.waitFor(async () =>
    expect((await camera().overview()).health?.receivedAt).toBeGreaterThan(Date.now() - 5000),
  );
  await pass(HOUR);
  expect(await sentKinds()).toEqual(["power"]);
  const mail = await vi.waitFor(
    async () => {
      const found = (await cameraMails()).find((m) => m.subject?.includes("Strom"));
      expect(found).toBeDefined();
      return found as Email;
    },
    { timeout: 10_000, interval: 100 },
  );
  expect(mail.subject).toBe("[Lake Garda Live Camera] Der Kamerabox fehlt Strom");
});
