import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { TimeZonePicker } from './time-zone-picker';
import { describeTimeZone, matchesTimeZone, timeZoneChoices } from './time-zones';

function Harness({ initial = 'Europe/Lisbon', browserZone = 'Asia/Kolkata' }: { initial?: string; browserZone?: string }) {
  const [zone, setZone] = useState(initial);
  return (
    <>
      <label htmlFor="tz">Time zone</label>
      <TimeZonePicker id="tz" value={zone} browserZone={browserZone} onChange={setZone} />
      <output>{zone}</output>
    </>
  );
}

describe('time zones as people name them', () => {
  const winter = new Date('2026-01-15T12:00:00Z');
  it('gives a city, a region and an offset from UTC', () => {
    expect(describeTimeZone('America/Argentina/Buenos_Aires', winter)).toMatchObject({
      city: 'Buenos Aires',
      region: 'America / Argentina',
      offset: 'UTC-03:00',
    });
    expect(describeTimeZone('Asia/Kolkata', winter).offset).toBe('UTC+05:30');
    expect(describeTimeZone('Europe/Lisbon', winter).offset).toBe('UTC');
    expect(describeTimeZone('Europe/Lisbon', new Date('2026-07-15T12:00:00Z')).offset).toBe('UTC+01:00');
  });

  it("lists the browser's zone first, then west to east", () => {
    const choices = timeZoneChoices('Asia/Singapore', 'Europe/Lisbon', winter);
    expect(choices[0]!.zone).toBe('Asia/Singapore');
    const offsets = choices.slice(1).map((c) => c.offsetMinutes);
    expect(offsets).toEqual([...offsets].sort((a, b) => a - b));
    expect(choices.length).toBeGreaterThan(300);
  });

  it('matches a city, an offset or a long name, accents or not', () => {
    const kolkata = describeTimeZone('Asia/Kolkata', winter);
    for (const search of ['kolkata', 'KOLK', 'utc+5:30', '+05:30', 'india standard']) expect(matchesTimeZone(kolkata, search)).toBe(true);
    expect(matchesTimeZone(kolkata, 'lisbon')).toBe(false);
    expect(matchesTimeZone(describeTimeZone('America/Sao_Paulo', winter), 'são paulo')).toBe(true);
    expect(matchesTimeZone(describeTimeZone('America/New_York', winter), 'new york')).toBe(true);
  });
});

// Opening renders all 400-odd zones; jsdom on a busy machine needs far longer than a browser.
describe('time-zone picker', { timeout: 60_000 }, () => {
  it("shows the chosen zone's city and offset, and opens with the browser's zone first", async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const trigger = screen.getByRole('combobox', { name: 'Time zone' });
    expect(trigger).toHaveTextContent(/Lisbon · Europe/);
    await user.click(trigger);
    const list = within(await screen.findByRole('listbox'));
    const options = list.getAllByRole('option');
    expect(options[0]).toHaveTextContent(/Kolkata · Asia\s*UTC\+05:30/);
    expect(screen.getByRole('combobox', { name: 'Search time zones' })).toHaveFocus();
  });

  it('filters as you type and picks with the keyboard', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('combobox', { name: 'Time zone' }));
    await user.click(await screen.findByRole('combobox', { name: 'Search time zones' }));
    await user.paste('new york');
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(options).toHaveLength(1);
    expect(options[0]).toHaveTextContent(/New York · America/);
    await user.keyboard('{Enter}');
    expect(screen.getByRole('status')).toHaveTextContent('America/New_York');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Time zone' })).toHaveTextContent(/New York · America/);
  });

  it('says so when nothing matches', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('combobox', { name: 'Time zone' }));
    await user.click(await screen.findByRole('combobox', { name: 'Search time zones' }));
    await user.paste('atlantis');
    expect(await screen.findByText(/No time zone matches/)).toBeInTheDocument();
  });
});
