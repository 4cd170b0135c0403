import { clsx, type ClassValue } from "clsx";
import { twMerge } from "tailwind-merge";

/**
 * Joins class names (skipping the falsy ones); a later Tailwind class wins over an earlier one it
 * conflicts with. Its import puts tailwind-merge in the page's scripts: the checkout's, the swap
 * page's and the widget's components use `join` (components/ui/join.ts) instead.
 */
export const cn = (...classes: ClassValue[]) => twMerge(clsx(classes));
