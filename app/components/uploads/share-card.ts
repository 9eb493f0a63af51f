import { SHARE_CARD } from "#protocol/share-card.ts";

/** Tried in turn until the card fits: 0.82 does for most photos, sensor noise needs less. */
const CARD_QUALITIES = [0.82, 0.7, 0.6, 0.5, 0.4, 0.3];

export async function canvasJpeg(canvas: HTMLCanvasElement, quality: number): Promise<Blob> {
  const blob = await new Promise<Blob | null>((done) => canvas.toBlob(done, "image/jpeg", quality));
  if (!blob) throw new Error("the picture could not be encoded");
  return blob;
}

/** Cut from the centre as the box cuts its stills; null if even the coarsest is over the bytes. */
export async function makeShareCard(
  source: CanvasImageSource,
  width: number,
  height: number,
): Promise<Blob | null> {
  const canvas = document.createElement("canvas");
  canvas.width = SHARE_CARD.width;
  canvas.height = SHARE_CARD.height;
  const context = canvas.getContext("2d");
  if (!context) throw new Error("no 2d canvas");
  const scale = Math.max(canvas.width / width, canvas.height / height);
  context.imageSmoothingQuality = "high";
  context.drawImage(
    source,
    (canvas.width - width * scale) / 2,
    (canvas.height - height * scale) / 2,
    width * scale,
    height * scale,
  );
  for (const quality of CARD_QUALITIES) {
    const card = await canvasJpeg(canvas, quality);
    if (card.size <= SHARE_CARD.maxBytes) return card;
  }
  return null;
}
