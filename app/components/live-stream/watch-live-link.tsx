import { LocalizedLink } from "#app/components/ui/localized-link.tsx";

type WatchLiveState = { watchLive: true };
const watchLiveState: WatchLiveState = { watchLive: true };

export function wantsToWatchLive(state: unknown): state is WatchLiveState {
  return (
    typeof state === "object" && state !== null && (state as WatchLiveState).watchLive === true
  );
}

export function WatchLiveLink(props: Omit<React.ComponentProps<typeof LocalizedLink>, "to">) {
  return <LocalizedLink to="/" hash="live" state={watchLiveState} {...props} />;
}
