import { createContext, useContext } from "react";

// Inlined in the head: no render-blocking request (ADR 018).
export const StylesheetContext = createContext("");

// "" in the browser: hydration keeps the server's text.
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
