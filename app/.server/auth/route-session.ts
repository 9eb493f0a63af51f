import {
  createContext,
  data,
  type MiddlewareFunction,
  type RouterContextProvider,
  redirect,
} from "react-router";
import { localizePath, pagePath } from "~/i18n/locales";
import { readCookie } from "~/lib/cookies";
import { requestScope } from "../context";
import { type AdminSession, readSession } from "./session";
import { SESSION_COOKIE } from "./signed-cookie";

const adminSessionContext = createContext<AdminSession | null>(null);

type Args = { request: Request; context: Readonly<RouterContextProvider> };

/** Reads the owner's session once per request for every loader and action of the route. */
export const adminSessionMiddleware: MiddlewareFunction<Response> = async (
  { request, context },
  next,
) => {
  context.set(adminSessionContext, await readSession(request, context.get(requestScope)));
  return next();
};

export function adminSession(context: Readonly<RouterContextProvider>): AdminSession | null {
  return context.get(adminSessionContext);
}

/**
 * The admin area's one guard, after `adminSessionMiddleware`. A page or data request
 * without a live session goes to the login page, which says when a session ended and
 * comes back afterwards: no loader under it runs. A form post passes on, because a
 * redirect would throw away what the owner typed: every admin action starts by answering
 * `unauthorized()` without a session, which the form turns into
 * "session expired, log in again" (test/admin-guard.test.ts posts to each one).
 */
export const ownerOnlyMiddleware: MiddlewareFunction<Response> = ({ request, context }, next) => {
  if (adminSession(context) || !["GET", "HEAD"].includes(request.method)) return next();
  throw toLogin({ request, context });
};

/** The login page, told where to come back to and whether a session has just ended. */
function toLogin({ request, context }: Args): Response {
  const { locale } = context.get(requestScope);
  const login = new URLSearchParams({ next: pagePath(new URL(request.url).pathname) });
  if (readCookie(request.headers.get("Cookie"), SESSION_COOKIE.name)) login.set("expired", "1");
  return redirect(`${localizePath("/admin/login", locale)}?${login}`);
}

/**
 * The session an admin loader runs under. The guard has seen to it for page and data
 * requests; after a form post without one, the page reloading its data goes to the login.
 */
export function ownerSession(args: Args): AdminSession {
  const session = adminSession(args.context);
  if (!session) throw toLogin(args);
  return session;
}

/** What an admin action answers without a session: nothing written, and the form says so. */
export const unauthorized = () => data({ error: "unauthorized" as const }, { status: 401 });
