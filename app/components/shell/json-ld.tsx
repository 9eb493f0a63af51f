import { useNonce } from "#app/lib/nonce.ts";

/** Structured data a loader made (app/.server/structured-data.ts); a data block, never run. */
export function JsonLd({ json }: { json: string | null | undefined }) {
  const nonce = useNonce();
  if (!json) return null;
  return (
    <script
      type="application/ld+json"
      // Every script of a page carries the response's nonce, data blocks too.
      nonce={nonce}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON made on the server, `<` escaped
      dangerouslySetInnerHTML={{ __html: json }}
      // Browsers hide a parsed nonce in varying ways; it is not content to reconcile.
      suppressHydrationWarning
    />
  );
}
