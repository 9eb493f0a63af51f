import { expect } from "vitest";
import { postForm, visit } from "./helpers.ts";

export const ADMIN_PASSWORD = "test-admin-password";

export function cookiesOf(response: Response): Record<string, string> {
  return Object.fromEntries(
    response.headers.getSetCookie().map((header) => {
      const pair = header.split(";")[0] ?? "";
      return [pair.split("=")[0], pair];
    }),
  );
}

export const LOGIN = "/en/admin/login";
export const MAINTENANCE = "/en/admin/maintenance";

let logins = 0;

/** Logs in from a network of its own each time: the edge shield allows 30 a network in 10 s. */
export async function logIn(headers: Record<string, string> = {}) {
  logins += 1;
  const from = { "CF-Connecting-IP": `2001:db8:0:${logins.toString(16)}::1`, ...headers };
  const response = await postForm(LOGIN, { password: ADMIN_PASSWORD }, from);
  expect(response.status).toBe(302);
  const cookies = cookiesOf(response);
  return {
    session: cookies["__Host-admin_session"] ?? "",
    device: cookies["__Host-admin_device"] ?? "",
  };
}

export async function seesDashboard(cookie: string): Promise<boolean> {
  const page = await (await visit("/en/admin", { headers: { Cookie: cookie } })).text();
  return page.includes("Admin dashboard");
}
