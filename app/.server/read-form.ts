const FORM_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);

export type FormRead = { ok: true; form: FormData } | { ok: false; status: 400 | 413 };

/** A posted form of at most `maxBytes`, refused by its declared length or while streaming. */
export async function readForm(request: Request, maxBytes: number): Promise<FormRead> {
  const contentType = request.headers.get("Content-Type") ?? "";
  const mediaType = contentType.split(";")[0]?.trim().toLowerCase() ?? "";
  if (!FORM_TYPES.has(mediaType) || !request.body) return { ok: false, status: 400 };
  if (Number(request.headers.get("Content-Length") ?? 0) > maxBytes) {
    return { ok: false, status: 413 };
  }
  const body = await readAtMost(request.body, maxBytes);
  if (!body) return { ok: false, status: 413 };
  try {
    const form = await new Response(body, { headers: { "Content-Type": contentType } }).formData();
    return { ok: true, form };
  } catch {
    return { ok: false, status: 400 };
  }
}

async function readAtMost(
  stream: ReadableStream<Uint8Array>,
  maxBytes: number,
): Promise<Uint8Array<ArrayBuffer> | null> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  const body = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}
