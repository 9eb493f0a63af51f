import { createContext, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { requestScope } from "../context";
import { type AdminSession, readSession } from "./session";

const adminSessionContext = createContext<AdminSession | null>(null);

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
