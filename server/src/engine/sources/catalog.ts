import { readFileSync } from 'node:fs';
import { INTERESTS } from '@dcbrief/shared';
import { z } from 'zod';

/** Field limits are the columns' (engine_sources): an entry that validates can always be stored. */
export const catalogEntrySchema = z.strictObject({
  id: z.string().regex(/^[a-z0-9][a-z0-9-]{1,79}$/, 'id: lower-case letters, digits and dashes'),
  name: z.string().min(2).max(200),
  siteUrl: z.url({ protocol: /^https?$/ }).max(1000),
  feedUrl: z.url({ protocol: /^https?$/ }).max(1000),
  kind: z.enum(['news', 'podcast']),
  language: z
    .string()
    .max(16)
    .regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, 'language: a BCP 47 tag such as "en", "pt-BR", "zh-Hans"'),
  country: z.string().regex(/^([A-Z]{2}|INT|EU)$/, 'country: ISO 3166 alpha-2, or INT / EU'),
  categories: z.array(z.enum(INTERESTS)).min(1),
  weight: z.number().min(0.1).max(3),
});
export type CatalogEntry = z.infer<typeof catalogEntrySchema>;

export const catalogSchema = z.array(catalogEntrySchema).superRefine((entries, ctx) => {
  const seen = { id: new Set<string>(), feedUrl: new Set<string>() };
  entries.forEach((e, i) => {
    for (const key of ['id', 'feedUrl'] as const) {
      if (seen[key].has(e[key])) ctx.addIssue({ code: 'custom', path: [i, key], message: `duplicate ${key} ${e[key]}` });
      seen[key].add(e[key]);
    }
  });
});

export class CatalogError extends Error {}

export const SHIPPED_CATALOG = new URL('./catalog.json', import.meta.url);

/** Reads and validates a catalog file in the shipped format (the shipped one by default). */
export function loadCatalog(file: string | URL = SHIPPED_CATALOG): CatalogEntry[] {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new CatalogError(`cannot read catalog ${String(file)}: ${(err as Error).message}`);
  }
  const parsed = catalogSchema.safeParse(raw);
  if (!parsed.success) {
    const lines = parsed.error.issues.slice(0, 10).map((i) => `  [${i.path.join('.')}] ${i.message}`);
    throw new CatalogError(`invalid catalog ${String(file)}:\n${lines.join('\n')}`);
  }
  return parsed.data;
}
