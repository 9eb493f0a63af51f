import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "vitest";

// Tailwind generates no rule for a shade the theme does not define, silently: the text then
// shows in the body colour. app.css defines each colour role's shades.
test("every colour-role shade the app uses is defined in app.css", () => {
  const defined = new Set(
    [...readFileSync("app/app.css", "utf8").matchAll(/--color-([a-z]+-\d+):/g)].map((m) => m[1]),
  );
  const sources = readdirSync("app", { recursive: true, encoding: "utf8" }).filter(
    (file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file),
  );
  const undefinedShades = sources.flatMap((file) =>
    [
      ...readFileSync(join("app", file), "utf8").matchAll(
        /(?<![\w-])[a-z]+-((?:primary|secondary|neutral|success|info|warning|error)-\d+)\b/g,
      ),
    ]
      .filter((m) => !defined.has(m[1] as string))
      .map((m) => `${file}: ${m[0]}`),
  );
  expect(undefinedShades).toEqual([]);
});
