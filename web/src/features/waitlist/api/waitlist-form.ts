/** The four fields of the waitlist form, as typed (docs/SPEC.md §3: all strings). */
export interface WaitlistFormValues {
  email: string;
  firstName: string;
  lastName: string;
  phoneNumber: string;
}

export const EMPTY_WAITLIST_FORM: WaitlistFormValues = { email: '', firstName: '', lastName: '', phoneNumber: '' };

export function hasAnyValue(values: WaitlistFormValues): boolean {
  return Object.values(values).some((value) => value.trim() !== '');
}

export function hasEveryValue(values: WaitlistFormValues): boolean {
  return Object.values(values).every((value) => value.trim() !== '');
}
