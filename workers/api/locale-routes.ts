import { zValidator } from "@hono/zod-validator";
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { setCookie } from "hono/cookie";
import { z } from "zod";
import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE, locales, localizePath } from "#app/i18n/locales.ts";
import { apiError, rejectInvalid } from "./errors.ts";
import type { ApiEnv } from "./types.ts";

const localeChoice = z.object({
  locale: z.enum(locales, { message: "unknown locale" }),
  // Same-site paths only: "/x" but never "//host" (an open redirect).
  redirectTo: z
    .string()
    .max(2048)
    .regex(/^\/(?![/\\])/, "must be a path on this site")
    .default("/"),
});

export const localeRoutes = new Hono<ApiEnv>().post(
  "/",
  // The form holds two short fields: a stranger's large body is refused before it is read.
  bodyLimit({
    maxSize: 4096,
    onError: (c) => apiError(c, 413, "too_large", "The request body is too large"),
  }),
  zValidator("form", localeChoice, rejectInvalid(400, "invalid_locale_choice")),
  (c) => {
    const { locale, redirectTo } = c.req.valid("form");
    const target = new URL(redirectTo, c.req.url);
    setCookie(c, LOCALE_COOKIE, locale, {
      path: "/",
      maxAge: LOCALE_COOKIE_MAX_AGE,
      httpOnly: true,
      secure: true,
      sameSite: "Lax",
    });
    // "/en//host" would become "//host" without its prefix: an open redirect.
    const path = localizePath(target.pathname, locale).replace(/^[/\\]+/, "/");
    return c.redirect(`${path}${target.search}${target.hash}`, 303);
  },
);
