// The zod every shared schema is written with: zod/mini, the tree-shakable functional build, so
// the browser carries only the checks it uses (the full zod stays on the server). Jitless: zod
// never probes `new Function` (a CSP `script-src` eval violation in the browser) and never compiles
// parsers at run time. Types stay z.infer of the schemas, and z.toJSONSchema reads them as they are.
import { z } from "zod/mini";

z.config({ jitless: true });

export { z };
