import { useLingui } from "@lingui/react/macro";
import { useEffect, useState } from "react";
import { applyTheme, readTheme, type Theme } from "#app/shell/theme.ts";
import DesktopIcon from "~icons/heroicons/computer-desktop";
import MoonIcon from "~icons/heroicons/moon";
import SunIcon from "~icons/heroicons/sun";

const next: Record<Theme, Theme> = { system: "light", light: "dark", dark: "system" };

export function ThemeToggle() {
  const { t } = useLingui();
  // The server cannot know the stored choice.
  const [theme, setTheme] = useState<Theme>("system");
  useEffect(() => setTheme(readTheme()), []);

  const labels: Record<Theme, string> = {
    light: t`Colour mode: light`,
    dark: t`Colour mode: dark`,
    system: t`Colour mode: system`,
  };
  const Icon = { light: SunIcon, dark: MoonIcon, system: DesktopIcon }[theme];
  return (
    <button
      type="button"
      onClick={() => {
        applyTheme(next[theme]);
        setTheme(next[theme]);
      }}
      aria-label={labels[theme]}
      title={labels[theme]}
      data-theme-choice={theme}
      className="flex size-11 shrink-0 items-center justify-center rounded text-neutral-600 md:size-9 hover:bg-neutral-100 dark:text-neutral-300 dark:hover:bg-neutral-800"
    >
      <Icon className="size-5" />
    </button>
  );
}
