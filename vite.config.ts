import { execSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { componentPlugins } from "#scripts/component-plugins.ts";
import { staticHeaders } from "#scripts/static-headers.ts";
import { withoutWorkerdStackDumps } from "#scripts/workerd-logs.ts";

// One id shared by the client and the Worker of a build; the client's build check compares them.
const buildId =
  process.env.BUILD_ID ??
  `${gitRevision()}-${new Date().toISOString().replace(/[-:]/g, "").slice(0, 13)}`;

function gitRevision() {
  try {
    return execSync("git rev-parse --short HEAD", { stdio: ["ignore", "pipe", "ignore"] })
      .toString()
      .trim();
  } catch {
    return "dev";
  }
}

export default defineConfig({
  customLogger: withoutWorkerdStackDumps(),
  plugins: [
    // Workers AI and other remote-only bindings would need an account; local stays local.
    cloudflare({ viteEnvironment: { name: "ssr" }, remoteBindings: false }),
    tailwindcss(),
    ...componentPlugins(),
    staticHeaders(),
    reactRouter(),
  ],
  define: {
    __BUILD_ID__: JSON.stringify(buildId),
  },
  resolve: {
    alias: [
      // React's own hook instead of the shim for React 16 and 17 that Lingui's provider imports.
      {
        find: /^use-sync-external-store\/shim$/,
        replacement: fileURLToPath(
          new URL("./app/lib/use-sync-external-store-shim.ts", import.meta.url),
        ),
      },
    ],
  },
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            // Every page needs React, the router and Lingui at once: one chunk compresses
            // better than the many slices automatic splitting makes of them.
            codeSplitting: {
              groups: [
                {
                  name: "framework",
                  test: /node_modules[\\/](react|react-dom|react-router|scheduler|@lingui|cookie|set-cookie-parser)[\\/]/,
                  priority: 2,
                },
                // A weather condition's icon and label, a still's image: the home, archive and
                // embed pages use both, and one chunk costs a first visit less than two.
                {
                  name: "stills",
                  test: /app[\\/](components[\\/]weather[\\/]condition\.tsx|features[\\/]archive[\\/]stills\.ts)$/,
                  priority: 1,
                },
                // The root route and what it imports: the shell every page renders. The lake's
                // calendar helpers join it: as chunks of their own, a few hundred bytes each,
                // their import statements cost a first visit more than they save. So do the
                // catalog loader (every page's entry), the date and number formats (every page
                // but the 404's) and the Watch live link (home and About): the home page and
                // About 0.5 kB gzip less, the other pages 0.3 kB less, the 404 page 0.2 kB more.
                {
                  name: "shell",
                  test: /app[\\/](root\.tsx|i18n[\\/]load-messages\.ts|lib[\\/]format\.ts|components[\\/]live-stream[\\/]watch-live-link\.tsx)$|time[\\/](calendar-day|lake-time)\.ts$/,
                  priority: 1,
                },
              ],
            },
          },
        },
      },
    },
  },
  optimizeDeps: {
    include: ["@lingui/core", "@lingui/react", "radix-ui"],
  },
});
