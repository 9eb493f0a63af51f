import { beforeEach, describe, expect, test, vi } from "vitest";
import { MAX_REPORT_BYTES } from "#protocol/camera-box.ts";
import { healthReport } from "#test/support/health-report.ts";
import { RECONNECT_GRACE_MS } from "#workers/durable-objects/camera-stream.ts";
import { uploadSegment } from "./box.ts";
import { camera, connectBox, freshCamera, graceRunsOut } from "./camera-object.ts";
import { visit } from "./helpers.ts";

beforeEach(freshCamera);

const kinds = async () => (await camera().overview()).events.map((event) => event.kind);

describe("health reports", () => {
  test("the latest report is kept with the box's clock skew, and what changed is in the events", async () => {
    const box = await connectBox();
    box.socket.send(JSON.stringify({ type: "hello", version: "v34", epoch: null, protocol: 2 }));
    box.socket.send(JSON.stringify(healthReport()));
    await vi.waitFor(async () => expect((await camera().overview()).health).not.toBeNull());
    const hot = healthReport(
      {
        cpuTempC: 83,
        power: {
          underVoltage: true,
          throttled: true,
          underVoltageOccurred: true,
          throttledOccurred: true,
        },
      },
      Date.now() - 120_000,
    );
    box.socket.send(JSON.stringify(hot));
    await vi.waitFor(async () =>
      expect((await camera().overview()).health?.report.cpuTempC).toBe(83),
    );

    const overview = await camera().overview();
    expect(overview.presence).toMatchObject({ online: true });
    expect(overview.protocol).toBe(2);
    expect(overview.health?.skewSeconds).toBeGreaterThanOrEqual(120);
    const health = overview.events.filter((event) => event.kind !== "alert_sent");
    expect(health.map((event) => [event.kind, event.detail])).toEqual([
      ["clock_skew", `${overview.health?.skewSeconds} s`],
      ["hot", "83 °C"],
      ["throttled", null],
      ["under_voltage", "now"],
      ["connected", null],
    ]);
  });

  test("the box's own events join the history at the time the box gives", async () => {
    const box = await connectBox();
    const at = new Date(Date.now() - 60_000).toISOString();
    const gap = { type: "event", kind: "camera_gap", at, detail: "camera gone 12:00:00–12:02:00" };
    box.socket.send(JSON.stringify(gap));
    await vi.waitFor(async () => expect(await kinds()).toContain("camera_gap"));
    const event = (await camera().overview()).events.find((e) => e.kind === "camera_gap");
    expect(event).toMatchObject({ at: Date.parse(at), detail: gap.detail });
  });

  test("a connection that ends is in the history, and the camera is offline since then", async () => {
    const box = await connectBox();
    const before = Date.now();
    box.socket.close(1000, "bye");
    await graceRunsOut();
    const { presence, events } = await camera().overview();
    expect(presence).toMatchObject({ online: false, why: "no_box" });
    // Since the connection ended, not since the grace for its return ran out.
    expect(presence.since).toBeGreaterThanOrEqual(before - RECONNECT_GRACE_MS);
    expect(presence.since).toBeLessThan(Date.now() - RECONNECT_GRACE_MS);
    expect(events.map((event) => event.kind)).toEqual(["disconnected", "connected"]);
  });
});

describe("a report the Worker cannot take", () => {
  const refusals: [string, string | object, string, RegExp][] = [
    [
      "a field of the wrong type",
      { ...healthReport(), disk: { ...healthReport().disk, freeMiB: "lots" } },
      "bad_report",
      /^disk\.freeMiB: Invalid input: expected number, received string$/,
    ],
    [
      "a missing field",
      (({ clockSynced: _, ...rest }) => rest)(healthReport()),
      "bad_report",
      /^clockSynced: Invalid input/,
    ],
    [
      "an unknown type",
      { type: "weather", at: new Date().toISOString() },
      "unknown_report",
      /^type: /,
    ],
    ["text that is no JSON", "{health", "bad_report", /^not JSON$/],
    [
      "a report too large to read",
      { ...healthReport(), software: "x".repeat(MAX_REPORT_BYTES) },
      "too_large",
      /at most 8192 bytes/,
    ],
  ];

  test.each(refusals)(
    "%s is refused naming why, nothing is kept, the stream goes on",
    async (_, report, code, message) => {
      const box = await connectBox();
      box.socket.send(JSON.stringify(healthReport({ cpuTempC: 40 })));
      const started = await visit("/api/stream/sessions", {
        method: "POST",
        headers: { "CF-Connecting-IP": "198.51.100.7" },
      });
      expect(started.status).toBe(201);
      expect(await box.next()).toMatchObject({ type: "start", epoch: 1 });
      expect((await uploadSegment(1, "0.ts")).status).toBe(201);
      const before = await camera().overview();

      box.socket.send(typeof report === "string" ? report : JSON.stringify(report));
      const refused = await box.next();
      expect(refused).toMatchObject({ type: "refused", code });
      expect(refused.type === "refused" && refused.message).toMatch(message);

      const after = await camera().overview();
      expect(after.health).toEqual(before.health);
      expect(after.events).toEqual(before.events);
      expect(await camera().status()).toEqual({ online: true, phase: "live" });
      expect((await uploadSegment(1, "1.ts")).status).toBe(201);
    },
  );
});
