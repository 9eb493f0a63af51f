// Focus on a `<video controls>`'s seek bar or volume is reported on the `<video>` itself.
const ownsArrows = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable ||
    ["INPUT", "SELECT", "TEXTAREA"].includes(target.tagName) ||
    (target instanceof HTMLMediaElement && target.controls));

export function arrowStep(event: KeyboardEvent): "prev" | "next" | null {
  if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return null;
  if (ownsArrows(event.target) || event.defaultPrevented) return null;
  return event.key === "ArrowLeft" ? "prev" : event.key === "ArrowRight" ? "next" : null;
}
