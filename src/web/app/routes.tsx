import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, useMemo, type ComponentType } from 'react';
import { matchRoutes, Navigate, useLocation, useRoutes, type RouteObject } from 'react-router';
import { RouteHeadingContext } from '../components/page-frame/page-header';
import { RouteHandleContext, screenHandle, type RouteHandle } from './route-table';
import { Shell } from './shell';
import { NotFoundPage } from './not-found-page';
import { shellPainted } from './first-paint';
import { loadCatalogue, type Catalogue } from '../lib/i18n/i18n';
import { catalogue as aboutWords } from '../features/about/i18n';
import { catalogue as avSearchWords } from '../features/av-search/i18n';
import { catalogue as chatWords } from '../features/chat/i18n';
import { catalogue as homeWords } from '../features/home/i18n';
import { catalogue as notionWords } from '../features/notion/i18n';
import { catalogue as settingsWords } from '../features/settings/i18n';
import { catalogue as shareWords } from '../features/share/i18n';
import { catalogue as shonagonWords } from '../features/shonagon/i18n';
import { catalogue as speechWords } from '../features/speech/i18n';
import { catalogue as dictionariesWords } from '../features/dictionary/manage/i18n';
import { catalogue as testPageWords } from '../features/test-page/i18n';
import { catalogue as translateWords } from '../features/translate/i18n';
import { catalogue as uploadWords } from '../features/upload/i18n';
import { catalogue as xpanWords } from '../features/xpan/i18n';

/** Screens are React.lazy components: the shell paints while a screen's chunk loads (it waits inside the shell's Suspense). */
const page = <M,>(load: () => Promise<M>, pick: (module: M) => ComponentType, catalogues: Catalogue[], { serverData = true } = {}) =>
  lazy(async () => {
    await shellPainted;
    // The screen's words (in the active language only) and, for screens that read server data,
    // the query client come in parallel with the screen's code.
    const [module, queries] = await Promise.all([load(), serverData ? import('../lib/query-client') : undefined, ...catalogues.map((catalogue) => loadCatalogue(catalogue))]);
    const Screen = pick(module);
    if (!queries) return { default: Screen };
    return {
      default: function WithServerData() {
        return (
          <QueryClientProvider client={queries.queryClient}>
            <Screen />
          </QueryClientProvider>
        );
      },
    };
  });

/** /shonagon → /shonagon/single, keeping the query (sidebar, query_string, hideColumns). */
function ShonagonRedirect() {
  const { search, hash } = useLocation();
  return <Navigate to={{ pathname: '/shonagon/single', search, hash }} replace />;
}

const route = (path: string, handle: RouteHandle, Component: ComponentType): RouteObject => ({ path, handle, Component });

const routes: RouteObject[] = [
  {
    element: <Shell />,
    children: [
      route('/', screenHandle('home', ['title']), page(() => import('../features/home/home-page'), (m) => m.HomePage, [homeWords], { serverData: false })),
      route('/av-search', screenHandle('av-search', ['heading', 'description'], { needsServer: true }), page(() => import('../features/av-search/av-search-page'), (m) => m.AvSearchPage, [avSearchWords], { serverData: false })),
      { path: '/shonagon', element: <ShonagonRedirect /> },
      route('/shonagon/:mode', screenHandle('shonagon', ['title', 'heading', 'description'], { needsServer: true }), page(() => import('../features/shonagon/shonagon-page'), (m) => m.ShonagonPage, [shonagonWords])),
      route('/notion/:mode', screenHandle('notion', ['title', 'heading', 'description'], { needsServer: true }), page(() => import('../features/notion/notion-page'), (m) => m.NotionPage, [notionWords])),
      // Every /yunpan page is the drive's screen: one it does not have says so there.
      route('/yunpan/:page', screenHandle('xpan', ['title', 'heading', 'description'], { needsServer: true }), page(() => import('../features/xpan/xpan-page'), (m) => m.XpanPage, [xpanWords])),
      route('/upload', screenHandle('upload', ['heading', 'description'], { needsServer: true }), page(() => import('../features/upload/upload-page'), (m) => m.UploadPage, [uploadWords])),
      route('/chat', screenHandle('chat', ['title']), page(() => import('./pages/chat-route'), (m) => m.ChatRoute, [chatWords, speechWords], { serverData: false })),
      route('/translate', screenHandle('translate', ['title', 'heading', 'description']), page(() => import('./pages/translate-route'), (m) => m.TranslateRoute, [translateWords, speechWords], { serverData: false })),
      route('/settings', screenHandle('settings', ['title', 'heading', 'description']), page(() => import('./pages/settings-route'), (m) => m.SettingsRoute, [settingsWords, speechWords, dictionariesWords], { serverData: false })),
      route('/about', screenHandle('about', ['title', 'heading', 'description']), page(() => import('../features/about/about-page'), (m) => m.AboutPage, [aboutWords], { serverData: false })),
      // The manifest's share target (GET /share?title=&text=&url=): on to the dictionary or Translate.
      route('/share', screenHandle('share', []), page(() => import('../features/share/share-page'), (m) => m.SharePage, [shareWords], { serverData: false })),
      route('/test', screenHandle('test', ['title', 'heading', 'description']), page(() => import('../features/test-page/test-page'), (m) => m.TestPage, [testPageWords], { serverData: false })),
      { path: '*', handle: screenHandle('not-found', ['title']), element: <NotFoundPage /> },
    ],
  },
];

/** The screen for the current URL, inside the shell, with its route's handle (title, heading, needsServer) for both. */
export function AppRoutes() {
  const location = useLocation();
  const screen = useRoutes(routes, location);
  const handle = useMemo(() => matchRoutes(routes, location)?.findLast((match) => match.route.handle)?.route.handle as RouteHandle | undefined, [location]);
  return (
    <RouteHandleContext value={handle}>
      <RouteHeadingContext value={handle}>{screen}</RouteHeadingContext>
    </RouteHandleContext>
  );
}
