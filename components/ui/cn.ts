import { clsx, type ClassValue } from "clsx";
import { twMerge } from "tailwind-merge";

/** Joins class names (skipping the falsy ones); a later Tailwind class wins over an earlier one it conflicts with. */
export const cn = (...classes: ClassValue[]) => twMerge(clsx(classes));
