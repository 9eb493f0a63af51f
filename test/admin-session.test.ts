import { env } from "cloudflare:workers";
import { decodeJwt, SignJWT } from "jose";
import { describe, expect, test } from "vitest";
import { SESSION_COOKIE, signingKey } from "#app/.server/auth/signed-cookie.ts";
import { cookiesOf, LOGIN, logIn, MAINTENANCE, seesDashboard } from "./admin.ts";
import { d1Statements, postForm, runCron, visit, visitWith } from "./helpers.ts";

const sessionKey = signingKey(env, SESSION_COOKIE);

const idOf = (cookie: string) => decodeJwt(cookie.replace("__Host-admin_session=", "")).sub ?? "";

async function sessionIds(): Promise<string[]> {
  const rows = await env.DB.prepare("select id from admin_sessions order by id").all<{
    id: string;
  }>();
  return rows.results.map((row) => row.id);
}

/** A write to the owner's API whose body is refused once the session holds. */
function ownerApiWrite(cookie: string) {
  return visit("/api/admin/media/bulk", {
    method: "POST",
    body: "{}",
    headers: { "Content-Type": "application/json", Cookie: cookie },
  });
}

describe("logging out", () => {
  test("ends the session: a copied cookie no longer opens the dashboard or the owner's API", async () => {
    const { session } = await logIn();
    expect(await seesDashboard(session)).toBe(true);

    const logout = await postForm("/en/admin", { intent: "logout" }, { Cookie: session });
    expect(logout.status).toBe(302);
    expect(cookiesOf(logout)["__Host-admin_session"]).toBe("__Host-admin_session=");

    // The cookie a thief copied before the owner logged out:
    expect(await seesDashboard(session)).toBe(false);
    expect((await ownerApiWrite(session)).status).toBe(401);
    const toggle = await postForm(
      MAINTENANCE,
      { intent: "maintenance", enabled: "on" },
      { Cookie: session },
    );
    expect(toggle.headers.get("Location")).toBe(
      `${LOGIN}?next=%2Fen%2Fadmin%2Fmaintenance&expired=1`,
    );
    expect(await env.DB.prepare("select maintenance from site_settings").first()).toEqual({
      maintenance: 0,
    });
  });

  test("everywhere ends every session, on every device", async () => {
    const laptop = await logIn();
    const phone = await logIn();
    const response = await postForm(
      MAINTENANCE,
      { intent: "logout-everywhere" },
      { Cookie: phone.session },
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(LOGIN);
    expect(await seesDashboard(laptop.session)).toBe(false);
    expect(await seesDashboard(phone.session)).toBe(false);
    expect(await sessionIds()).toEqual([]);
  });

  test("a new password ends every session", async () => {
    const { session } = await logIn();
    const withNewPassword = { ...env, ADMIN_PASSWORD: "a-brand-new-password-42" };
    const dashboard = (visitEnv: Env) =>
      visitWith(visitEnv, "/en/admin", undefined, { headers: { Cookie: session } });
    expect((await dashboard(env)).status).toBe(200);
    const after = await dashboard(withNewPassword);
    expect(after.status).toBe(302);
    expect(after.headers.get("Location")).toContain(LOGIN);
  });

  test("everywhere needs a session of its own", async () => {
    const { session } = await logIn();
    const response = await postForm(MAINTENANCE, { intent: "logout-everywhere" });
    expect(response.headers.get("Location")).toBe(`${LOGIN}?next=%2Fen%2Fadmin%2Fmaintenance`);
    expect(await seesDashboard(session)).toBe(true);
  });
});

describe("session tokens", () => {
  test("a correctly signed token without an expiry is refused, whatever else it claims", async () => {
    const { session } = await logIn();
    const withoutExpiry = (token: SignJWT) =>
      token.setProtectedHeader({ alg: "HS256" }).setIssuedAt().sign(sessionKey);
    const forged = [
      // A live session's id, or the admin subject that tokens carried before sessions.
      await withoutExpiry(new SignJWT().setAudience("admin-session").setSubject(idOf(session))),
      await withoutExpiry(new SignJWT({ role: "admin" }).setSubject("admin")),
    ];
    expect(await seesDashboard(session)).toBe(true);
    for (const token of forged)
      expect(await seesDashboard(`__Host-admin_session=${token}`)).toBe(false);
  });

  test("a device cookie does not pass for a session", async () => {
    const { device } = await logIn();
    expect(
      await seesDashboard(device.replace("__Host-admin_device=", "__Host-admin_session=")),
    ).toBe(false);
  });

  test("a session whose row has expired is refused, and the cron purges it", async () => {
    const expiring = await logIn();
    const live = await logIn();
    await env.DB.prepare("update admin_sessions set expires_at = ? where id = ?")
      .bind(Date.now() - 1000, idOf(expiring.session))
      .run();
    expect(await seesDashboard(expiring.session)).toBe(false);
    expect(await seesDashboard(live.session)).toBe(true);

    await runCron();
    const left = await sessionIds();
    expect(left).not.toContain(idOf(expiring.session));
    expect(left).toContain(idOf(live.session));
  });
});

describe("what a session check costs", () => {
  test("one D1 read per request, none for a forged cookie", async () => {
    const { session } = await logIn();
    // The owner's API: the session is the only statement before the body is refused.
    expect(d1Statements(await ownerApiWrite(session))).toBe(1);
    expect(d1Statements(await ownerApiWrite("__Host-admin_session=forged.token.value"))).toBe(0);

    // A page whose action and loader both need the session reads it once: a no-JS switch
    // (action, then every loader) costs the GET's statements plus the write alone.
    await visit(MAINTENANCE, { headers: { Cookie: session } }); // warms the settings cache
    const get = await visit(MAINTENANCE, { headers: { Cookie: session } });
    const post = await postForm(
      MAINTENANCE,
      { intent: "maintenance", enabled: "off" },
      { Cookie: session },
    );
    expect(post.status).toBe(200);
    expect(d1Statements(post)).toBe(d1Statements(get) + 1);
  });
});
