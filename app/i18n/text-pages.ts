/**
 * The long text pages keep their messages in a catalog of their own (locales/{locale}/pages.po),
 * so the legal texts are not downloaded with every other page.
 */
export const textPages = ["/about", "/contact", "/privacy", "/terms", "/imprint"] as const;

export function isTextPage(barePath: string): boolean {
  return (textPages as readonly string[]).includes(barePath);
}
