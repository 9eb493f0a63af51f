const entities: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&apos;",
};

/** Text or an attribute's value, safe inside XML. */
export const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => entities[c] ?? c);
