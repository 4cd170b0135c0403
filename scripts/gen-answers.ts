// `npm run gen:answers`: writes lib/schema/answer-schemas.generated.ts from the zod schemas.
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { answerSchemasModule } from "../lib/schema/answer-schemas";
import { repoRoot } from "../tests/support/servers";

await writeFile(join(repoRoot, "lib", "schema", "answer-schemas.generated.ts"), answerSchemasModule());
console.log("written: lib/schema/answer-schemas.generated.ts");
