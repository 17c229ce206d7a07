import { LockKeyhole } from 'lucide-react';
import { SignInForm } from './sign-in-form';

/**
 * What a page for subscribers shows to someone signed out (a digest opened from an email, say): sign in
 * here, and the emailed link comes back to this very page (`next`).
 */
export function SignInCard({ title, description, next }: { title: string; description: string; next: string }) {
  return (
    <section
      aria-labelledby="sign-in-card-title"
      className="mx-auto max-w-md rounded-2xl border border-slate-200 bg-white p-6 shadow-xs sm:p-8"
    >
      <LockKeyhole aria-hidden="true" className="size-8 text-blue-700" />
      <h1 id="sign-in-card-title" className="mt-3 text-xl font-semibold text-slate-900">
        {title}
      </h1>
      <p className="mt-1.5 text-slate-600">{description}</p>
      <p className="mt-5 text-sm font-medium text-slate-900">Already a subscriber? Sign in</p>
      <div className="mt-2">
        <SignInForm next={next} />
      </div>
    </section>
  );
}
