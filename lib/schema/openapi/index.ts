// The BFF's browser-facing API as an OpenAPI 3.1 document, built from the very zod schemas the
// route handlers parse with and answer by (zod 4's JSON Schema output), so the document cannot
// drift from the code. Served at GET /api/v1/openapi.json; docs/api.md says the same in prose.
// The parts: builders.ts (shared answers), checkout.ts and operator.ts (the routes), components.ts.
import { beforeRouteErrors, common, ok } from "./builders";
import { checkoutPaths } from "./checkout";
import { openApiComponents } from "./components";
import { partnerPaths } from "./operator";

export function openApiDocument() {
  return {
    openapi: "3.1.0",
    info: {
      title: "Swap Checkout BFF",
      version: "1.0.0",
      description:
        "The browser-facing API of Swap Checkout. The server holds the partner's API key and calls the upstream Partner Swap API; browsers only ever talk to these routes. Every error answer has the shape `{ error: { code, message, details }, requestId }`.",
    },
    jsonSchemaDialect: "https://json-schema.org/draft/2020-12/schema",
    servers: [{ url: "/" }],
    paths: {
      ...checkoutPaths(),
      "/api/v1/openapi.json": {
        get: {
          operationId: "openApi",
          summary: "This document.",
          responses: {
            "200": {
              description: "OpenAPI 3.1. The same for everyone: cacheable for five minutes.",
              headers: {
                "x-request-id": { $ref: "#/components/headers/RequestId" },
                "cache-control": { schema: { type: "string" } },
              },
              content: { "application/json": { schema: { type: "object" } } },
            },
            ...beforeRouteErrors,
            "429": common["429"],
          },
        },
      },
      "/api/health": {
        get: {
          operationId: "health",
          summary: "Liveness: the process answers.",
          responses: { "200": ok("Alive.", "Health"), ...beforeRouteErrors },
        },
      },
      ...partnerPaths(),
      "/api/ready": {
        get: {
          operationId: "ready",
          summary:
            "Readiness: the upstream and the store answer (the ledger is reported, not counted). The upstream check is reused for 30 s.",
          responses: {
            "200": ok("Ready.", "Readiness"),
            "503": ok("Not ready; the body says which part is not.", "Readiness"),
            ...beforeRouteErrors,
          },
        },
      },
    },
    components: openApiComponents(),
  };
}
