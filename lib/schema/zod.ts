// Shared schemas are written with zod/mini (`import * as z from "zod/mini"`), the tree-shakable
// functional build, so the browser carries only the checks it uses (classic zod stays on the
// server). Each schema module imports this one for its side effect: jitless, so zod never probes
// `new Function` (a CSP `script-src` eval violation in the browser) nor compiles parsers at run
// time. Types stay z.infer of the schemas, and z.toJSONSchema reads them as they are.
import { config } from "zod/mini";

config({ jitless: true });
