import type { ConditionCode, WeatherPanelData } from "#app/features/weather/weather.ts";
import { waterTemperatureView, weatherView } from "#app/features/weather/weather-view.ts";

export type EmbedWeather = { temperature: number; condition: ConditionCode; water: number } | null;

export function embedWeather(data: WeatherPanelData): EmbedWeather {
  if (data.status !== "ready") return null;
  const weather = weatherView(data.snapshot, data.renderedAt);
  if (weather.state === "unavailable") return null;
  const water = waterTemperatureView(data.snapshot, data.renderedAt);
  return {
    temperature: weather.current.temperature,
    condition: weather.current.condition,
    water: water.average ?? water.south.celsius,
  };
}
