import { TriangleAlert } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/app/paths';
import { HomeLogoLink } from '@/components/layout/home-logo-link';
import { Button } from '@/components/ui/button';
import { useDocumentTitle } from '@/hooks/use-document-title';

export function NotFoundRoute() {
  useDocumentTitle('404 Page Not Found');
  return (
    <div className="flex min-h-dvh flex-col bg-slate-50">
      <header className="mx-auto w-full max-w-6xl px-4 py-5 sm:px-6">
        <HomeLogoLink />
      </header>
      <main className="flex flex-1 items-center justify-center px-4 pb-24">
        <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-xs">
          <TriangleAlert aria-hidden="true" className="mx-auto size-10 text-red-600" />
          <h1 className="mt-4 text-2xl font-semibold text-slate-900">404 Page Not Found</h1>
          <p className="mt-2 text-slate-600">Did you forget to add the page to the router?</p>
          <Button asChild className="mt-6">
            <Link to={paths.home}>Back to home</Link>
          </Button>
        </div>
      </main>
    </div>
  );
}
