import { clsx, type ClassValue } from "clsx";
import { twMerge } from "tailwind-merge";

/** Joins class names (skipping the falsy ones); a later Tailwind class wins over an earlier one it conflicts with. */
export const cn = (...classes: ClassValue[]) => twMerge(clsx(classes));

/**
 * Joins class names that cannot conflict (none overrides another), without tailwind-merge: its first
 * call builds its map of every Tailwind class, a long task on a phone while the checkout hydrates.
 * Only where every combination is known (tests/unit/class-join.test.ts checks them against `cn`).
 */
export const join = (...classes: ClassValue[]) => clsx(classes);
