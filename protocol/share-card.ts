// The picture a shared link shows (og:image): made where a still's, a photo's or a film's other
// versions are made (the box, the owner's browser), never by the Worker.

/** Link previews' own proportions (1.91:1), so no platform crops it again; small enough to fetch at once. */
export const SHARE_CARD = { width: 1200, height: 630, maxBytes: 200 * 1024 } as const;
