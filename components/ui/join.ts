import { clsx, type ClassValue } from "clsx";

/**
 * Joins class names that cannot conflict (none overrides another), without tailwind-merge: the
 * checkout, the swap page and the widget load none of it (about 10 KiB gzip, and its first call builds
 * its map of every Tailwind class, a long task on a phone while the page hydrates). A module apart
 * from `cn` (components/ui/cn.ts): an import of `join` from there still loaded tailwind-merge, which
 * the bundler keeps with the module that imports it. Only where every combination is known
 * (tests/unit/class-join.test.ts checks them against `cn`).
 */
export const join = (...classes: ClassValue[]) => clsx(classes);
