// A request body's bytes, refused as soon as they pass `max` (declared or read), so no body past the
// cap is ever held whole: the BFF's routes and the sandbox both read bodies this way, each refusing
// with its own API's error (`tooLarge`).

export async function readCapped(req: Request, max: number, tooLarge: () => Error): Promise<Uint8Array> {
  if (Number(req.headers.get("content-length") ?? "0") > max) throw tooLarge();
  if (!req.body) return new Uint8Array();
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}
