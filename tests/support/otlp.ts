// An OTLP/HTTP trace receiver for tests: a node:http server on 127.0.0.1 that takes what an app's
// exporter sends to /v1/traces, as http/json or http/protobuf (read with the exporter's own
// protobuf reader), and keeps every span with its resource.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { ProtobufReader } from "@opentelemetry/otlp-transformer/build/src/common/protobuf/protobuf-reader";

type AttributeValue = string | number | boolean;

export type ReceivedSpan = {
  traceId: string;
  spanId: string;
  /** "" for a root span. */
  parentSpanId: string;
  name: string;
  /** OTLP's SpanKind: 1 internal, 2 server, 3 client. */
  kind: number;
  attributes: Record<string, AttributeValue>;
  /** OTLP's status code: 0 unset, 1 ok, 2 error. */
  status: number;
  resource: Record<string, AttributeValue>;
};

export type OtlpReceiver = {
  /** For OTEL_EXPORTER_OTLP_ENDPOINT: traces arrive at `${endpoint}/v1/traces`. */
  endpoint: string;
  spans: ReceivedSpan[];
  /** Every request as it arrived: path, content type, body (for searching the raw bytes too). */
  requests: Array<{
    path: string;
    contentType: string;
    headers: Record<string, string | string[] | undefined>;
    body: Buffer;
  }>;
  close: () => Promise<void>;
};

export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const spans: ReceivedSpan[] = [];
  const requests: OtlpReceiver["requests"] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const body = Buffer.concat(chunks);
      const contentType = String(req.headers["content-type"] ?? "");
      requests.push({ path: req.url ?? "", contentType, headers: req.headers, body });
      try {
        spans.push(
          ...(contentType.includes("json") ? fromJson(JSON.parse(body.toString("utf8"))) : fromProtobuf(body)),
        );
        res.writeHead(200, {
          "content-type": contentType.includes("json") ? "application/json" : "application/x-protobuf",
        });
        res.end(contentType.includes("json") ? "{}" : undefined);
      } catch (error) {
        res.writeHead(400, { "content-type": "text/plain" });
        res.end(String(error));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    spans,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

// ---- http/json ----------------------------------------------------------------------------------

type JsonKeyValue = {
  key: string;
  value: { stringValue?: string; intValue?: string | number; boolValue?: boolean; doubleValue?: number };
};
type JsonSpan = {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes?: JsonKeyValue[];
  status?: { code?: number };
};
type JsonRequest = {
  resourceSpans?: Array<{ resource?: { attributes?: JsonKeyValue[] }; scopeSpans?: Array<{ spans?: JsonSpan[] }> }>;
};

function jsonAttributes(list: JsonKeyValue[] = []): Record<string, AttributeValue> {
  const out: Record<string, AttributeValue> = {};
  for (const { key, value } of list) {
    out[key] =
      value.stringValue ??
      (value.intValue !== undefined ? Number(value.intValue) : (value.boolValue ?? value.doubleValue ?? ""));
  }
  return out;
}

function fromJson(request: JsonRequest): ReceivedSpan[] {
  return (request.resourceSpans ?? []).flatMap((rs) =>
    (rs.scopeSpans ?? []).flatMap((ss) =>
      (ss.spans ?? []).map((span) => ({
        traceId: span.traceId,
        spanId: span.spanId,
        parentSpanId: span.parentSpanId ?? "",
        name: span.name,
        kind: span.kind,
        attributes: jsonAttributes(span.attributes),
        status: span.status?.code ?? 0,
        resource: jsonAttributes(rs.resource?.attributes),
      })),
    ),
  );
}

// ---- http/protobuf (opentelemetry/proto/collector/trace/v1 ExportTraceServiceRequest) -------------

/** Each field of a message, in order: its number, wire type, and a reader positioned at its value. */
function* fields(bytes: Uint8Array): Generator<{ field: number; wire: number; reader: ProtobufReader }> {
  const reader = new ProtobufReader(bytes);
  while (!reader.isAtEnd()) {
    const { fieldNumber, wireType } = reader.readTag();
    const at = reader.pos;
    yield { field: fieldNumber, wire: wireType, reader };
    if (reader.pos === at) reader.skip(wireType);
  }
}

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString("hex");

function anyValue(bytes: Uint8Array): AttributeValue {
  for (const { field, reader } of fields(bytes)) {
    if (field === 1) return reader.readString();
    if (field === 2) return reader.readVarint() === 1;
    if (field === 3) return reader.readVarint();
  }
  return "";
}

function keyValue(bytes: Uint8Array): [string, AttributeValue] {
  let key = "";
  let value: AttributeValue = "";
  for (const { field, reader } of fields(bytes)) {
    if (field === 1) key = reader.readString();
    else if (field === 2) value = anyValue(reader.readBytes());
  }
  return [key, value];
}

function span(bytes: Uint8Array, resource: Record<string, AttributeValue>): ReceivedSpan {
  const s: ReceivedSpan = {
    traceId: "",
    spanId: "",
    parentSpanId: "",
    name: "",
    kind: 0,
    attributes: {},
    status: 0,
    resource,
  };
  for (const { field, reader } of fields(bytes)) {
    if (field === 1) s.traceId = hex(reader.readBytes());
    else if (field === 2) s.spanId = hex(reader.readBytes());
    else if (field === 4) s.parentSpanId = hex(reader.readBytes());
    else if (field === 5) s.name = reader.readString();
    else if (field === 6) s.kind = reader.readVarint();
    else if (field === 9) {
      const [key, value] = keyValue(reader.readBytes());
      s.attributes[key] = value;
    } else if (field === 15) {
      for (const status of fields(reader.readBytes())) if (status.field === 3) s.status = status.reader.readVarint();
    }
  }
  return s;
}

function fromProtobuf(body: Uint8Array): ReceivedSpan[] {
  const out: ReceivedSpan[] = [];
  for (const { field, reader } of fields(body)) {
    if (field !== 1) continue;
    const resource: Record<string, AttributeValue> = {};
    const scopeSpans: Uint8Array[] = [];
    for (const rs of fields(reader.readBytes())) {
      if (rs.field === 1) {
        for (const r of fields(rs.reader.readBytes())) {
          if (r.field !== 1) continue;
          const [key, value] = keyValue(r.reader.readBytes());
          resource[key] = value;
        }
      } else if (rs.field === 2) scopeSpans.push(rs.reader.readBytes());
    }
    for (const ss of scopeSpans)
      for (const s of fields(ss)) if (s.field === 2) out.push(span(s.reader.readBytes(), resource));
  }
  return out;
}
