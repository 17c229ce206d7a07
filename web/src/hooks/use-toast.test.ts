import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { TOAST_REMOVE_DELAY_MS } from '@/lib/ui-timings';
import { toast, useToast } from './use-toast';

describe('toast store (docs/SPEC.md §9)', () => {
  it('keeps one toast at a time, the newest', () => {
    const { result } = renderHook(() => useToast());
    act(() => {
      toast({ title: 'First' });
      toast({ title: 'Second' });
    });
    expect(result.current.toasts.map((t) => t.title)).toEqual(['Second']);
  });

  it('removes a dismissed toast 1,000,000 ms later, not before', () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useToast());
    act(() => {
      toast({ title: 'Saved' }).dismiss();
    });
    expect(result.current.toasts[0]?.open).toBe(false);
    act(() => vi.advanceTimersByTime(TOAST_REMOVE_DELAY_MS - 1));
    expect(result.current.toasts).toHaveLength(1);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.toasts).toHaveLength(0);
  });
});
