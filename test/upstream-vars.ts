const upstreamVars = {
  OPEN_METEO_URL: "open-meteo",
  OPENWEATHERMAP_URL: "openweathermap",
  LAGHI_NET_URL: "laghi-net",
  APPA_TRENTO_URL: "appa-trento",
  AI_STAND_IN_URL: "ai",
} as const;

export function fakeUpstreamVars(base: string, tag: string, scenario = "ok") {
  return Object.fromEntries(
    Object.entries(upstreamVars).map(([name, source]) => [
      name,
      `${base}/${tag}/${scenario}/${source}`,
    ]),
  );
}
