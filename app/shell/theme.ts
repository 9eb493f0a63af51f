const themes = ["light", "dark", "system"] as const;
export type Theme = (typeof themes)[number];
const THEME_KEY = "theme";

/** Inline in <head> before the first paint, so dark mode never flashes white; kept in localStorage. */
export const themeScript = `(function(){try{var t=localStorage.getItem("${THEME_KEY}");var d=t==="dark"||(t!=="light"&&matchMedia("(prefers-color-scheme: dark)").matches);document.documentElement.classList.toggle("dark",d)}catch(e){}})()`;

export function readTheme(): Theme {
  const stored = localStorage.getItem(THEME_KEY);
  return themes.find((t) => t === stored) ?? "system";
}

export function applyTheme(theme: Theme) {
  if (theme === "system") localStorage.removeItem(THEME_KEY);
  else localStorage.setItem(THEME_KEY, theme);
  const dark =
    theme === "dark" ||
    (theme === "system" && window.matchMedia("(prefers-color-scheme: dark)").matches);
  document.documentElement.classList.toggle("dark", dark);
}
