import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast } from '@/hooks/use-toast';
import { Toaster } from './toaster';

afterEach(() => {
  vi.useRealTimers();
});

describe('toasts on screen (docs/SPEC.md §9)', () => {
  it('shows a toast for 5000 ms, swipes right, and F8 focuses the notifications region', () => {
    vi.useFakeTimers();
    render(<Toaster />);
    act(() => {
      toast({ title: 'Preferences Updated', description: 'Your email preferences have been saved.' });
    });
    const shown = () =>
      screen
        .getAllByText('Preferences Updated')
        .map((el) => el.closest('li'))
        .find(Boolean)!;
    expect(shown()).toHaveAttribute('data-swipe-direction', 'right');

    const region = screen.getByRole('region', { name: 'Notifications (F8)' });
    fireEvent.keyDown(document, { key: 'F8', code: 'F8' });
    expect(region.querySelector('ol')).toHaveFocus();

    fireEvent.blur(region.querySelector('ol')!);
    act(() => vi.advanceTimersByTime(4999));
    expect(shown()).toHaveAttribute('data-state', 'open');
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Preferences Updated')).not.toBeInTheDocument();
  });
});
