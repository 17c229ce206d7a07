import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast } from '@/hooks/use-toast';
import { Toaster } from './toaster';
import { Tooltip, TooltipContent, TooltipProvider, TooltipTrigger } from './tooltip';

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

describe('tooltips (docs/SPEC.md §9)', () => {
  it('open after 700 ms of hovering, and the next within 300 ms opens at once', () => {
    vi.useFakeTimers();
    render(
      <TooltipProvider>
        <Tooltip>
          <TooltipTrigger>Listen</TooltipTrigger>
          <TooltipContent>Audio arrives with your next digest</TooltipContent>
        </Tooltip>
        <Tooltip>
          <TooltipTrigger>Audio Library</TooltipTrigger>
          <TooltipContent>Every audio digest you received</TooltipContent>
        </Tooltip>
      </TooltipProvider>,
    );
    fireEvent.pointerMove(screen.getByRole('button', { name: 'Listen' }));
    act(() => vi.advanceTimersByTime(699));
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('tooltip')).toHaveTextContent('Audio arrives with your next digest');

    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(299));
    fireEvent.pointerMove(screen.getByRole('button', { name: 'Audio Library' }));
    act(() => vi.advanceTimersByTime(0));
    expect(screen.getByRole('tooltip')).toHaveTextContent('Every audio digest you received');
  });
});
