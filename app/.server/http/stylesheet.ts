// Inlined in the head: as route stylesheets the icon masks cost a render-blocking request (ADR 007).

import refresh from "virtual:icon-mask/mdi/refresh.css?inline";
import cloudy from "virtual:icon-mask/mdi/weather-cloudy.css?inline";
import fog from "virtual:icon-mask/mdi/weather-fog.css?inline";
import lightningRainy from "virtual:icon-mask/mdi/weather-lightning-rainy.css?inline";
import night from "virtual:icon-mask/mdi/weather-night.css?inline";
import nightPartlyCloudy from "virtual:icon-mask/mdi/weather-night-partly-cloudy.css?inline";
import partlyCloudy from "virtual:icon-mask/mdi/weather-partly-cloudy.css?inline";
import pouring from "virtual:icon-mask/mdi/weather-pouring.css?inline";
import rainy from "virtual:icon-mask/mdi/weather-rainy.css?inline";
import snowy from "virtual:icon-mask/mdi/weather-snowy.css?inline";
import snowyRainy from "virtual:icon-mask/mdi/weather-snowy-rainy.css?inline";
import sunny from "virtual:icon-mask/mdi/weather-sunny.css?inline";
import site from "#app/app.css?inline";

export const stylesheet = [
  site,
  refresh,
  cloudy,
  fog,
  lightningRainy,
  night,
  nightPartlyCloudy,
  partlyCloudy,
  pouring,
  rainy,
  snowy,
  snowyRainy,
  sunny,
].join("");
