// The picture a shared link shows (og:image): made by the box or the owner's browser, never the Worker.

/** Link previews' own proportions (1.91:1), so no platform crops it again. */
export const SHARE_CARD = { width: 1200, height: 630, maxBytes: 200 * 1024 } as const;
