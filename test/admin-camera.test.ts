import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, test, vi } from "vitest";
import { healthReport } from "#test/support/health-report.ts";
import { logIn } from "./admin.ts";
import { camera, connectBox, freshCamera } from "./camera-object.ts";
import { postForm, visit } from "./helpers.ts";

const CAMERA_PAGE = "/en/admin/camera";

beforeEach(async () => {
  await freshCamera();
  await env.DB.prepare("update site_settings set owner_locale = 'de', camera_alerts = null").run();
});

const ownerLocale = () =>
  env.DB.prepare("select owner_locale from site_settings").first<string>("owner_locale");

async function cameraPage(session: string, path = CAMERA_PAGE) {
  const response = await visit(path, { headers: { Cookie: session } });
  expect(response.status).toBe(200);
  return response.text();
}

describe("the Camera page", () => {
  test("is the owner's alone", async () => {
    const response = await visit(CAMERA_PAGE);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toMatch(/\/en\/admin\/login/);
  });

  test("its dashboard link says it is the page shown, and the page is never cached", async () => {
    const { session } = await logIn();
    const response = await visit(CAMERA_PAGE, { headers: { Cookie: session } });
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const html = await response.text();
    const current = [...html.matchAll(/<a [^>]*aria-current="page"[^>]*>([^<]*)<\/a>/g)]
      .map((m) => m[1])
      .filter((name) => name !== "Admin");
    expect(current).toEqual(["Camera"]);
    expect(html).toMatch(/<h2 [^>]*>Camera<\/h2>/);
  });

  test("shows the camera online and the box's figures, saying which ones this box does not report", async () => {
    const { session } = await logIn();
    const box = await connectBox();
    box.socket.send(
      JSON.stringify(
        healthReport({
          cpuTempC: null,
          power: null,
          disk: { ...healthReport().disk, capturePaused: true },
        }),
      ),
    );
    await vi.waitFor(async () => expect((await camera().overview()).health).not.toBeNull());

    const html = await cameraPage(session);
    expect(html).toMatch(/Online since/);
    expect(html).toContain("Health of the camera box");
    expect(html.match(/not reported by this box/g)).toHaveLength(2);
    expect(html).toContain("Capture for the time-lapse is paused until there is room");
    expect(html).toContain("The box connected");
  });

  test("gives the newest still's addresses for webcam directories", async () => {
    const { session } = await logIn();
    const html = await cameraPage(session);
    expect(html).toMatch(/<h3 [^>]*>Webcam directories<\/h3>/);
    for (const address of [
      "https://lakegarda-live.example/api/stills/newest.jpg?version=thumbnail",
      "https://lakegarda-live.example/api/stills/newest.jpg?version=medium",
      "https://lakegarda-live.example/api/stills/newest.jpg<",
    ]) {
      expect(html).toContain(address);
    }
  });

  test("the admin's language is kept for the mails, written only when it changes", async () => {
    const { session } = await logIn();
    await cameraPage(session, "/it/admin/camera");
    expect(await ownerLocale()).toBe("it");
    await cameraPage(session, "/fr/admin");
    expect(await ownerLocale()).toBe("fr");
  });

  test("the alerts are one form that works without JavaScript", async () => {
    const { session } = await logIn();
    const saved = await postForm(
      CAMERA_PAGE,
      { intent: "alerts", offline: "on", card: "on" },
      { Cookie: session },
    );
    expect(saved.status).toBe(200);
    expect(await saved.text()).toContain("Alerts saved.");
    const stored = await env.DB.prepare("select camera_alerts from site_settings").first<string>(
      "camera_alerts",
    );
    expect(JSON.parse(stored ?? "null")).toEqual({
      offline: true,
      timelapse: false,
      power: false,
      card: true,
    });

    const html = await cameraPage(session);
    const checked = (name: string) =>
      new RegExp(`<input[^>]*name="${name}"[^>]*checked`).test(html);
    expect(["offline", "timelapse", "power", "card"].map(checked)).toEqual([
      true,
      false,
      false,
      true,
    ]);

    const bad = await postForm(
      CAMERA_PAGE,
      { intent: "alerts", offline: "yes" },
      { Cookie: session },
    );
    expect(bad.status).toBe(400);
    expect(
      await env.DB.prepare("select camera_alerts from site_settings").first<string>(
        "camera_alerts",
      ),
    ).toBe(stored);
  });
});
