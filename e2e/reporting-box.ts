import { BOX_PROTOCOL, type Command, type HealthReport } from "#protocol/camera-box.ts";
import { DEVICE_HEADERS, signRequest } from "#protocol/device-signature.ts";
import { healthReport } from "#test/support/health-report.ts";
import { deviceId, deviceSecret } from "./device-key.ts";

export type ReportingBox = {
  report: (changes?: Partial<HealthReport>) => void;
  received: Command[];
  close: () => Promise<void>;
};

/**
 * The box as the Worker meets it on its control socket, without ffmpeg: it says hello and
 * sends the health reports a journey chooses (the real box: ingest/control.ts).
 */
export async function connectReportingBox(baseUrl: string): Promise<ReportingBox> {
  const path = "/api/ingest/control";
  const timestamp = Math.floor(Date.now() / 1000);
  const headers = await signRequest(deviceSecret, deviceId, {
    method: "GET",
    path,
    timestamp,
    body: new Uint8Array(),
  });
  const query = new URLSearchParams({
    device: deviceId,
    timestamp: String(timestamp),
    signature: headers[DEVICE_HEADERS.signature] ?? "",
  });
  const socket = new WebSocket(`${baseUrl.replace(/^http/, "ws")}${path}?${query}`);
  const received: Command[] = [];
  socket.addEventListener("message", (event) => received.push(JSON.parse(String(event.data))));
  await new Promise<void>((resolve, reject) => {
    socket.addEventListener("open", () => resolve(), { once: true });
    socket.addEventListener("error", () => reject(new Error("the control socket did not open")), {
      once: true,
    });
  });
  socket.send(
    JSON.stringify({
      type: "hello",
      version: "journey",
      epoch: null,
      protocol: BOX_PROTOCOL,
      camera: true,
    }),
  );
  return {
    report: (changes = {}) => socket.send(JSON.stringify(healthReport(changes))),
    received,
    close: () =>
      new Promise<void>((resolve) => {
        socket.addEventListener("close", () => resolve(), { once: true });
        socket.close(1000, "journey over");
      }),
  };
}
