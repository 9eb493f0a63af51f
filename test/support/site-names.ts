/** The site's name as each language's pages show it (the credit the Terms ask for). */
export const siteNames = {
  de: "Gardasee Live-Kamera",
  en: "Lake Garda Live Camera",
  it: "Webcam Lago di Garda",
  fr: "Webcam du lac de Garde",
  es: "Webcam del lago de Garda",
} as const;
