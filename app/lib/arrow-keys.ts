/**
 * Form fields, sliders and a film's own controls keep their arrow keys. Focus inside a
 * `<video controls>` (its seek bar, volume) is reported on the `<video>` itself.
 */
export const ownsArrows = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable ||
    ["INPUT", "SELECT", "TEXTAREA"].includes(target.tagName) ||
    (target instanceof HTMLMediaElement && target.controls));

/**
 * The step a bare ← or → asks of a page that steps through pictures; null when the key is not
 * ours (with a modifier, Alt+← is the browser's Back) or the focused element uses it.
 */
export function arrowStep(event: KeyboardEvent): "prev" | "next" | null {
  if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return null;
  if (ownsArrows(event.target) || event.defaultPrevented) return null;
  return event.key === "ArrowLeft" ? "prev" : event.key === "ArrowRight" ? "next" : null;
}
