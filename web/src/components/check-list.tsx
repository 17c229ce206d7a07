import { Check } from 'lucide-react';

const LAYOUTS = {
  /** Points side by side under a heading (trial, cancel anytime...). */
  inline: { item: 'flex items-center gap-1.5', icon: 'size-4 text-blue-700' },
  /** One point a line, the mark aligned with the first line of a point that wraps (a plan's features). */
  stacked: { item: 'flex gap-2', icon: 'mt-0.5 size-4 shrink-0 text-blue-700' },
};

/** Short points, each after a check mark. */
export function CheckList({ items, layout, className }: { items: readonly string[]; layout: keyof typeof LAYOUTS; className?: string }) {
  const { item, icon } = LAYOUTS[layout];
  return (
    <ul className={className}>
      {items.map((point) => (
        <li key={point} className={item}>
          <Check aria-hidden="true" className={icon} />
          {point}
        </li>
      ))}
    </ul>
  );
}
