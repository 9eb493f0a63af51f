import { data } from "react-router";
import { ErrorPage } from "~/components/error-page";
import type { Route } from "./+types/not-found";

/** Any unmatched path, at any depth, in any locale: the 404 page with a real 404 status. */
export function loader({ request }: Route.LoaderArgs) {
  return data({ path: new URL(request.url).pathname }, { status: 404 });
}

export default function NotFound() {
  return <ErrorPage status={404} />;
}
