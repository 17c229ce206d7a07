/** "Reported by 4 outlets" / "Reported by 1 outlet". */
export function corroborationLabel(count: number): string {
  return `Reported by ${count} ${count === 1 ? 'outlet' : 'outlets'}`;
}

const languageNames = typeof Intl.DisplayNames === 'function' ? new Intl.DisplayNames(['en'], { type: 'language' }) : null;

/** "de" -> "German"; unknown codes stay as they are. */
export function languageName(code: string): string {
  try {
    return languageNames?.of(code) ?? code;
  } catch {
    return code;
  }
}
