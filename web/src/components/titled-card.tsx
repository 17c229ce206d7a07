import type { LucideIcon } from 'lucide-react';
import { useId, type ComponentProps, type ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

interface TitledCardProps extends Omit<ComponentProps<'section'>, 'title'> {
  icon: LucideIcon;
  title: ReactNode;
  description?: ReactNode;
  /** A fixed id for the heading, when something on the page points at it; otherwise one is made up. */
  titleId?: string;
  contentClassName?: string;
}

/** A card of the signed-in screens: an icon and a heading that names the card for screen readers, then its content. */
export function TitledCard({ icon: Icon, title, description, titleId, contentClassName, children, ...props }: TitledCardProps) {
  const generatedId = useId();
  const headingId = titleId ?? generatedId;
  return (
    <Card aria-labelledby={headingId} {...props}>
      <CardHeader>
        <CardTitle id={headingId}>
          <Icon aria-hidden="true" className="size-5 text-blue-700" />
          {title}
        </CardTitle>
        {description && <CardDescription>{description}</CardDescription>}
      </CardHeader>
      <CardContent className={contentClassName}>{children}</CardContent>
    </Card>
  );
}
