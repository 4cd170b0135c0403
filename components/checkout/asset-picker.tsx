"use client";
// Choosing an asset: a button that opens a searchable list (symbol, name, network). The network is
// always shown, because USDT on Tron is not USDT on Ethereum.
import { useId, useLayoutEffect, useMemo, useRef, useState } from "react";
import { useTranslations } from "next-intl";
import type { Asset } from "@/lib/schema/partner";
import { assetRef, networkAliases, networkLabel, tokenStandard } from "@/lib/swap/asset-ref";
import { useDebounced } from "@/lib/client/use-debounced";
import { AssetLogo, type ChainBadge } from "../asset-logo";
import { join } from "../ui/join";
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

/** Pinned at the top of the list, in this order, when the list has them: what most people swap. */
const POPULAR = ["BTC.bitcoin", "ETH.ethereum", "USDT.tron", "USDT.ethereum", "USDC.ethereum", "SOL.solana"];

/**
 * Each network's badge: its own coin's logo (the asset without a contract), or its initial. A coin
 * that is native on several networks (Ether on Arbitrum and Base) marks only the network named after
 * it: an Ether logo on Arbitrum would say Ethereum.
 */
function chainBadges(assets: readonly Asset[]): Map<string, ChainBadge> {
  const nativeOn = new Map<string, number>();
  for (const a of assets) if (!a.contractAddress) nativeOn.set(a.symbol, (nativeOn.get(a.symbol) ?? 0) + 1);
  const badges = new Map<string, ChainBadge>();
  for (const a of assets) {
    const label = networkLabel(a.network);
    const own = !a.contractAddress && (nativeOn.get(a.symbol) === 1 || a.name === label);
    if (!badges.get(a.network)?.logoUrl) badges.set(a.network, { label, logoUrl: own ? a.logoUrl : null });
  }
  return badges;
}

/** From the start of a word: "eth" finds Ether and Ethereum, not Tether. */
function matchesStart(field: string, q: string) {
  const text = field.toLowerCase();
  return text.startsWith(q) || text.split(/[^a-z0-9]+/).some((word) => word.startsWith(q));
}

/** What wallets and exchanges call it too: "TRC20", "ERC-20", "BEP20", "Ripple", "Matic". */
function searchFields(a: Asset) {
  const standard = tokenStandard(a.network, a.contractAddress);
  return [
    a.symbol,
    a.name,
    a.network,
    networkLabel(a.network),
    networkAliases[a.network] ?? "",
    standard ?? "",
    standard?.replace("-", "") ?? "",
  ];
}

export function AssetPicker({ label, assets, selected, onSelect, disabled = false }: Props) {
  const t = useTranslations("picker");
  const dialog = useRef<HTMLDialogElement>(null);
  const list = useRef<HTMLDivElement>(null);
  const search = useRef<HTMLInputElement>(null);
  const [query, setQuery] = useState("");
  const [network, setNetwork] = useState<string | null>(null);
  // The list is drawn only while the dialog is open: a hundred rows of logos, rendered at
  // hydration for a closed dialog, were a long task on every phone that opened the checkout.
  const [isOpen, setIsOpen] = useState(false);
  const titleId = useId();

  const badges = useMemo(() => chainBadges(assets), [assets]);
  const networks = useMemo(() => [...new Set(assets.map((a) => a.network))], [assets]);
  // The same symbol on another network: the button then names the network in its main line.
  const sharedSymbol = !!selected && assets.some((a) => a.symbol === selected.symbol && a.network !== selected.network);

  const matches = useMemo(() => {
    if (!isOpen) return [];
    const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
    // Every word somewhere: "usdt tron" is USDT on Tron.
    const found = assets.filter(
      (a) =>
        (!network || a.network === network) &&
        words.every((q) => searchFields(a).some((field) => matchesStart(field, q))),
    );
    const rank = (a: Asset) => {
      const i = POPULAR.indexOf(assetRef(a));
      return i === -1 ? POPULAR.length : i;
    };
    // Stable: the rest keep the list's own order.
    return found
      .map((a, i) => [a, i] as const)
      .sort(([a, i], [b, j]) => rank(a) - rank(b) || i - j)
      .map(([a]) => a);
  }, [assets, query, network, isOpen]);
  const popularCount = matches.filter((a) => POPULAR.includes(assetRef(a))).length;
  // Headed groups only for the whole list: a search's results are one list, the popular first.
  const grouped = query.trim() === "" && popularCount > 0 && popularCount < matches.length;
  const filtering = query.trim() !== "" || network !== null;
  const found = useDebounced(
    !filtering
      ? ""
      : matches.length === 0
        ? t("noResults", { query: query.trim() || networkLabel(network ?? "") })
        : t("results", { count: matches.length }),
    600,
  );

  /** Where the button that opened the dialog was (its top), for a dialog in a partner's iframe. */
  const openedAt = useRef(0);
  function open(event: React.MouseEvent<HTMLButtonElement>) {
    setQuery("");
    setNetwork(null);
    openedAt.current = event.currentTarget.getBoundingClientRect().top;
    setIsOpen(true);
  }

  // The dialog's contents are drawn only while it is open (the page's first screen hydrates an empty
  // dialog, not two headers, searches and rows of network chips); it opens once they are there, in
  // the same task as the press.
  useLayoutEffect(() => {
    const el = dialog.current;
    if (!isOpen || !el || el.open) return;
    // In a partner's iframe the frame is as tall as its content and the host page shows only part of
    // it: centred in the frame, the dialog opened out of view and the browser scrolled the partner's
    // page to it. It opens where the button was pressed instead, which is in view, and nothing jumps.
    const framed = window.parent !== window;
    const top = openedAt.current;
    el.style.marginTop = framed ? `${Math.max(8, top - 16)}px` : "";
    el.showModal();
    if (framed)
      el.style.marginTop = `${Math.max(8, Math.min(top - 16, window.innerHeight - el.getBoundingClientRect().height - 8))}px`;
    // The search takes focus when the dialog opens. Not React's autoFocus: that focuses on mount,
    // when the dialog is still closed, which a browser refuses (and reports) inside a partner's iframe.
    search.current?.focus({ preventScroll: framed });
  }, [isOpen]);

  function choose(asset: Asset) {
    onSelect(asset);
    dialog.current?.close();
  }

  function moveFocus(event: React.KeyboardEvent, from: number) {
    const buttons = list.current?.querySelectorAll<HTMLButtonElement>("button[data-asset]");
    if (!buttons?.length) return;
    if (event.key === "ArrowDown") buttons[Math.min(from + 1, buttons.length - 1)]?.focus();
    else if (event.key === "ArrowUp") (from <= 0 ? search.current : buttons[from - 1])?.focus();
    else return;
    event.preventDefault();
  }

  const row = (asset: Asset, index: number) => {
    const isSelected = !!selected && assetRef(selected) === assetRef(asset);
    return (
      <li key={assetRef(asset)}>
        <button
          type="button"
          data-asset={assetRef(asset)}
          onClick={() => choose(asset)}
          onKeyDown={(e) => moveFocus(e, index)}
          aria-current={isSelected ? "true" : undefined}
          className={join(
            "flex w-full items-center gap-3 rounded-xl px-2.5 py-2 text-start hover:bg-slate-100 dark:hover:bg-slate-800",
            isSelected && "bg-slate-100 ring-1 ring-accent ring-inset dark:bg-slate-800",
          )}
        >
          <AssetLogo symbol={asset.symbol} logoUrl={asset.logoUrl} chain={badges.get(asset.network)} />
          <span className="flex min-w-0 flex-1 flex-col leading-tight">
            <span className="font-semibold">{asset.symbol}</span>
            <span className="truncate text-sm text-slate-600 dark:text-slate-400">{asset.name}</span>
          </span>
          <NetworkChip network={asset.network} />
          {isSelected ? (
            <span className="text-slate-900 dark:text-white" data-testid="picker-check">
              <Icon name="check" />
            </span>
          ) : (
            <span aria-hidden="true" className="size-5" />
          )}
        </button>
      </li>
    );
  };

  const side = t("side", { side: label });
  const onNetwork = selected ? t("onNetwork", { network: networkLabel(selected.network) }) : "";
  return (
    <>
      <button
        type="button"
        onClick={open}
        disabled={disabled}
        aria-haspopup="dialog"
        // The visible text, in order, inside the name (WCAG 2.5.3): "You send: USDT on Tron. Change asset".
        aria-label={
          selected
            ? `${side} ${selected.symbol} ${sharedSymbol ? onNetwork : networkLabel(selected.network)}. ${t("change")}`
            : `${side} ${t("select")}`
        }
        data-testid="picker-button"
        className="flex h-14 max-w-full min-w-0 shrink-0 items-center gap-2 rounded-xl bg-white px-2.5 text-start ring-1 ring-slate-300 transition hover:bg-slate-50 disabled:cursor-default disabled:hover:bg-white dark:bg-slate-800 dark:ring-slate-600 dark:hover:bg-slate-700 dark:disabled:hover:bg-slate-800"
      >
        {selected ? (
          <>
            <AssetLogo symbol={selected.symbol} logoUrl={selected.logoUrl} chain={badges.get(selected.network)} />
            {sharedSymbol ? (
              // USDT on Tron is not USDT on Ethereum: the network is part of the name, as large as the symbol.
              <span className="min-w-0 truncate leading-tight">
                <span className="font-semibold">{selected.symbol}</span>{" "}
                <span className="font-medium">{onNetwork}</span>
              </span>
            ) : (
              <span className="min-w-0 leading-tight">
                <span className="block font-semibold">{selected.symbol}</span>{" "}
                <span className="block truncate text-xs text-slate-600 dark:text-slate-300">
                  {networkLabel(selected.network)}
                </span>
              </span>
            )}
          </>
        ) : (
          <span className="px-1 font-medium">{t("select")}</span>
        )}
        {disabled ? null : (
          <svg
            aria-hidden="true"
            viewBox="0 0 20 20"
            className="ms-auto size-4 shrink-0 text-slate-500"
            fill="currentColor"
          >
            <path d="M5.2 7.2a.75.75 0 011.06 0L10 10.94l3.74-3.74a.75.75 0 111.06 1.06l-4.27 4.27a.75.75 0 01-1.06 0L5.2 8.26a.75.75 0 010-1.06z" />
          </svg>
        )}
      </button>

      <dialog
        ref={dialog}
        aria-labelledby={titleId}
        className="m-auto w-[min(28rem,calc(100vw-1.5rem))] rounded-2xl bg-white p-0 text-slate-900 shadow-2xl ring-1 ring-slate-200 backdrop:bg-slate-950/50 dark:bg-slate-900 dark:text-slate-100 dark:ring-slate-700"
        onClose={() => setIsOpen(false)}
        onClick={(event) => {
          if (event.target === dialog.current) dialog.current.close();
        }}
      >
        {isOpen ? (
          <>
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
            <div className="p-3 pb-2">
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
                className="h-11 w-full rounded-xl bg-slate-100 px-3 text-base ring-1 ring-transparent outline-none focus:ring-accent dark:bg-slate-800"
              />
              {/* One network at a time, or all: the list shows only what can be sent on the network chosen. */}
              {networks.length > 1 ? (
                <div
                  role="group"
                  aria-label={t("networks")}
                  className="-mx-3 mt-2 flex gap-1.5 overflow-x-auto px-3 pb-1"
                  data-testid="picker-networks"
                >
                  {[null, ...networks].map((n) => (
                    <button
                      key={n ?? ""}
                      type="button"
                      aria-pressed={network === n}
                      onClick={() => setNetwork(n)}
                      className={join(
                        "inline-flex h-8 shrink-0 items-center gap-1.5 rounded-full px-3 text-sm font-medium whitespace-nowrap ring-1",
                        network === n
                          ? "bg-slate-900 text-white ring-slate-900 dark:bg-slate-100 dark:text-slate-900 dark:ring-slate-100"
                          : "ring-slate-300 hover:bg-slate-100 dark:ring-slate-600 dark:hover:bg-slate-800",
                      )}
                    >
                      {n === null ? t("allNetworks") : networkLabel(n)}
                    </button>
                  ))}
                </div>
              ) : null}
            </div>
            {/* What a search found, said once typing pauses: the list's name changing is not announced. */}
            <p role="status" className="sr-only" data-testid="picker-found">
              {found}
            </p>
            <div
              ref={list}
              // Scrolls only with something to scroll to: an empty list is no region to focus.
              className={join("px-2 pb-2", matches.length > 0 && "max-h-[min(24rem,55vh)] overflow-y-auto")}
            >
              {grouped ? (
                <>
                  <h3
                    id={`${titleId}-popular`}
                    className="px-2.5 pt-1 pb-1 text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400"
                  >
                    {t("popular")}
                  </h3>
                  <ul aria-labelledby={`${titleId}-popular`}>
                    {matches.slice(0, popularCount).map((a, i) => row(a, i))}
                  </ul>
                  <h3
                    id={`${titleId}-all`}
                    className="px-2.5 pt-3 pb-1 text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400"
                  >
                    {t("allAssets")}
                  </h3>
                  <ul aria-labelledby={`${titleId}-all`}>
                    {matches.slice(popularCount).map((a, i) => row(a, popularCount + i))}
                  </ul>
                </>
              ) : (
                <ul aria-label={t("results", { count: matches.length })}>
                  {matches.map(row)}
                  {isOpen && matches.length === 0 ? (
                    <li className="px-3 py-8 text-center text-sm text-slate-600 dark:text-slate-400">
                      {t("noResults", { query: query.trim() || networkLabel(network ?? "") })}
                    </li>
                  ) : null}
                </ul>
              )}
            </div>
          </>
        ) : null}
      </dialog>
    </>
  );
}
