import {
  createContext,
  data,
  type MiddlewareFunction,
  type RouterContextProvider,
  redirect,
} from "react-router";
import { requestScope } from "#app/.server/context.ts";
import { localizePath, pagePath } from "#app/i18n/locales.ts";
import { type AdminSession, readSession } from "./session.ts";
import { hasCookie, SESSION_COOKIE } from "./signed-cookie.ts";

const adminSessionContext = createContext<AdminSession | null>(null);

type Args = { request: Request; context: Readonly<RouterContextProvider> };

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

/** Posts pass on, so nothing typed is lost: every admin action answers `unauthorized()` itself. */
export const ownerOnlyMiddleware: MiddlewareFunction<Response> = ({ request, context }, next) => {
  if (adminSession(context) || !["GET", "HEAD"].includes(request.method)) return next();
  throw toLogin({ request, context });
};

function toLogin({ request, context }: Args): Response {
  const { locale } = context.get(requestScope);
  const login = new URLSearchParams({ next: pagePath(new URL(request.url).pathname) });
  if (hasCookie(request, SESSION_COOKIE)) login.set("expired", "1");
  return redirect(`${localizePath("/admin/login", locale)}?${login}`);
}

/** After a form post without a session, the page reloading its data goes to the login. */
export function ownerSession(args: Args): AdminSession {
  const session = adminSession(args.context);
  if (!session) throw toLogin(args);
  return session;
}

export const unauthorized = () => data({ error: "unauthorized" as const }, { status: 401 });
