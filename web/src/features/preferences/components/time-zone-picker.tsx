import { Check, ChevronsUpDown } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Command, CommandEmpty, CommandGroup, CommandInput, CommandItem, CommandList } from '@/components/ui/command';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { cn } from '@/lib/utils';
import { describeTimeZone, matchesTimeZone, timeZoneChoices, type TimeZoneChoice } from './time-zones';

function ZoneLabel({ choice }: { choice: TimeZoneChoice }) {
  return (
    <span className="flex min-w-0 flex-1 items-baseline justify-between gap-3">
      <span className="min-w-0 truncate">
        <span className="font-medium text-slate-900">{choice.city}</span>
        {choice.region && <span className="text-slate-600"> · {choice.region}</span>}
      </span>
      <span className="shrink-0 text-xs text-slate-600 tabular-nums">{choice.offset}</span>
    </span>
  );
}

/**
 * A searchable time-zone picker: city and UTC offset, the browser's own zone first, 44 px rows. Search
 * matches city, region, offset or the zone's long name.
 */
export function TimeZonePicker({
  id,
  value,
  browserZone,
  onChange,
}: {
  id: string;
  value: string;
  browserZone: string;
  onChange: (zone: string) => void;
}) {
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const selected = useMemo(() => describeTimeZone(value), [value]);
  // 400-odd zones described through Intl: only once the list is opened.
  const choices = useMemo(() => (open ? timeZoneChoices(browserZone, value) : []), [open, browserZone, value]);
  // Filtered here, not by cmdk: cmdk then only highlights the first row shown, which also works under
  // preact/compat (its own filtering re-highlighted a row that was about to be hidden, so Enter did nothing).
  const shown = useMemo(() => (search.trim() ? choices.filter((choice) => matchesTimeZone(choice, search)) : choices), [choices, search]);
  const browser = shown[0]?.zone === browserZone ? shown[0] : undefined;
  const others = browser ? shown.slice(1) : shown;

  const pick = (zone: string) => {
    onChange(zone);
    setOpen(false);
  };
  const openChange = (next: boolean) => {
    setOpen(next);
    setSearch('');
  };
  const item = (choice: TimeZoneChoice) => (
    <CommandItem key={choice.zone} value={choice.zone} onSelect={pick}>
      <Check aria-hidden="true" className={cn('size-4 shrink-0 text-blue-700', choice.zone !== value && 'invisible')} />
      <ZoneLabel choice={choice} />
    </CommandItem>
  );

  return (
    <Popover open={open} onOpenChange={openChange}>
      <PopoverTrigger asChild>
        <button
          id={id}
          type="button"
          role="combobox"
          aria-expanded={open}
          aria-haspopup="listbox"
          className="flex min-h-11 w-full items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 py-2 text-left text-base shadow-xs hover:border-slate-400 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700 sm:text-sm"
        >
          <ZoneLabel choice={selected} />
          <ChevronsUpDown aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
        </button>
      </PopoverTrigger>
      <PopoverContent aria-label="Time zones" className="w-[min(26rem,calc(100vw-2rem))] p-0">
        <Command label="Search time zones" shouldFilter={false}>
          <CommandInput placeholder="City, region or UTC offset" value={search} onValueChange={setSearch} />
          <CommandList>
            <CommandEmpty>No time zone matches. Try a city near you or an offset such as UTC+2.</CommandEmpty>
            {browser && <CommandGroup heading="This browser">{item(browser)}</CommandGroup>}
            {others.length > 0 && (
              <CommandGroup heading={search.trim() ? 'Matching time zones' : 'All time zones'}>{others.map(item)}</CommandGroup>
            )}
          </CommandList>
        </Command>
      </PopoverContent>
    </Popover>
  );
}
