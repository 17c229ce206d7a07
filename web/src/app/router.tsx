import { createBrowserRouter } from 'react-router';
import { paths } from './paths';
import { NotFoundRoute, RootRoute } from './routes/shell';

export const router = createBrowserRouter([
  { path: paths.home, element: <RootRoute /> },
  { path: '*', element: <NotFoundRoute /> },
]);
