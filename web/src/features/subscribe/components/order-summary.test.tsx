import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { OrderSummary, PaymentTerms } from './order-summary';

const NOW = new Date('2026-11-23T10:00:00Z');
const inDays = (days: number) => new Date(NOW.getTime() + days * 86_400_000).toISOString();

describe('before paying (decision 115)', () => {
  it("the order summary: today $0 and the plan's price from the trial's end, or the price today without one", () => {
    const { rerender } = render(<OrderSummary tier="premium" trialEnd={inDays(14)} now={NOW} />);
    expect(screen.getByText('Today: $0. From Dec 7: $79 per month. Cancel anytime.')).toBeInTheDocument();
    expect(screen.getByText('14 days of free trial left: nothing is charged before Dec 7.')).toBeInTheDocument();
    rerender(<OrderSummary tier="basic" trialEnd={null} now={NOW} />);
    expect(screen.getByText('Today: $29. Then $29 per month. Cancel anytime.')).toBeInTheDocument();
    expect(screen.queryByText(/free trial left/)).not.toBeInTheDocument();
    render(<PaymentTerms tier="premium" trialEnd={inDays(14)} />);
    expect(screen.getByText(/charge your card \$79 per month from Dec 7\s+until you cancel/)).toBeInTheDocument();
  });
});
