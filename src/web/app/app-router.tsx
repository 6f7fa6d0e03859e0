import { startTransition, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Router, UNSAFE_createBrowserHistory as createBrowserHistory, type Navigator, type To } from 'react-router';
import { holdsNavigation } from '../lib/navigation-guard';

const pathOf = (to: To, from: string): string => (typeof to === 'string' ? new URL(to, `http://app${from}`).pathname : (to.pathname ?? from));

/**
 * The browser's history as react-router's declarative `<BrowserRouter>` keeps it, plus the one
 * thing the app needs of its data router: a screen's guard may hold a navigation (Settings with
 * unsaved changes). The data router and its loaders weigh 16 KB gzip more on every route, and the
 * app has no loaders (decision 0025).
 */
export function AppRouter({ children }: { children: ReactNode }) {
  const [browser] = useState(() => createBrowserHistory({ window, v5Compat: true }));
  const [state, setState] = useState({ action: browser.action, location: browser.location });
  const current = useRef(state.location);
  useLayoutEffect(() => {
    current.current = state.location;
  }, [state.location]);

  useLayoutEffect(() => {
    // Back and forward change the URL before anyone is asked: a held one is undone by going the
    // other way, and that step (and the redo on proceeding) is the router's own, not asked again.
    let ownSteps = 0;
    return browser.listen(({ action, location, delta }) => {
      if (ownSteps > 0) {
        ownSteps -= 1;
        if (location.key === current.current.key) return;
      } else if (action === 'POP' && delta) {
        const held = holdsNavigation(
          { from: current.current.pathname, to: location.pathname },
          {
            proceed: () => {
              ownSteps += 1;
              browser.go(delta);
            },
            stay: () => {},
          },
        );
        if (held) {
          ownSteps += 1;
          browser.go(-delta);
          return;
        }
      }
      startTransition(() => setState({ action, location }));
    });
  }, [browser]);

  const navigator = useMemo<Navigator>(() => {
    const guarded =
      (go: (to: To, state?: unknown) => void) =>
      (to: To, navigationState?: unknown) => {
        const proceed = () => go(to, navigationState);
        if (!holdsNavigation({ from: current.current.pathname, to: pathOf(to, current.current.pathname) }, { proceed, stay: () => {} })) proceed();
      };
    return {
      createHref: browser.createHref,
      encodeLocation: browser.encodeLocation,
      go: browser.go,
      push: guarded(browser.push),
      replace: guarded(browser.replace),
    };
  }, [browser]);

  return (
    <Router navigator={navigator} location={state.location} navigationType={state.action}>
      {children}
    </Router>
  );
}
