import { readFileSync } from "node:fs";
import { expect } from "@playwright/test";
import { signRequest } from "#protocol/device-signature.ts";
import { encodeStillForm, STILL_TAKEN_AT_HEADER } from "#protocol/still-upload.ts";
import { deviceId, deviceSecret } from "./device-key.ts";

/** As the box sends one: versions, device signature, X-Taken-At (the demo's medium is itself). */
export async function sendStill(baseURL: string, picture: string, takenAt: number) {
  const path = "/api/ingest/still";
  const jpeg = (name: string) => new Uint8Array(readFileSync(`scripts/demo-media/${name}.jpg`));
  const { bytes: body, contentType } = await encodeStillForm(jpeg(picture), {
    thumbnail: jpeg(`${picture}-thumb`),
    small: jpeg(`${picture}-small`),
    medium: jpeg(picture),
  });
  const timestamp = Math.floor(Date.now() / 1000);
  const signed = await signRequest(deviceSecret, deviceId, {
    method: "PUT",
    path,
    timestamp,
    body,
  });
  const response = await fetch(`${baseURL}${path}`, {
    method: "PUT",
    body,
    headers: {
      ...signed,
      "Content-Type": contentType,
      [STILL_TAKEN_AT_HEADER]: new Date(takenAt).toISOString(),
    },
  });
  expect(response.status, await response.text()).toBe(201);
}
