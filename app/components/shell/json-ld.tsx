/** Structured data a loader made (app/.server/structured-data.ts); a data block, never run. */
export function JsonLd({ json }: { json: string | null | undefined }) {
  if (!json) return null;
  // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON made on the server, `<` escaped
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />;
}
