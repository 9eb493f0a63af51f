import { lingui, linguiTransformerBabelPreset } from "@lingui/vite-plugin";
import babel from "@rolldown/plugin-babel";
import Icons from "unplugin-icons/vite";
import type { PluginOption } from "vite";
import { iconMasks } from "./icon-masks.ts";
import { localeCatalogs } from "./locale-catalogs.ts";
import { reactIconCompiler } from "./react-icon-compiler.ts";

/** Shared by the build and the component tests. */
export function componentPlugins(): PluginOption[] {
  return [
    babel({ presets: [linguiTransformerBabelPreset()] }),
    lingui(),
    localeCatalogs(),
    Icons({ compiler: reactIconCompiler }),
    iconMasks(),
  ];
}
