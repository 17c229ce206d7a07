import { LogOut } from 'lucide-react';
import { Link, NavLink } from 'react-router';
import { paths } from '@/app/paths';
import { BrandLogo } from '@/components/brand-logo';
import { Button } from '@/components/ui/button';
import { apiUrl } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/auth';
import { LOGOUT_PATH } from '@/lib/server-pages';
import { cn } from '@/lib/utils';

const navItems = [
  { to: paths.home, label: 'Home' },
  { to: paths.dashboard, label: 'Dashboard' },
  { to: paths.subscribe, label: 'Plans' },
] as const;

/**
 * Top bar of every signed-in screen. Sign Out is a browser navigation to the server (docs/SPEC.md §2). A
 * visitor who is not signed in (on /subscribe, before the redirect to sign in) sees only the logo.
 */
export function AppHeader() {
  const { user } = useCurrentUser();
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/90 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-4 sm:px-6">
        <Link to={paths.home} aria-label="DC Brief home" className="rounded-md focus-visible:outline-2 focus-visible:outline-blue-700">
          <BrandLogo />
        </Link>
        {user && (
          <nav aria-label="Main" className="flex items-center gap-1">
            <div className="hidden items-center gap-1 sm:flex">
              {navItems.map((item) => (
                <NavLink
                  key={item.to}
                  to={item.to}
                  end
                  className={({ isActive }) =>
                    cn(
                      'rounded-md px-3 py-2 text-sm font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900',
                      isActive && 'text-blue-800 bg-blue-50',
                    )
                  }
                >
                  {item.label}
                </NavLink>
              ))}
            </div>
            <Button asChild variant="ghost" size="sm">
              <a href={apiUrl(LOGOUT_PATH)}>
                <LogOut aria-hidden="true" />
                Sign Out
              </a>
            </Button>
          </nav>
        )}
      </div>
    </header>
  );
}
