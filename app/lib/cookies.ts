function cookiePairs(header: string | null): [string, string][] {
  return (header?.split(";") ?? []).map((pair) => {
    const [key = "", ...value] = pair.trim().split("=");
    return [key, value.join("=")];
  });
}

export function readCookie(header: string | null, name: string): string | null {
  return cookiePairs(header).find(([key]) => key === name)?.[1] ?? null;
}

export function cookieNames(header: string | null): string[] {
  return cookiePairs(header)
    .map(([key]) => key)
    .filter(Boolean);
}
