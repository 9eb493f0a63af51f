// catalog: zoom

import { useLingui } from "@lingui/react/macro";
import Panzoom, { type PanzoomObject } from "@panzoom/panzoom";
import { useCallback, useEffect, useEffectEvent, useRef, useState } from "react";
import { useLocale } from "#app/components/ui/localized-link.tsx";
import { useZoomTiles } from "#app/components/ui/zoom-tiles.ts";
import { formatNumber } from "#app/lib/format.ts";
import { TILE_SIZE, type TileSheet } from "#protocol/tile-sheet.ts";
import CloseIcon from "~icons/mdi/close";
import FitIcon from "~icons/mdi/fit-to-screen-outline";
import ActualSizeIcon from "~icons/mdi/magnify-expand";
import ZoomOutIcon from "~icons/mdi/magnify-minus-outline";
import ZoomInIcon from "~icons/mdi/magnify-plus-outline";

export type ZoomPicture = {
  /** What the page already shows (its `currentSrc`): the viewer opens on it, for free. */
  shown: string;
  /** The picture at its full size, loaded once the zoom goes past what `shown` holds. */
  full: string;
  width: number;
  height: number;
  alt: string;
  /** The full frame in tiles, larger than `full`: its visible tiles load past `full`'s size. */
  sheet?: TileSheet | null;
};

/** After a move, before asking for the tiles it shows. */
const TILES_AFTER_MS = 150;

const PAN_STEP = 0.1;
const pans: Record<string, readonly [number, number]> = {
  ArrowLeft: [1, 0],
  ArrowRight: [-1, 0],
  ArrowUp: [0, 1],
  ArrowDown: [0, -1],
};

export default function ZoomViewer({
  picture,
  onClose,
}: {
  picture: ZoomPicture;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const locale = useLocale();
  const dialog = useRef<HTMLDialogElement>(null);
  const stage = useRef<HTMLDivElement>(null);
  const layer = useRef<HTMLDivElement>(null);
  const image = useRef<HTMLImageElement>(null);
  const panzoom = useRef<PanzoomObject | null>(null);
  const { shown, full, alt, sheet = null } = picture;
  // With a sheet, the picture is the full frame: "Actual size" is one of its pixels per CSS pixel.
  const { width, height } = sheet?.index ?? picture;
  const stillWidth = picture.width;
  const targetScale = useCallback(() => panzoom.current?.getScale() ?? 1, []);
  const tiles = useZoomTiles(sheet, layer, stage, targetScale);
  const loadTiles = tiles.load;
  const [source, setSource] = useState(shown);
  const [said, setSaid] = useState("");
  const [actualSize, setActualSize] = useState(1);
  // Read at the moment it is said: a catalog that arrives meanwhile (a new `t`) must not make
  // the zoom anew, which would drop the visitor's.
  const sayZoom = useEffectEvent((ofActualSize: number) => {
    const share = formatNumber(locale, ofActualSize, { style: "percent" });
    setSaid(t`Zoom ${share}`);
  });

  useEffect(() => {
    const box = stage.current;
    const element = layer.current;
    const img = image.current;
    if (!box || !element || !img) return;
    dialog.current?.showModal();
    const fit = Math.min(box.clientWidth / width, box.clientHeight / height);
    const actual = 1 / fit;
    setActualSize(actual);
    element.style.width = `${width * fit}px`;
    // A picture smaller than the screen still zooms in to twice its fitted size.
    const zoom = Panzoom(element, {
      maxScale: Math.max(2, actual),
      minScale: Math.min(1, actual),
    });
    panzoom.current = zoom;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let tilesTimer: ReturnType<typeof setTimeout> | undefined;
    const onChange = () => {
      const scale = zoom.getScale();
      const shownWidth = width * fit * scale * devicePixelRatio;
      // Past what the shown version holds: the picture itself, once; past that, once zoomed in,
      // its tiles (at the fitted size a screen a little wider than the still would take them all).
      if (shownWidth > img.naturalWidth) setSource(full);
      clearTimeout(tilesTimer);
      if (sheet && scale > 1 && shownWidth > stillWidth) {
        tilesTimer = setTimeout(loadTiles, TILES_AFTER_MS);
      }
      clearTimeout(timer);
      timer = setTimeout(() => sayZoom(scale / actual), 300);
    };
    const onWheel = (event: WheelEvent) => zoom.zoomWithWheel(event);
    element.addEventListener("panzoomchange", onChange);
    box.addEventListener("wheel", onWheel, { passive: false });
    return () => {
      clearTimeout(timer);
      clearTimeout(tilesTimer);
      element.removeEventListener("panzoomchange", onChange);
      box.removeEventListener("wheel", onWheel);
      zoom.destroy();
    };
  }, [full, width, height, stillWidth, sheet, loadTiles]);

  const zoom = () => panzoom.current;
  const onKeyDown = (event: React.KeyboardEvent) => {
    const current = zoom();
    if (!current) return;
    const step = event.shiftKey ? 5 * PAN_STEP : PAN_STEP;
    const box = stage.current;
    const [dx, dy] = [(box?.clientWidth ?? 0) * step, (box?.clientHeight ?? 0) * step];
    const scale = current.getScale();
    const [x, y] = pans[event.key] ?? [0, 0];
    const actions: Record<string, () => void> = {
      "+": () => current.zoomIn(),
      "=": () => current.zoomIn(),
      "-": () => current.zoomOut(),
      "0": () => current.reset(),
      "1": () => current.zoom(actualSize),
    };
    if (x !== 0 || y !== 0) {
      actions[event.key] = () =>
        current.pan((x * dx) / scale, (y * dy) / scale, { relative: true });
    }
    const action = actions[event.key];
    if (!action) return;
    event.preventDefault();
    // The archive steps through stills with the arrow keys: not while the viewer has them.
    event.stopPropagation();
    action();
  };
  const button =
    "inline-flex min-h-11 min-w-11 items-center justify-center gap-1 rounded-full bg-black/60 px-3 text-sm text-white hover:bg-black/80 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white";

  return (
    <dialog
      ref={dialog}
      aria-label={alt}
      onClose={onClose}
      className="m-0 size-full max-h-none max-w-none bg-black p-0 text-white backdrop:bg-black"
    >
      <div
        ref={stage}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the stage takes the zoom's keys
        tabIndex={0}
        role="img"
        aria-label={alt}
        aria-describedby="zoom-keys"
        onKeyDown={onKeyDown}
        className="flex size-full items-center justify-center overflow-hidden focus-visible:outline-2 focus-visible:-outline-offset-4 focus-visible:outline-white"
      >
        <div ref={layer} data-zoom-layer className="relative overflow-hidden">
          <img
            ref={image}
            src={source}
            width={width}
            height={height}
            alt=""
            className="block h-auto w-full max-w-none"
          />
          {tiles.tiles.map(({ index, row, col, src }) => (
            <img
              key={index}
              src={src}
              alt=""
              className="absolute max-w-none"
              style={{
                left: `${((col * TILE_SIZE) / width) * 100}%`,
                top: `${((row * TILE_SIZE) / height) * 100}%`,
                width: `${(TILE_SIZE / width) * 100}%`,
                height: `${(TILE_SIZE / height) * 100}%`,
              }}
            />
          ))}
        </div>
      </div>
      <p id="zoom-keys" className="sr-only">
        {t`Plus and minus zoom, 1 shows the actual size, 0 fits the picture to the screen, the arrow keys move it.`}
      </p>
      <div className="absolute right-3 bottom-3 flex flex-wrap justify-end gap-2">
        <button type="button" className={button} onClick={() => zoom()?.zoomIn()}>
          <ZoomInIcon aria-hidden="true" className="size-5" />
          <span className="sr-only">{t`Zoom in`}</span>
        </button>
        <button type="button" className={button} onClick={() => zoom()?.zoomOut()}>
          <ZoomOutIcon aria-hidden="true" className="size-5" />
          <span className="sr-only">{t`Zoom out`}</span>
        </button>
        <button type="button" className={button} onClick={() => zoom()?.zoom(actualSize)}>
          <ActualSizeIcon aria-hidden="true" className="size-5" />
          {t`Actual size`}
        </button>
        <button type="button" className={button} onClick={() => zoom()?.reset()}>
          <FitIcon aria-hidden="true" className="size-5" />
          {t`Fit to screen`}
        </button>
        <button type="button" className={button} onClick={() => dialog.current?.close()}>
          <CloseIcon aria-hidden="true" className="size-5" />
          {t`Close`}
        </button>
      </div>
      <p className="sr-only" aria-live="polite">
        {said}
      </p>
    </dialog>
  );
}
