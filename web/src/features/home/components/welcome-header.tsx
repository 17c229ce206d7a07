import { Settings2 } from 'lucide-react';
import { Link } from 'react-router';
import type { User } from '@dcbrief/shared';
import { paths } from '@/app/paths';
import { Button } from '@/components/ui/button';

function greetingFor(hour: number): string {
  if (hour < 12) return 'Good morning';
  if (hour < 18) return 'Good afternoon';
  return 'Good evening';
}

export function WelcomeHeader({ user, now = new Date() }: { user: Pick<User, 'firstName' | 'email'>; now?: Date }) {
  const name = user.firstName.trim();
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
      <div>
        <p className="text-sm font-medium text-blue-700">{greetingFor(now.getHours())}</p>
        <h1 className="mt-1 text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">Welcome back{name ? `, ${name}` : ''}</h1>
        <p className="mt-1 text-slate-600">Here is what the data-center world did while you slept.</p>
      </div>
      <Button asChild variant="outline">
        <Link to={paths.dashboard}>
          <Settings2 aria-hidden="true" />
          Dashboard &amp; Preferences
        </Link>
      </Button>
    </div>
  );
}
