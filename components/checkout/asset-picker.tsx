"use client";
// Choosing an asset: a button that opens a searchable list (symbol, name, network). The network is
// always shown, because USDT on Tron is not USDT on Ethereum.
import { useId, useMemo, useRef, useState } from "react";
import { useTranslations } from "next-intl";
import type { Asset } from "@/lib/schema/partner";
import { assetRef, networkAliases, networkLabel, tokenStandard } from "@/lib/swap/asset-ref";
import { useDebounced } from "@/lib/client/use-debounced";
import { AssetLogo } from "../asset-logo";
import { cn } from "../ui/cn";
import { Icon } from "../ui/icon";

type Props = {
  label: string;
  assets: readonly Asset[];
  selected: Asset | undefined;
  onSelect: (asset: Asset) => void;
  /** Fixed by the embedding site: shown, not changeable. */
  disabled?: boolean;
};

function NetworkChip({ network }: { network: string }) {
  return (
    <span className="inline-flex items-center rounded-md bg-slate-100 px-1.5 py-0.5 text-xs font-medium text-slate-700 ring-1 ring-slate-200 ring-inset dark:bg-slate-800 dark:text-slate-300 dark:ring-slate-700">
      {networkLabel(network)}
    </span>
  );
}

export function AssetPicker({ label, assets, selected, onSelect, disabled = false }: Props) {
  const t = useTranslations("picker");
  const dialog = useRef<HTMLDialogElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const search = useRef<HTMLInputElement>(null);
  const [query, setQuery] = useState("");
  const titleId = useId();

  const matches = useMemo(() => {
    const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
    if (!words.length) return assets;
    // From the start of a word: "eth" finds Ether and Ethereum, not Tether.
    const matchesStart = (field: string, q: string) => {
      const text = field.toLowerCase();
      return text.startsWith(q) || text.split(/[^a-z0-9]+/).some((word) => word.startsWith(q));
    };
    // What wallets and exchanges call it too: "TRC20", "ERC-20", "BEP20", "Ripple", "Matic".
    const fields = (a: Asset) => {
      const standard = tokenStandard(a.network, a.contractAddress);
      return [a.symbol, a.name, a.network, networkLabel(a.network), networkAliases[a.network] ?? "", standard ?? "", standard?.replace("-", "") ?? ""];
    };
    // Every word somewhere: "usdt tron" is USDT on Tron.
    return assets.filter((a) => {
      const own = fields(a);
      return words.every((q) => own.some((field) => matchesStart(field, q)));
    });
  }, [assets, query]);
  const found = useDebounced(
    query.trim() === "" ? "" : matches.length === 0 ? t("noResults", { query: query.trim() }) : t("results", { count: matches.length }),
    600,
  );

  function open(event: React.MouseEvent<HTMLButtonElement>) {
    setQuery("");
    const el = dialog.current;
    if (!el) return;
    // In a partner's iframe the frame is as tall as its content and the host page shows only part of
    // it: centred in the frame, the dialog opened out of view and the browser scrolled the partner's
    // page to it. It opens where the button was pressed instead, which is in view, and nothing jumps.
    const framed = window.parent !== window;
    const top = event.currentTarget.getBoundingClientRect().top;
    el.style.marginTop = framed ? `${Math.max(8, top - 16)}px` : "";
    el.showModal();
    if (framed) el.style.marginTop = `${Math.max(8, Math.min(top - 16, window.innerHeight - el.getBoundingClientRect().height - 8))}px`;
    // The search takes focus when the dialog opens. Not React's autoFocus: that focuses on mount,
    // when the dialog is still closed, which a browser refuses (and reports) inside a partner's iframe.
    search.current?.focus({ preventScroll: framed });
  }

  function choose(asset: Asset) {
    onSelect(asset);
    dialog.current?.close();
  }

  function moveFocus(event: React.KeyboardEvent, from: number) {
    const buttons = list.current?.querySelectorAll<HTMLButtonElement>("button[data-asset]");
    if (!buttons?.length) return;
    if (event.key === "ArrowDown") buttons[Math.min(from + 1, buttons.length - 1)]?.focus();
    else if (event.key === "ArrowUp") (from <= 0 ? dialog.current?.querySelector<HTMLInputElement>("input") : buttons[from - 1])?.focus();
    else return;
    event.preventDefault();
  }

  return (
    <>
      <button
        type="button"
        onClick={open}
        disabled={disabled}
        aria-haspopup="dialog"
        // The visible text, in order, inside the name (WCAG 2.5.3): "You send: BTC Bitcoin. Change asset".
        aria-label={
          selected
            ? `${t("side", { side: label })} ${selected.symbol} ${networkLabel(selected.network)}. ${t("change")}`
            : `${t("side", { side: label })} ${t("select")}`
        }
        className="flex h-14 max-w-full min-w-0 shrink-0 items-center gap-2 rounded-xl bg-white px-2.5 text-start ring-1 ring-slate-300 transition hover:bg-slate-50 disabled:cursor-default disabled:hover:bg-white dark:bg-slate-800 dark:ring-slate-600 dark:hover:bg-slate-700 dark:disabled:hover:bg-slate-800"
      >
        {selected ? (
          <>
            <AssetLogo symbol={selected.symbol} logoUrl={selected.logoUrl} />
            <span className="min-w-0 leading-tight">
              <span className="block font-semibold">{selected.symbol}</span>{" "}
              <span className="block truncate text-xs text-slate-600 dark:text-slate-300">{networkLabel(selected.network)}</span>
            </span>
          </>
        ) : (
          <span className="px-1 font-medium">{t("select")}</span>
        )}
        {disabled ? null : (
          <svg aria-hidden="true" viewBox="0 0 20 20" className="ms-auto size-4 text-slate-500" fill="currentColor">
            <path d="M5.2 7.2a.75.75 0 011.06 0L10 10.94l3.74-3.74a.75.75 0 111.06 1.06l-4.27 4.27a.75.75 0 01-1.06 0L5.2 8.26a.75.75 0 010-1.06z" />
          </svg>
        )}
      </button>

      <dialog
        ref={dialog}
        aria-labelledby={titleId}
        className="m-auto w-[min(28rem,calc(100vw-1.5rem))] rounded-2xl bg-white p-0 text-slate-900 shadow-2xl ring-1 ring-slate-200 backdrop:bg-slate-950/50 dark:bg-slate-900 dark:text-slate-100 dark:ring-slate-700"
        onClick={(event) => {
          if (event.target === dialog.current) dialog.current.close();
        }}
      >
        <div className="flex items-center justify-between border-b border-slate-200 px-4 py-3 dark:border-slate-700">
          <h2 id={titleId} className="text-base font-semibold">
            {t("title", { side: label })}
          </h2>
          <button
            type="button"
            onClick={() => dialog.current?.close()}
            className="-my-2 -me-2 inline-flex size-11 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
            aria-label={t("close")}
          >
            <Icon name="close" />
          </button>
        </div>
        <div className="p-3">
          <label className="sr-only" htmlFor={`${titleId}-search`}>
            {t("search")}
          </label>
          <input
            id={`${titleId}-search`}
            ref={search}
            type="search"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            onKeyDown={(e) => {
              // The dialog sits inside the checkout form: Enter picks, it never submits.
              if (e.key === "Enter") {
                e.preventDefault();
                if (matches[0]) choose(matches[0]);
                return;
              }
              moveFocus(e, -1);
            }}
            placeholder={t("searchPlaceholder")}
            autoComplete="off"
            spellCheck={false}
            className="h-11 w-full rounded-xl bg-slate-100 px-3 text-base outline-none ring-1 ring-transparent focus:ring-accent dark:bg-slate-800"
          />
        </div>
        {/* What a search found, said once typing pauses: the list's name changing is not announced. */}
        <p role="status" className="sr-only" data-testid="picker-found">
          {found}
        </p>
        <ul
          ref={list}
          // Scrolls only with something to scroll to: an empty list is no region to focus.
          className={cn("px-2 pb-2", matches.length > 0 && "max-h-[min(24rem,60vh)] overflow-y-auto")}
          aria-label={t("results", { count: matches.length })}
        >
          {matches.map((asset, index) => {
            const isSelected = selected && assetRef(selected) === assetRef(asset);
            return (
              <li key={assetRef(asset)}>
                <button
                  type="button"
                  data-asset={assetRef(asset)}
                  onClick={() => choose(asset)}
                  onKeyDown={(e) => moveFocus(e, index)}
                  aria-current={isSelected ? "true" : undefined}
                  className={cn(
                    "flex w-full items-center gap-3 rounded-xl px-2.5 py-2 text-start hover:bg-slate-100 dark:hover:bg-slate-800",
                    isSelected && "bg-slate-100 dark:bg-slate-800",
                  )}
                >
                  <AssetLogo symbol={asset.symbol} logoUrl={asset.logoUrl} />
                  <span className="flex min-w-0 flex-1 flex-col leading-tight">
                    <span className="font-semibold">{asset.symbol}</span>
                    <span className="truncate text-sm text-slate-600 dark:text-slate-400">{asset.name}</span>
                  </span>
                  <NetworkChip network={asset.network} />
                </button>
              </li>
            );
          })}
          {matches.length === 0 && <li className="px-3 py-8 text-center text-sm text-slate-600 dark:text-slate-400">{t("noResults", { query })}</li>}
        </ul>
      </dialog>
    </>
  );
}
