import { Link } from 'react-router';
import { paths } from '@/app/paths';
import { BrandLogo } from '@/components/brand-logo';

/** The logo as the way home, in the bars of the signed-in screens and the not-found page. */
export function HomeLogoLink() {
  return (
    <Link
      to={paths.home}
      aria-label="DC Brief home"
      className="inline-flex items-center rounded-md touch:min-h-11 focus-visible:outline-2 focus-visible:outline-blue-700"
    >
      <BrandLogo />
    </Link>
  );
}
