import { createContext, useContext } from "react";

/**
 * The site's stylesheet as text, given by the server's entry. Inlined in the head, it
 * costs no render-blocking request; it adds about 10 kB (brotli) to each document.
 */
export const StylesheetContext = createContext("");

/** Browsers render "" here: hydration keeps the server's text and never replaces it. */
export function InlineStylesheet() {
  const css = useContext(StylesheetContext);
  return (
    <style
      // biome-ignore lint/security/noDangerouslySetInnerHtml: our own build's stylesheet
      dangerouslySetInnerHTML={{ __html: css }}
      suppressHydrationWarning
    />
  );
}
