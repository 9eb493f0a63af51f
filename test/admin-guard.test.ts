import { env } from "cloudflare:workers";
import { describe, expect, test } from "vitest";
import { LOGIN, logIn, MAINTENANCE } from "./admin.ts";
import { createMedia } from "./factories.ts";
import { ORIGIN, postForm, visit } from "./helpers.ts";

const adminPages = ["/en/admin", "/admin", "/it/admin/maintenance", "/en/admin/maintenance.data"];
const adminForms: Array<[string, Record<string, string>]> = [
  ["/en/admin", { intent: "logout" }],
  [MAINTENANCE, { intent: "maintenance", enabled: "on" }],
  [MAINTENANCE, { intent: "logout-everywhere" }],
];

describe("the admin area's guard", () => {
  test("sends a visitor without a session to the login page, and back afterwards", async () => {
    for (const path of adminPages) {
      const response = await visit(path);
      // A data request learns of the redirect in its body (202), a page by its status.
      const body = await response.text();
      const target = response.headers.get("Location") ?? body;
      expect([302, 202], path).toContain(response.status);
      expect(target, path).toMatch(/\/admin\/login\?next=/);
      expect(body, path).not.toContain("Admin dashboard");
    }
    const back = await visit("/it/admin/maintenance");
    expect(back.headers.get("Location")).toBe("/it/admin/login?next=%2Fit%2Fadmin%2Fmaintenance");
  });

  test("refuses every admin form without a session, and writes nothing", async () => {
    const { session } = await logIn();
    for (const [path, fields] of adminForms) {
      const what = `${path} ${fields.intent}`;
      // Posted by the page's script (a fetcher): 401, which the form turns into a message.
      const fetched = await visit(`${path}.data`, {
        method: "POST",
        body: new URLSearchParams(fields),
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: ORIGIN },
      });
      expect(fetched.status, what).toBe(401);
      // Posted without JavaScript: the page then goes to the login.
      const posted = await postForm(path, fields);
      expect(posted.status, what).toBe(302);
      expect(posted.headers.get("Location"), what).toMatch(/\/admin\/login\?next=/);
    }
    const flag = await env.DB.prepare("select maintenance from site_settings").first();
    expect(flag).toEqual({ maintenance: 0 });
    const sessions = await env.DB.prepare("select count(*) as n from admin_sessions").first();
    expect(sessions).toEqual({ n: 1 });
    expect((await visit("/en/admin", { headers: { Cookie: session } })).status).toBe(200);
  });

  test("after logging in, the owner lands on the page asked for; other targets are ignored", async () => {
    const login = (next: string) =>
      postForm(`${LOGIN}?next=${encodeURIComponent(next)}`, { password: "test-admin-password" });
    expect((await login("/en/admin/maintenance")).headers.get("Location")).toBe(
      "/en/admin/maintenance",
    );
    for (const next of ["//evil.example/admin", "https://evil.example/", "/en/gallery"]) {
      expect((await login(next)).headers.get("Location"), next).toBe("/en/admin");
    }
  });

  test("the dashboard's totals count the whole library, hidden items and time-lapses included", async () => {
    await createMedia({ type: "image", viewCount: 1200, likeCount: 3 });
    await createMedia({ type: "image", status: "hidden", viewCount: 5 });
    await createMedia({ type: "video", likeCount: 4 });
    await createMedia({ type: "timelapse", viewCount: 1 });
    const { session } = await logIn();
    const html = await (await visit("/en/admin", { headers: { Cookie: session } })).text();
    const figure = (label: string) =>
      new RegExp(`<dt[^>]*>${label}</dt><dd[^>]*>([^<]*)</dd>`).exec(html)?.[1];
    // "Gallery views": the statistics' "Page views" count something else.
    expect([figure("Images"), figure("Videos"), figure("Gallery views"), figure("Likes")]).toEqual([
      "2",
      "2",
      "1,206",
      "7",
    ]);
  });

  test("the statistics page says it is the one shown: its heading, and its link marked as current", async () => {
    const { session } = await logIn();
    const page = (path: string) =>
      visit(path, { headers: { Cookie: session } }).then((response) => response.text());
    // The dashboard's own links; the site's navigation marks "Admin" on every admin page.
    const current = (html: string) =>
      [...html.matchAll(/<a [^>]*aria-current="page"[^>]*>([^<]*)<\/a>/g)]
        .map((m) => m[1])
        .filter((name) => name !== "Admin");
    const statistics = await page("/en/admin/statistics");
    expect(current(statistics)).toEqual(["Visitor statistics"]);
    expect(statistics).toMatch(/<h2 [^>]*>Visitor statistics<\/h2>/);
    // Each of the spec's two tabs marks its own page, and the statistics' link is then not current.
    expect(current(await page("/en/admin"))).toEqual(["Upload"]);
    expect(current(await page("/en/admin/maintenance"))).toEqual(["Maintenance"]);
  });

  test("the owner's pages, their data and the owner's API are never cached", async () => {
    const { session } = await logIn();
    for (const path of [
      "/en/admin",
      "/en/admin/statistics",
      "/en/admin/maintenance.data",
      "/api/admin/uploads",
      "/api/admin/media",
    ]) {
      const response = await visit(path, { headers: { Cookie: session } });
      expect(response.status, path).toBe(200);
      expect(response.headers.get("Cache-Control"), path).toBe("private, no-store");
    }
  });
});
