import { Link } from 'react-router';
import { LOGIN_PATH, LOGOUT_PATH, PRODUCT_NAME } from '@dcbrief/shared';
import { paths } from '../paths';
import { useAuth } from '@/features/auth-user';

export function RootRoute() {
  const { user, isLoading } = useAuth();
  if (isLoading || !user) {
    return (
      <main className="mx-auto max-w-3xl px-6 py-16">
        <h1 className="text-3xl font-bold text-slate-900">{PRODUCT_NAME}</h1>
        <p className="mt-3 text-slate-600">Fact-only data-center intelligence from 250+ global sources, delivered at 6:00 AM.</p>
        <a className="mt-6 inline-block rounded-lg bg-blue-700 px-4 py-2 font-semibold text-white" href={LOGIN_PATH}>Sign In</a>
      </main>
    );
  }
  return (
    <main className="mx-auto max-w-3xl px-6 py-16">
      <h1 className="text-3xl font-bold text-slate-900">Welcome back{user.firstName ? `, ${user.firstName}` : ''}</h1>
      <p className="mt-3 text-slate-600">Signed in as {user.email}</p>
      <nav className="mt-6 flex gap-4 text-blue-700">
        <Link to={paths.dashboard}>Dashboard</Link>
        <Link to={paths.subscribe}>Subscribe</Link>
        <a href={LOGOUT_PATH}>Sign Out</a>
      </nav>
    </main>
  );
}

export function NotFoundRoute() {
  return (
    <main className="mx-auto max-w-3xl px-6 py-16">
      <h1 className="text-2xl font-bold text-slate-900">404 Page Not Found</h1>
      <p className="mt-3 text-slate-600">Did you forget to add the page to the router?</p>
    </main>
  );
}
