import { requestScope } from "#app/.server/context.ts";
import { atomFeed } from "#app/.server/feed/atom-feed.ts";
import type { Route } from "./+types/feed";

export async function loader({ context }: Route.LoaderArgs) {
  return new Response(await atomFeed(context.get(requestScope)), {
    headers: {
      "Content-Type": "application/atom+xml; charset=utf-8",
      "Cache-Control": "public, max-age=600",
    },
  });
}
