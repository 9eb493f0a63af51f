import { env } from "cloudflare:workers";
import { describe, expect, test } from "vitest";
import { ADMIN_PASSWORD, LOGIN, logIn as logInWithDevice, MAINTENANCE } from "./admin.ts";
import { cookieFrom, postForm, visit } from "./helpers.ts";

const logIn = async () => (await logInWithDevice()).session;

async function maintenanceInDb() {
  const row = await env.DB.prepare("select maintenance from site_settings where id = 1").first<{
    maintenance: number;
  }>();
  return row?.maintenance === 1;
}

describe("admin session", () => {
  test("a wrong password is refused with 'Incorrect password' and no cookie", async () => {
    const response = await postForm(LOGIN, { password: "guess-guess" });
    expect(response.status).toBe(401);
    expect(response.headers.get("Set-Cookie")).toBeNull();
    expect(await response.text()).toContain("Incorrect password");
  });

  test("the right password gives a host-only, HttpOnly, Secure, SameSite=Strict session", async () => {
    const response = await postForm("/admin/login", { password: ADMIN_PASSWORD });
    expect(response.status).toBe(302);
    const cookie = response.headers.get("Set-Cookie") ?? "";
    // `__Host-`: browsers take it only with Path=/ and no Domain, from this very host.
    expect(cookie).toMatch(/^__Host-admin_session=[\w-]+\.[\w-]+\.[\w-]+;/);
    expect(cookie).toContain("Path=/;");
    expect(cookie).not.toContain("Domain");
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("Secure");
    expect(cookie).toContain("SameSite=Strict");

    const dashboard = await visit("/en/admin", { headers: { Cookie: cookieFrom(response) } });
    expect(await dashboard.text()).toContain("Admin dashboard");
  });

  test("a tampered session is treated as logged out", async () => {
    const cookie = await logIn();
    const tampered = `${cookie.slice(0, -3)}abc`;
    const page = await visit("/en/admin", { headers: { Cookie: tampered } });
    expect(page.status).toBe(302);
    expect(page.headers.get("Location")).toBe(`${LOGIN}?next=%2Fen%2Fadmin&expired=1`);
  });

  test("malformed admin forms are a 400, not a 500", async () => {
    const cookie = await logIn();
    const response = await postForm(MAINTENANCE, { intent: "explode" }, { Cookie: cookie });
    expect(response.status).toBe(400);
  });
});

describe("maintenance mode", () => {
  test("only a logged-in owner can switch it", async () => {
    const response = await postForm(MAINTENANCE, { intent: "maintenance", enabled: "on" });
    expect(response.headers.get("Location")).toMatch(/^\/en\/admin\/login\?/);
    expect(await maintenanceInDb()).toBe(false);
  });

  test("visitors get the overlay with a 503 while the admin area stays usable", async () => {
    const cookie = await logIn();
    const on = await postForm(
      MAINTENANCE,
      { intent: "maintenance", enabled: "on" },
      { Cookie: cookie },
    );
    expect(on.status).toBe(200);
    expect(await maintenanceInDb()).toBe(true);

    const home = await visit("/en");
    expect(home.status).toBe(503);
    expect(home.headers.get("Retry-After")).toBe("3600");
    const html = await home.text();
    expect(html).toContain("Work in progress");
    expect(html).toContain("Thank you for your patience!");
    // The tab names what is on screen, not the page hidden under the overlay.
    expect(html).toContain("<title>Work in progress · Lake Garda Live Camera</title>");

    const german = await (await visit("/about")).text();
    expect(german).toContain("<title>Wartungsarbeiten · Gardasee Live-Kamera</title>");

    const admin = await visit("/en/admin", { headers: { Cookie: cookie } });
    expect(admin.status).toBe(200);
    expect(await admin.text()).not.toContain("Work in progress");

    const publicFlag = await visit("/api/settings");
    expect(await publicFlag.json()).toEqual({ maintenance: true });

    await postForm(MAINTENANCE, { intent: "maintenance", enabled: "off" }, { Cookie: cookie });
    const after = await visit("/en/about");
    expect(after.status).toBe(200);
    expect(await after.text()).toMatch(/<title>About[^<]* · Lake Garda Live Camera<\/title>/);
  });

  test("the page under the overlay is inert from the first byte, and only then", async () => {
    const cookie = await logIn();
    await postForm(MAINTENANCE, { intent: "maintenance", enabled: "on" }, { Cookie: cookie });
    try {
      const html = await (await visit("/en/about")).text();
      // Header, page and footer sit in one inert wrapper; the dialog is outside it, in place (its
      // code loads in the browser only now, but its HTML is not left for a script to reveal).
      expect(html).toMatch(
        /<div inert="" class="contents"><header[\s\S]*<\/footer><\/div><!--\$--><div role="alertdialog"/,
      );
    } finally {
      await postForm(MAINTENANCE, { intent: "maintenance", enabled: "off" }, { Cookie: cookie });
    }
    expect(await (await visit("/en/about")).text()).not.toContain("inert");
  });

  test("client revalidation of the admin page (.data) is never blocked by the overlay", async () => {
    const cookie = await logIn();
    await postForm(MAINTENANCE, { intent: "maintenance", enabled: "on" }, { Cookie: cookie });
    try {
      // What the browser asks after switching and after logging in. The root loader answers
      // 503 exactly when it tells the page to show the overlay.
      for (const path of [
        "/en/admin/maintenance.data",
        "/admin.data?_routes=root%2Cde%2Fadmin%2Flayout",
      ]) {
        expect((await visit(path, { headers: { Cookie: cookie } })).status, path).toBe(200);
      }
      // The login page, before the owner is logged in again.
      expect((await visit("/it/admin/login.data?_routes=root")).status).toBe(200);
      expect((await visit("/en/gallery.data?_routes=root")).status).toBe(503);
    } finally {
      await postForm(MAINTENANCE, { intent: "maintenance", enabled: "off" }, { Cookie: cookie });
    }
  });
});

describe("login rate limit", () => {
  test("stops password guessing after five wrong attempts", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const response = await postForm(
        LOGIN,
        { password: `wrong-${i}` },
        { "CF-Connecting-IP": "203.0.113.9" },
      );
      statuses.push(response.status);
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5)).toEqual([429, 429]);
  });
});
