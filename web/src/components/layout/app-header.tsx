import { Building2, CreditCard, House, LayoutDashboard, LogOut, Menu, Newspaper } from 'lucide-react';
import { Link, NavLink, useLocation } from 'react-router';
import { paths } from '@/app/paths';
import { HomeLogoLink } from '@/components/layout/home-logo-link';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import type { MouseEvent } from 'react';
import { apiUrl } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/auth';
import { navigateTo } from '@/lib/browser-navigation';
import { clearOfflineData } from '@/lib/offline-cache';
import { sendThenForgetPendingWrites } from '@/lib/pending-writes';
import { LOGOUT_PATH } from '@/lib/server-pages';
import { cn } from '@/lib/utils';

const navItems = [
  { to: paths.home, label: 'Home', icon: House, end: true },
  { to: paths.dashboard, label: 'Dashboard', icon: LayoutDashboard, end: true },
  // The archive and every digest in it.
  { to: paths.digests, label: 'Digests', icon: Newspaper, end: false },
  // Companies, sites and places, and each one's page.
  { to: paths.entities, label: 'Entities', icon: Building2, end: false },
  { to: paths.subscribe, label: 'Plans', icon: CreditCard, end: true },
] as const;

function isCurrent(pathname: string, item: (typeof navItems)[number]): boolean {
  return item.end ? pathname === item.to : pathname === item.to || pathname.startsWith(`${item.to}/`);
}

/**
 * Sign Out: ratings kept offline get a last try and are forgotten (docs/decisions/611), the offline copies of the
 * subscriber's briefs and episodes are deleted (docs/decisions/610), then the browser goes to the server's
 * sign-out as the link says.
 */
function signOut(event: MouseEvent<HTMLAnchorElement>) {
  event.preventDefault();
  void sendThenForgetPendingWrites()
    .catch(() => {})
    .then(() => clearOfflineData())
    .catch(() => {})
    .finally(() => navigateTo(apiUrl(LOGOUT_PATH)));
}

/**
 * Top bar of every signed-in screen. Sign Out is a browser navigation to the server (docs/SPEC.md §2). From
 * 640 px the screens are links in the bar; below, they sit in a menu with Sign Out. A visitor who is not
 * signed in (on /subscribe, before the redirect to sign in) sees only the logo.
 */
export function AppHeader() {
  const { user } = useCurrentUser();
  const { pathname } = useLocation();
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/90 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-4 sm:px-6">
        <HomeLogoLink />
        {user && (
          <nav aria-label="Main" className="flex items-center gap-1">
            <div className="hidden items-center gap-1 sm:flex">
              {navItems.map((item) => (
                <NavLink
                  key={item.to}
                  to={item.to}
                  end={item.end}
                  className={({ isActive }) =>
                    cn(
                      'inline-flex items-center rounded-md px-2 py-2 text-sm font-medium text-slate-600 touch:min-h-11 md:px-3 hover:bg-slate-100 hover:text-slate-900',
                      isActive && 'text-blue-800 bg-blue-50',
                    )
                  }
                >
                  {item.label}
                </NavLink>
              ))}
              <Button asChild variant="ghost" size="sm">
                <a href={apiUrl(LOGOUT_PATH)} onClick={signOut}>
                  <LogOut aria-hidden="true" />
                  Sign Out
                </a>
              </Button>
            </div>
            <DropdownMenu modal={false}>
              <DropdownMenuTrigger asChild>
                <Button variant="outline" className="h-11 px-3 sm:hidden">
                  <Menu aria-hidden="true" />
                  Menu
                </Button>
              </DropdownMenuTrigger>
              <DropdownMenuContent align="end" aria-label="Main menu">
                {navItems.map((item) => {
                  const current = isCurrent(pathname, item);
                  return (
                    <DropdownMenuItem
                      key={item.to}
                      asChild
                      className={cn(
                        current && 'bg-blue-50 font-semibold text-blue-800 data-[highlighted]:bg-blue-100 data-[highlighted]:text-blue-900',
                      )}
                    >
                      <Link to={item.to} aria-current={current ? 'page' : undefined}>
                        <item.icon aria-hidden="true" />
                        {item.label}
                      </Link>
                    </DropdownMenuItem>
                  );
                })}
                <DropdownMenuSeparator />
                <DropdownMenuItem asChild>
                  <a href={apiUrl(LOGOUT_PATH)} onClick={signOut}>
                    <LogOut aria-hidden="true" />
                    Sign Out
                  </a>
                </DropdownMenuItem>
              </DropdownMenuContent>
            </DropdownMenu>
          </nav>
        )}
      </div>
    </header>
  );
}
