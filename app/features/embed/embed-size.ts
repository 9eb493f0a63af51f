export const EMBED_STRIP_HEIGHT = 72;

/** What the "Embed this camera" block offers; 640 is the oEmbed answer's default width. */
export const EMBED_WIDTHS = [400, 640, 960] as const;

export function embedFrameSize(width: number): { width: number; height: number } {
  return { width, height: Math.round((width * 9) / 16) + EMBED_STRIP_HEIGHT };
}
