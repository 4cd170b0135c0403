// The embed page's "Sign": a widget config signed by this server for an operator with a session
// (POST /api/partner/widget-config). The key stays on the server.
import type { AnswerCheck } from "@/lib/schema/answers";
import type { WidgetConfig } from "@/lib/schema/widget";
import { bff } from "./bff";

type Signed = { config: string; exp: number };

const signedAnswer: AnswerCheck<Signed> = {
  safeParse: (value) => {
    const v = value as Partial<Signed> | null;
    return v && typeof v === "object" && typeof v.config === "string" && Number.isInteger(v.exp)
      ? { success: true, data: v as Signed }
      : { success: false };
  },
};

export const signWidgetConfig = (config: WidgetConfig) =>
  bff("/api/partner/widget-config", signedAnswer, { method: "POST", body: config });
