// The published OpenAPI document: valid OpenAPI 3.1 by an independent validator, every path in it
// served by a route file with the methods it names, and every /api/v1 route in it.
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect, it } from "vitest";
import { openApiDocument } from "@/lib/schema/openapi";
import { repoRoot } from "../support/servers";

const doc = openApiDocument();

/** `/api/v1/swap/{id}` → `app/api/v1/swap/[id]/route.ts`. */
const routeFile = (path: string) =>
  join(
    repoRoot,
    "app",
    ...path
      .split("/")
      .filter(Boolean)
      .map((s) => s.replace(/^\{(.+)\}$/, "[$1]")),
    "route.ts",
  );

function routePaths(dir: string, prefix: string): string[] {
  return readdirSync(join(repoRoot, dir), { withFileTypes: true }).flatMap((entry) => {
    if (!entry.isDirectory()) return entry.name === "route.ts" ? [prefix] : [];
    return routePaths(join(dir, entry.name), `${prefix}/${entry.name.replace(/^\[(.+)\]$/, "{$1}")}`);
  });
}

describe("the OpenAPI document", () => {
  it("is valid OpenAPI 3.1", async () => {
    const result = await new Validator().validate(structuredClone(doc));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(doc.openapi).toMatch(/^3\.1\./);
  });

  it("resolves every $ref it uses", async () => {
    const validator = new Validator();
    await validator.validate(structuredClone(doc));
    expect(() => validator.resolveRefs()).not.toThrow();
    const refs = [...JSON.stringify(doc).matchAll(/"\$ref":"#\/components\/(\w+)\/(\w+)"/g)];
    expect(refs.length).toBeGreaterThan(10);
    for (const [, kind, name] of refs)
      expect(
        (doc.components as Record<string, Record<string, unknown>>)[kind!]?.[name!],
        `${kind}/${name}`,
      ).toBeDefined();
  });

  it("names paths exactly as they are served, each with its route file exporting the documented methods", () => {
    for (const [path, operations] of Object.entries(doc.paths)) {
      const file = routeFile(path);
      expect(existsSync(file), `${path} → ${file}`).toBe(true);
      const source = readFileSync(file, "utf8");
      for (const method of Object.keys(operations)) {
        expect(source, `${method.toUpperCase()} ${path}`).toMatch(
          new RegExp(`export const ${method.toUpperCase()}\\s*=\\s*route\\(`),
        );
      }
    }
  });

  it("documents every route under /api/v1, /api/sandbox and /api/partner", () => {
    for (const prefix of ["/api/v1", "/api/sandbox", "/api/partner"]) {
      expect(routePaths(`app${prefix}`, prefix).sort()).toEqual(
        Object.keys(doc.paths)
          .filter((p) => p.startsWith(`${prefix}/`))
          .sort(),
      );
    }
  });

  it("gives every operation an error answer in the one error shape", () => {
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(
        operations as Record<string, { responses: Record<string, { content?: Record<string, { schema: unknown }> }> }>,
      )) {
        if (path === "/api/v1/openapi.json" || path === "/api/health" || path === "/api/ready") continue;
        const errors = Object.entries(operation.responses).filter(([status]) => !status.startsWith("2"));
        expect(errors.length, `${method} ${path}`).toBeGreaterThan(2);
        for (const [, answer] of errors)
          expect(answer.content?.["application/json"]?.schema).toEqual({ $ref: "#/components/schemas/Error" });
      }
    }
  });
});
