import { LocalizedLink } from "../localized-link";

type WatchLiveState = { watchLive: true };
const watchLiveState: WatchLiveState = { watchLive: true };

/** Whether this navigation came from a `WatchLiveLink`: then arriving is the click on play. */
export function wantsToWatchLive(state: unknown): state is WatchLiveState {
  return (
    typeof state === "object" && state !== null && (state as WatchLiveState).watchLive === true
  );
}

/** A link to the home page's camera that starts a session on arrival (one click, not two). */
export function WatchLiveLink(props: Omit<React.ComponentProps<typeof LocalizedLink>, "to">) {
  return <LocalizedLink to="/" hash="live" state={watchLiveState} {...props} />;
}
