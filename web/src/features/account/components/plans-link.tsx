import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/app/paths';
import { Button, type ButtonProps } from '@/components/ui/button';

/** The upgrade offers' way to the plans: a button-styled link to /subscribe with its arrow. */
export function PlansLink({ label, ...button }: { label: string } & Pick<ButtonProps, 'variant' | 'size' | 'className'>) {
  return (
    <Button asChild {...button}>
      <Link to={paths.subscribe}>
        {label}
        <ArrowRight aria-hidden="true" />
      </Link>
    </Button>
  );
}
