import { VERSIONS } from "#app/features/uploads/upload-limits.ts";
import { canvasJpeg, makeShareCard } from "./share-card.ts";

const DECODE_TIMEOUT_MS = 20_000;

export type VideoFrame = {
  poster: Blob;
  card: Blob | null;
  width: number;
  height: number;
  durationSeconds: number;
};

// Null when the browser cannot decode it (some browsers, a phone's HEVC MOV).
export async function videoFrame(file: Blob): Promise<VideoFrame | null> {
  const url = URL.createObjectURL(file);
  const video = document.createElement("video");
  video.muted = true;
  video.preload = "auto";
  try {
    await new Promise<void>((loaded, failed) => {
      const timer = setTimeout(
        () => failed(new Error("the video did not load")),
        DECODE_TIMEOUT_MS,
      );
      video.onloadeddata = () => {
        clearTimeout(timer);
        loaded();
      };
      video.onerror = () => {
        clearTimeout(timer);
        failed(new Error("the video cannot be decoded"));
      };
      video.src = url;
    });
    if (!video.videoWidth || !Number.isFinite(video.duration)) return null;
    await new Promise<void>((seeked, failed) => {
      const timer = setTimeout(() => failed(new Error("no frame")), DECODE_TIMEOUT_MS);
      video.onseeked = () => {
        clearTimeout(timer);
        seeked();
      };
      video.currentTime = Math.min(1, video.duration / 2);
    });
    const scale = Math.min(
      1,
      VERSIONS.thumbnail.longSide / Math.max(video.videoWidth, video.videoHeight),
    );
    const canvas = document.createElement("canvas");
    canvas.width = Math.round(video.videoWidth * scale);
    canvas.height = Math.round(video.videoHeight * scale);
    canvas.getContext("2d")?.drawImage(video, 0, 0, canvas.width, canvas.height);
    return {
      poster: await canvasJpeg(canvas, 0.8),
      card: await makeShareCard(video, video.videoWidth, video.videoHeight),
      width: video.videoWidth,
      height: video.videoHeight,
      durationSeconds: video.duration,
    };
  } catch {
    return null;
  } finally {
    video.removeAttribute("src");
    video.load();
    URL.revokeObjectURL(url);
  }
}

export async function placeholderPoster(width: number, height: number): Promise<Blob> {
  const scale = Math.min(1, VERSIONS.thumbnail.longSide / Math.max(width, height));
  const canvas = document.createElement("canvas");
  canvas.width = Math.max(16, Math.round(width * scale));
  canvas.height = Math.max(16, Math.round(height * scale));
  const context = canvas.getContext("2d");
  if (context) {
    context.fillStyle = "#1e293b";
    context.fillRect(0, 0, canvas.width, canvas.height);
    const size = Math.min(canvas.width, canvas.height) / 4;
    const x = canvas.width / 2;
    const y = canvas.height / 2;
    context.fillStyle = "#e2e8f0";
    context.beginPath();
    context.moveTo(x - size / 2, y - size / 2);
    context.lineTo(x + size / 2, y);
    context.lineTo(x - size / 2, y + size / 2);
    context.fill();
  }
  return canvasJpeg(canvas, 0.8);
}
