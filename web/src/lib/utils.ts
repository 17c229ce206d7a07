import { clsx, type ClassValue } from 'clsx';
import { twMerge } from 'tailwind-merge';

/** Joins class names and lets a later Tailwind utility override an earlier one (shadcn's cn). */
export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}
