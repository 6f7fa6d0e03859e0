import { lazy, type ComponentType } from 'react';
import { Navigate, useLocation, type RouteObject } from 'react-router';
import type { RouteHandle } from './route-table';
import { Shell } from './shell';
import { NotFoundPage } from './not-found-page';
import { RouteError } from './route-error';
import { shellPainted } from './first-paint';

/**
 * Screens are React.lazy components rather than router `lazy` routes: the router then starts at
 * once and the shell paints while a screen's chunk loads (it waits inside the shell's Suspense),
 * instead of a blank page until the chunk arrives.
 */
const page = <M,>(load: () => Promise<M>, pick: (module: M) => ComponentType) =>
  lazy(async () => {
    await shellPainted;
    return { default: pick(await load()) };
  });

/** /shonagon → /shonagon/single, keeping the query (sidebar, query_string, hideColumns). */
function ShonagonRedirect() {
  const { search, hash } = useLocation();
  return <Navigate to={{ pathname: '/shonagon/single', search, hash }} replace />;
}

const drivePage = page(() => import('../features/drive/drive-page'), (m) => m.DrivePage);

const route = (path: string, handle: RouteHandle, Component: ComponentType): RouteObject => ({ path, handle, Component });

export const routes: RouteObject[] = [
  {
    element: <Shell />,
    errorElement: <RouteError />,
    children: [
      route('/', { title: 'Home' }, page(() => import('../features/home/home-page'), (m) => m.HomePage)),
      route('/av-search', { heading: 'Video search', description: 'Search videos from local, remote or cloud-drive sources.' }, page(() => import('../features/av-search/av-search-page'), (m) => m.AvSearchPage)),
      { path: '/shonagon', element: <ShonagonRedirect /> },
      route('/shonagon/:mode', { title: 'Shonagon', heading: 'Shonagon', description: 'Example-sentence search over a Japanese corpus.' }, page(() => import('../features/shonagon/shonagon-page'), (m) => m.ShonagonPage)),
      route('/notion/:mode', { title: 'My Notion', heading: 'My Notion', description: 'Vocabulary notes kept in your Notion databases.' }, page(() => import('../features/notion/notion-page'), (m) => m.NotionPage)),
      // Only the two drive pages: any other /yunpan path is not found (and its sidebar link not active).
      ...['/yunpan/view', '/yunpan/search'].map((path) =>
        route(path, { title: 'My Cloud Drive', heading: 'My Cloud Drive', description: 'Your Baidu cloud drive files.' }, drivePage),
      ),
      route('/upload', { heading: 'Upload', description: "Upload files to the server's upload area." }, page(() => import('../features/upload/upload-page'), (m) => m.UploadPage)),
      route('/chat', { title: 'AIChat' }, page(() => import('./pages/chat-route'), (m) => m.ChatRoute)),
      route('/translate', { title: 'Translation', heading: 'Translation', description: 'Every enabled engine translates at once; drag a card by its handle to reorder.' }, page(() => import('./pages/translate-route'), (m) => m.TranslateRoute)),
      route('/settings', { title: 'Settings', heading: 'Settings', description: 'Everything here stays in this browser. Changes apply when you save them.' }, page(() => import('./pages/settings-route'), (m) => m.SettingsRoute)),
      route('/about', { title: 'AboutMe', heading: 'About Kotonoha', description: '言の葉 — “leaves of words”, an old name for poetry and for language itself.' }, page(() => import('../features/about/about-page'), (m) => m.AboutPage)),
      route('/test', { title: 'Test', heading: 'Test', description: 'Try the shared pieces of the app: modal, toasts, text selection and the slide-in effect.' }, page(() => import('../features/test-page/test-page'), (m) => m.TestPage)),
      { path: '*', handle: { name: 'Not found' } satisfies RouteHandle, element: <NotFoundPage /> },
    ],
  },
];
