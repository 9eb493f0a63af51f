import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { ConditionCode } from "#app/features/weather/weather.ts";

export const conditionLabels: Record<ConditionCode, MessageDescriptor> = {
  clear_sky: msg`Clear sky`,
  few_clouds: msg`Few clouds`,
  scattered_clouds: msg`Scattered clouds`,
  broken_clouds: msg`Broken clouds`,
  overcast_clouds: msg`Overcast clouds`,
  mist: msg`Mist`,
  fog: msg`Fog`,
  drizzle: msg`Drizzle`,
  light_rain: msg`Light rain`,
  moderate_rain: msg`Moderate rain`,
  heavy_rain: msg`Heavy rain`,
  freezing_rain: msg`Freezing rain`,
  thunderstorm: msg`Thunderstorm`,
  snow: msg`Snow`,
};

// CSS masks (http/stylesheet.ts): the panel shows 3 of 11 icons, so their paths are not in JS.
const conditionIcons: Record<ConditionCode, readonly [string, string]> = {
  clear_sky: ["weather-sunny", "weather-night"],
  few_clouds: ["weather-partly-cloudy", "weather-night-partly-cloudy"],
  scattered_clouds: ["weather-partly-cloudy", "weather-night-partly-cloudy"],
  broken_clouds: ["weather-cloudy", "weather-cloudy"],
  overcast_clouds: ["weather-cloudy", "weather-cloudy"],
  mist: ["weather-fog", "weather-fog"],
  fog: ["weather-fog", "weather-fog"],
  drizzle: ["weather-rainy", "weather-rainy"],
  light_rain: ["weather-rainy", "weather-rainy"],
  moderate_rain: ["weather-rainy", "weather-rainy"],
  heavy_rain: ["weather-pouring", "weather-pouring"],
  freezing_rain: ["weather-snowy-rainy", "weather-snowy-rainy"],
  thunderstorm: ["weather-lightning-rainy", "weather-lightning-rainy"],
  snow: ["weather-snowy", "weather-snowy"],
};

export function ConditionIcon({
  condition,
  isDay,
  className = "",
}: {
  condition: ConditionCode;
  isDay: boolean;
  className?: string;
}) {
  const [day, night] = conditionIcons[condition];
  return <span aria-hidden="true" className={`icon-mdi-${isDay ? day : night} ${className}`} />;
}
