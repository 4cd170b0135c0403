// Reading a request as the BFF's routes and the sandbox both do, each refusing with its own API's
// error: a body capped before it is held whole, JSON's media type, and a query of single values.

/** `application/json`, with or without parameters (`; charset=utf-8`). */
export const jsonMediaType = /^application\/json\s*(;|$)/i;

/** A parameter's name as said back in an error: bounded, whatever a client sent. */
export const shownParamName = (name: string) => name.slice(0, 64) || "query";

/** The query as one value per name; a name given twice is refused with `repeated(its shown name)`. */
export function singleValued(params: URLSearchParams, repeated: (name: string) => Error): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [name, value] of params) {
    if (Object.hasOwn(query, name)) throw repeated(shownParamName(name));
    query[name] = value;
  }
  return query;
}

/** A body's bytes, refused as soon as they pass `max` (declared or read), so none is held whole. */
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
