// The embed builder's reference: the widget's parameters and the events it sends, each with what it
// means.
import { useTranslations } from "next-intl";
import { card } from "../ui/panel";

const paramNames = ["from", "to", "amount", "theme", "accent", "locale", "config"] as const;
const eventNames = ["ready", "resize", "quote", "swap_created", "status", "terminal", "config_refused"] as const;

export function EmbedReference() {
  const t = useTranslations("embed");
  return (
    <section className={card} aria-labelledby="reference-title">
      <h2 id="reference-title" className="font-semibold">
        {t("reference")}
      </h2>
      <h3 className="mt-3 text-sm font-semibold">{t("parameters")}</h3>
      <ReferenceList names={paramNames} t={t} />
      <h3 className="mt-4 text-sm font-semibold">{t("eventsReference")}</h3>
      <p className="text-xs text-slate-600 dark:text-slate-400">{t("eventsShape")}</p>
      <ReferenceList names={eventNames} t={t} />
    </section>
  );
}

type T = ReturnType<typeof useTranslations<"embed">>;
type ReferenceName = (typeof paramNames)[number] | (typeof eventNames)[number];

/** Parameters or events as they are written in code, each with what it means. */
function ReferenceList({ names, t }: { names: readonly ReferenceName[]; t: T }) {
  return (
    <dl className="mt-1 grid grid-cols-[6.5rem_1fr] gap-x-3 gap-y-1.5 text-sm">
      {names.map((name) => (
        <div key={name} className="contents">
          <dt className="font-mono text-xs leading-5 font-medium">{name}</dt>
          <dd className="text-slate-700 dark:text-slate-300">{referenceText[name](t)}</dd>
        </div>
      ))}
    </dl>
  );
}

// Spelled out one by one, so the catalogue check sees every key.
const referenceText: Record<ReferenceName, (t: T) => string> = {
  from: (t) => t("ref.from"),
  to: (t) => t("ref.to"),
  amount: (t) => t("ref.amount"),
  theme: (t) => t("ref.theme"),
  accent: (t) => t("ref.accent"),
  locale: (t) => t("ref.locale"),
  config: (t) => t("ref.config"),
  ready: (t) => t("ref.ready"),
  resize: (t) => t("ref.resize"),
  quote: (t) => t("ref.quote"),
  swap_created: (t) => t("ref.swap_created"),
  status: (t) => t("ref.status"),
  terminal: (t) => t("ref.terminal"),
  config_refused: (t) => t("ref.config_refused"),
};
