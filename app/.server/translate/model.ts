import type { DescriptionModel } from "#app/.server/describe/describe-model.ts";
import type { Config } from "#app/.server/env.ts";
import type { TranslationModel } from "./translate.ts";

/** Locally and in tests, `AI_STAND_IN_URL` receives exactly what the binding would (ADR 015). */
export function aiModel(env: Env, config: Config): TranslationModel & DescriptionModel {
  const standIn = config.AI_STAND_IN_URL;
  if (!standIn) return env.AI;
  return {
    async run(model: string, inputs: object) {
      const response = await fetch(standIn, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ model, inputs }),
      });
      if (!response.ok) throw new Error(`the AI stand-in answered ${response.status}`);
      return response.json();
    },
  };
}
