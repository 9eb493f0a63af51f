import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { expect, hydrated } from "./fixtures.ts";

// The preview reads the same local secrets as `npm run dev` (copied from the example).
export const password =
  /ADMIN_PASSWORD="([^"]+)"/.exec(readFileSync(".dev.vars", "utf8"))?.[1] ?? "";
export const passwordLabel = "Bitte geben Sie das Passwort für den Admin-Zugang ein";

export async function logIn(page: Page, path = "/admin/maintenance") {
  await page.goto(path);
  await hydrated(page);
  await page.getByLabel(passwordLabel).fill(password);
  await page.getByRole("button", { name: "Anmelden" }).click();
  await expect(page.getByRole("heading", { name: "Admin-Dashboard" })).toBeVisible();
  await expect(page).toHaveURL(path);
}
