// The checkout's routes in the OpenAPI document: assets, address, quote, the swap and its e-mail
// link (a swap's access token in a header), and the embedded sandbox's controls.
import { assetsQuerySchema } from "../bff";
import { swapIdPattern } from "../partner";
import { common, errorAnswer, json, jsonBodyErrors, ok, queryParameters } from "./builders";

const widgetConfigHeader = {
  name: "x-widget-config",
  in: "header",
  required: false,
  description: "A partner's signed widget configuration (see docs/api.md, widget). Verified; a bad one is refused.",
  schema: { type: "string" },
};

/** A swap's own routes: its id in the path, and the access token its creation answered with. */
const swapAccessParameters = [
  {
    name: "id",
    in: "path",
    required: true,
    schema: { type: "string", pattern: `^${swapIdPattern.source.replace(/^\^|\$$/g, "")}$` },
  },
  { name: "x-swap-token", in: "header", required: true, schema: { type: "string" } },
];

export function checkoutPaths() {
  return {
    "/api/v1/assets": {
      get: {
        operationId: "listAssets",
        summary: "The assets that can be swapped, cached server side for a minute.",
        parameters: queryParameters(assetsQuerySchema),
        responses: {
          "200": ok("The asset list.", "AssetList", { "cache-control": { schema: { type: "string" } } }),
          ...common,
        },
      },
    },
    "/api/v1/address": {
      post: {
        operationId: "validateAddress",
        summary: "Checks an address (and memo) for a network and token.",
        requestBody: { required: true, content: json("AddressBody") },
        responses: {
          "200": ok("The verdict; `valid: false` is an answer, not an error.", "AddressAnswer"),
          ...common,
          ...jsonBodyErrors,
        },
      },
    },
    "/api/v1/quote": {
      post: {
        operationId: "createQuote",
        summary:
          "A quote for an amount, with the order's reference (`externalId`) and a signed `orderToken` to send back on re-quotes.",
        parameters: [widgetConfigHeader],
        requestBody: { required: true, content: json("QuoteBody") },
        responses: {
          "200": ok("The quote.", "QuoteAnswer"),
          ...common,
          ...jsonBodyErrors,
        },
      },
    },
    "/api/v1/swap": {
      post: {
        operationId: "createSwap",
        summary:
          "Creates the swap for a quote, once per Idempotency-Key: a repeat with the same key and body replays the first answer.",
        parameters: [
          { name: "idempotency-key", in: "header", required: true, schema: { type: "string", format: "uuid" } },
          widgetConfigHeader,
        ],
        requestBody: { required: true, content: json("SwapBody") },
        responses: {
          "200": ok("The swap and the access token that opens it.", "SwapCreated", {
            "idempotent-replayed": {
              description: "`true` when this answer is a replay of the first.",
              schema: { type: "string", enum: ["true"] },
            },
          }),
          "404": errorAnswer("The quote does not exist.", ["quote_not_found"]),
          "409": {
            ...errorAnswer(
              "The quote made a swap for someone else, or the first request with this key is still running (then with `Retry-After`).",
              ["quote_already_used", "request_in_progress"],
            ),
            headers: {
              "x-request-id": { $ref: "#/components/headers/RequestId" },
              "retry-after": {
                description: "With `request_in_progress`: seconds to wait before repeating the request.",
                required: false,
                schema: { type: "string", pattern: "^[0-9]+$" },
              },
            },
          },
          "422": errorAnswer("This Idempotency-Key was used with another body.", ["idempotency_mismatch"]),
          ...common,
          "400": errorAnswer("The request does not match its schema, or the quote expired or cannot be swapped.", [
            "validation_error",
            "quote_expired",
            "unsupported_asset",
            "unsupported_pair",
            "unsupported_memo",
          ]),
          ...jsonBodyErrors,
        },
      },
    },
    "/api/v1/swap/{id}": {
      get: {
        operationId: "readSwap",
        summary: "A swap, for the holder of its access token, as fresh as the upstream budget allows.",
        parameters: swapAccessParameters,
        responses: {
          "200": ok("The swap.", "Swap", {
            "x-status-as-of": {
              description:
                "When the upstream state behind this answer is known to have held (ISO 8601): the time of a live read; for a status from the upstream's list, whose stored state is synchronized about once a minute, a minute before the list was read, or the swap's own last change where that is later.",
              schema: { type: "string", format: "date-time" },
            },
          }),
          "404": errorAnswer("No such swap, or a missing or wrong token: the two are indistinguishable.", [
            "swap_not_found",
          ]),
          ...common,
        },
      },
    },
    "/api/v1/swap/{id}/email": {
      post: {
        operationId: "emailSwapLink",
        summary:
          "With SMTP_URL and MAIL_FROM set (404 otherwise): e-mails the swap's status link, token in the fragment, in the language given. 10 an hour per client, 3 an hour per address; the address is kept nowhere.",
        parameters: swapAccessParameters,
        requestBody: { required: true, content: json("SwapEmailBody") },
        responses: {
          "200": ok("Sent.", "SwapEmailAnswer"),
          "404": errorAnswer("Mail is off, or no such swap or a missing or wrong token.", [
            "not_found",
            "swap_not_found",
          ]),
          "502": errorAnswer("The mail server refused or could not be reached.", ["upstream_error"]),
          ...common,
          ...jsonBodyErrors,
        },
      },
    },
    "/api/sandbox/swaps/{id}/deposit": {
      post: {
        operationId: "simulateDeposit",
        summary:
          "Embedded sandbox only (404 otherwise): the user's deposit, full by default, and the outcome the swap will reach.",
        parameters: swapAccessParameters,
        requestBody: { required: true, content: json("DepositBody") },
        responses: {
          "200": ok("The swap, deposit detected.", "Swap"),
          "404": errorAnswer("Not in embedded sandbox mode, or no such swap or a wrong token.", [
            "not_found",
            "swap_not_found",
          ]),
          ...common,
          ...jsonBodyErrors,
        },
      },
    },
    "/api/sandbox/seed": {
      post: {
        operationId: "seedSandbox",
        summary: "Embedded sandbox only (404 otherwise): fills the sandbox with swaps.",
        requestBody: { required: true, content: json("SeedBody") },
        responses: {
          "200": ok("What was made.", "SeedAnswer"),
          "404": errorAnswer("Not in embedded sandbox mode.", ["not_found"]),
          ...common,
          ...jsonBodyErrors,
        },
      },
    },
  };
}
